import { eq, sql } from "drizzle-orm";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { inquiries, submissions, tasks } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { inboxPage, parseInboxFilters } from "~/modules/inquiries/inbox.server.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import { listSubmissionCards } from "~/modules/submissions/review.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import Inquiries from "./inquiries.tsx";
import Submissions from "./submissions.tsx";

const db = useTestDatabase();
const RLO = "\u202E";

/** The page as the server renders it, from what the loader would return (React Router gives it as the page's `loaderData`). */
function render<Props>(path: string, Component: ComponentType<Props>, loaderData: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path, Component }]);
  return renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData } }} />);
}

describe("people's text in the back office is isolated (<bdi>)", () => {
  it("the inbox: name, property title, message, reply history and the last action's author", async () => {
    const staff = await createStaffUser(db(), { name: "سارة", username: "sara.bdi", phone: "0551119001", role: "staff" });
    const inquiry = await createInquiry(db(), { name: "محمد", phone: "+966551234567", email: "", message: "هل الشقة متاحة؟", propertyId: undefined, propertyTitle: "شقة العليا" });
    // Rows written before names were cleaned (or by any other path) still carry their controls.
    await db()
      .update(inquiries)
      .set({ name: `${RLO}محمد 123`, replyHistory: [{ timestamp: new Date().toISOString(), method: "whatsapp", message: `${RLO}نعم`, sentBy: `${RLO}سارة` }] })
      .where(eq(inquiries.id, inquiry.id));
    await recordAudit(db(), staff, "inquiry", inquiry.id, "reply-whatsapp", {});
    await db()
      .insert(tasks)
      .values({ title: `${RLO}عربون 5`, relatedInquiryId: inquiry.id });
    const filters = parseInboxFilters(new URLSearchParams());
    const html = render("/admin/inquiries", Inquiries, { filters, ...(await inboxPage(db(), staff, filters)) });
    expect(html).toContain(`<bdi>${RLO}محمد 123</bdi>`);
    expect(html).toContain("<bdi>شقة العليا</bdi>");
    expect(html).toContain("<bdi>هل الشقة متاحة؟</bdi>");
    expect(html).toContain(`<bdi>${RLO}نعم</bdi>`);
    expect(html).toContain(`<bdi>${RLO}سارة</bdi>`);
    expect(html).toContain("بواسطة <bdi>سارة</bdi>");
    expect(html).toMatch(new RegExp(`<bdi[^>]*>${RLO}عربون 5</bdi>`));
  });

  it("owners' requests: name, typed facts and description", async () => {
    await db().execute(sql`insert into submissions (client_name, client_phone, property_type, city, neighbourhood, area, description)
      values (${`${RLO}عبدالله`}, '+966551234567', 'فيلا', 'الرياض', ${`حي ${RLO}جديد`}, 450, ${`وصف ${RLO}مقلوب`})`);
    const html = render("/admin/submissions", Submissions, { submissions: await listSubmissionCards(db()) });
    expect(await db().select().from(submissions)).toHaveLength(1);
    expect(html).toContain(`<bdi>${RLO}عبدالله</bdi>`);
    expect(html).toContain(`<bdi class="font-bold">حي ${RLO}جديد</bdi>`);
    expect(html).toContain(`<bdi>وصف ${RLO}مقلوب</bdi>`);
  });
});
