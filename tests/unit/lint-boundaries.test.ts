// The import boundaries of eslint.config.js, checked on small made-up files: a resolver that stops
// resolving `~/…` would silently let every import through (no-restricted-paths skips what it
// cannot resolve), so each zone is shown to refuse one import and to let a right one pass.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const BOUNDARY_RULES = new Set(["import-x/no-restricted-paths", "@typescript-eslint/no-restricted-imports", "no-restricted-imports", "no-restricted-syntax"]);

const eslint = new ESLint({
  cwd: root,
  // The made-up files are not on disk, so no type information: only the boundary rules run.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

// Any file of the demo generator will do: the rule looks at where an import leads, not at its name.
const demoFile = fs.readdirSync(path.join(root, "demo")).find((name) => name.endsWith(".ts") && !name.includes(".test."));

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  // ESLint reads only the code that ships (eslint.config.js): a test file is outside it, so no boundary holds it.
  const outside = (result?.messages ?? []).filter((m) => m.ruleId === null && m.message.startsWith("File ignored"));
  return (result?.messages ?? []).filter((m) => !outside.includes(m)).map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}

const refused: [string, string, string][] = [
  ["utils import a module", "app/utils/example.ts", `import { SITE_CONTENT_DEFAULTS } from "~/modules/content/defaults.ts";`],
  ["server-only utils import a module", "app/utils/example.server.ts", `import { listLicences } from "~/modules/firm-licences/licences.server.ts";`],
  ["shared utils import a *.server module", "app/utils/example.ts", `import { log } from "~/utils/log.server.ts";`],
  ["a component imports a route", "app/components/ui/example.tsx", `import { loader } from "~/routes/site/home.tsx";`],
  ["a component imports a module", "app/components/ui/example.tsx", `import { SITE_CONTENT_DEFAULTS } from "~/modules/content/defaults.ts";`],
  ["a component imports a *.server module", "app/components/ui/example.tsx", `import { log } from "~/utils/log.server.ts";`],
  ["a module component imports *.server types", "app/modules/offers/components/example.tsx", `import type { Db } from "~/db/client.server.ts";`],
  ["a shared module file imports a *.server module", "app/modules/offers/example.ts", `import { listOffers } from "./offers.server.ts";`],
  ["a module imports a route", "app/modules/offers/example.server.ts", `import { loader } from "~/routes/site/home.tsx";`],
  ["the database layer imports a module's code", "app/db/example.ts", `import { DEFAULT_CITIES } from "~/modules/lookups/defaults.ts";`],
  ["the database layer imports a module's type", "app/db/example.ts", `import type { OfferDetails } from "~/modules/offers/details.ts";`],
  ["a core module imports a domain module", "app/modules/auth/example.server.ts", `import { listOffers } from "~/modules/offers/offers.server.ts";`],
  ["a core module imports a domain module's public entry", "app/modules/settings/example.ts", `import { OfferCard } from "~/modules/offers/index.ts";`],
  ["a domain module imports an office view", "app/modules/alerts/example.server.ts", `import { buildReports } from "~/modules/reports/reports.server.ts";`],
  ["a domain module reaches into another domain module", "app/modules/offer-admin/example.server.ts", `import { listOffers } from "~/modules/offers/offers.server.ts";`],
  [
    "a domain component reaches into another's component",
    "app/modules/visitor-list-pages/components/example.tsx",
    `import { OfferCard } from "../../offers/components/offer-card.tsx";`,
  ],
  ["a core module reaches into another core module", "app/modules/auth/example.server.ts", `import { createStaffUser } from "~/modules/users/users.server.ts";`],
  ["app imports a script", "app/modules/offers/example.server.ts", `import { findChromium } from "../../../scripts/chromium.ts";`],
  ["app imports the demo generator", "app/modules/offers/example.server.ts", `const demo = await import("../../../demo/${demoFile}");`],
  ["server code other than server/app.ts loads demo/", "server/housekeeping.ts", `const demo = await import("../demo/${demoFile}");`],
  ["server/app.ts imports demo/ statically", "server/app.ts", `import { seedDemoData } from "../demo/${demoFile}";`],
  ["demo/ imports the server", "demo/example.ts", `import { createApp } from "../server/app.ts";`],
  ["a route module exports a hook", "app/routes/admin/example.tsx", `export function useThing() { return 1; }`],
  ["a route module exports a constant", "app/routes/site/example.tsx", `export const PAGE_SIZE = 3;`],
];

const allowed: [string, string, string][] = [
  ["a route imports a *.server module for its loader", "app/routes/site/example.tsx", `import { listOffers } from "~/modules/offers/offers.server.ts";`],
  ["a *.server module imports another", "app/modules/offers/example.server.ts", `import { log } from "~/utils/log.server.ts";`],
  ["a module component imports a lower tier's shared code", "app/modules/offers/components/example.tsx", `import { DEFAULT_CITIES } from "~/modules/lookups/defaults.ts";`],
  ["a domain module imports another through its public entry", "app/modules/offer-admin/example.server.ts", `import { listOffers } from "~/modules/offers/index.server.ts";`],
  ["a core module imports another through its public entry", "app/modules/auth/example.server.ts", `import { createStaffUser } from "~/modules/users/index.server.ts";`],
  ["an office view reaches into a domain module", "app/modules/reports/example.server.ts", `import { listOffers } from "~/modules/offers/offers.server.ts";`],
  [
    "a module imports utils and components",
    "app/modules/offers/components/example.tsx",
    `import { formatPriceArabic } from "~/utils/format.ts";\nimport { Picture } from "~/components/ui/picture.tsx";`,
  ],
  ["the schema reads its column types beside it", "app/db/example.ts", `import type { OfferDetails } from "./column-types.ts";`],
  ["server-only utils import the database", "app/utils/example.server.ts", `import { appSecrets } from "~/db/schema.ts";`],
  ["server/app.ts loads demo/ on demand", "server/app.ts", `const demo = await import("../demo/${demoFile}");`],
  ["demo/ builds on app/", "demo/example.ts", `import { listOffers } from "../app/modules/offers/offers.server.ts";`],
  [
    "a test reaches across layers",
    "app/utils/example.test.ts",
    `import { listOffers } from "~/modules/offers/offers.server.ts";\nimport { useTestDatabase } from "../../tests/setup/test-db.ts";`,
  ],
  [
    "a route module exports the route API",
    "app/routes/site/example.tsx",
    `export async function loader() { return null; }\nexport const meta = () => [];\nexport default function Page() { return null; }`,
  ],
];

describe("import boundaries (eslint.config.js)", () => {
  it.each(refused)("refuses: %s", async (_name, file, code) => {
    const found = await problems(file, code);
    expect(found.filter((problem) => !problem.startsWith("parse:"))).not.toEqual([]);
  });

  it.each(allowed)("allows: %s", async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
