import { writeFileSync } from "node:fs";
import { it } from "vitest";
import { renderStatementPdf } from "~/modules/owner-statements/statement-pdf.server.ts";
import { computeStatement } from "~/modules/owner-statements/statement-math.ts";
it("renders", async () => {
  const totals = computeStatement({ month: "2026-03-01", properties: [{ id: 1, name: "عمارة النرجس", commission: { kind: "percent", basisPoints: 750 }, units: [{ id: 1, label: "شقة ٣" }, { id: 2, label: "شقة 12" }] }], collected: [{ unitId: 1, amountHalalas: 625050 }], charges: [{ propertyId: 1, unitId: 2, amountHalalas: 45000 }, { propertyId: 1, unitId: null, amountHalalas: 12000 }] });
  const pdf = await renderStatementPdf({ owner: { name: "عبدالله بن محمد الشهري", iban: "SA0380000000608010167519" }, month: "2026-03-01", totals, generatedOn: "2026-04-05" });
  writeFileSync("/tmp/statements-data/try.pdf", pdf);
});
