// `npm run lint`: React Router's route types first (ESLint's type-aware rules and knip read them),
// then ESLint, Prettier and knip side by side. Each is single-threaded, and ESLint (type-aware
// rules, about 80 s of CPU cold) alone sets the time, so the other two ride on the second core.
import { printTimes, runStep } from "./steps.ts";

const typegen = await runStep("react-router typegen", "npx", ["react-router", "typegen"]);
if (!typegen.ok) process.exit(1);

const results = await Promise.all([
  runStep("eslint", "npx", ["eslint", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."], { held: true }),
  runStep("prettier", "npx", ["prettier", "--check", "--cache", "."], { held: true }),
  runStep("knip", "npx", ["knip"], { held: true }),
]);
printTimes([typegen, ...results]);
process.exit(results.every((result) => result.ok) ? 0 : 1);
