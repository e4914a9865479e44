// `npm run lint`: React Router's route types first (oxlint's type-aware rules and knip read them),
// then ESLint, oxlint, Prettier and knip side by side (decision 013). ESLint reads the code that ships
// for what only it can check (the import boundaries, React's hooks and compiler rules, the route
// modules' exports); oxlint runs the recommended rules and typescript-eslint's type-aware ones on
// every file, with TypeScript 7's checker in two threads; Prettier parses with oxc.
import { printTimes, runStep } from "./steps.ts";

const typegen = await runStep("react-router typegen", "npx", ["react-router", "typegen"]);
if (!typegen.ok) process.exit(1);

const results = await Promise.all([
  runStep("eslint", "npx", ["eslint", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."], { held: true }),
  runStep("oxlint", "npm", ["run", "--silent", "lint:oxlint"], { held: true }),
  runStep("prettier", "npx", ["prettier", "--check", "--cache", "."], { held: true }),
  runStep("knip", "npx", ["knip"], { held: true }),
]);
printTimes([typegen, ...results]);
process.exit(results.every((result) => result.ok) ? 0 : 1);
