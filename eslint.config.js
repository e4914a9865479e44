// ESLint: what oxlint cannot do — the import boundaries of docs/project-structure.md and the module
// tiers, React's hooks and compiler rules, the route modules' exports — on the code that ships
// (app/, server/, demo/ without their tests). JavaScript's and typescript-eslint's recommended rules,
// with the type-aware ones, run in oxlint (.oxlintrc.json) on every file: docs/decisions/013-lint-and-boundaries.md.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import fs from "node:fs";
import tseslint from "typescript-eslint";

const TESTS = ["**/*.test.{ts,tsx}", "**/*.spec.{ts,tsx}"];
const SHIPPED = ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts", "demo/**/*.ts"];

/** The layers under app/, top to bottom: routes → modules → components, db, utils. */
const layerZones = [
  {
    target: ["./app/modules", "./app/components", "./app/db", "./app/utils", "./app/framework"],
    from: "./app/routes",
    message: "Only React Router's route table loads a route; move what is shared into a module.",
  },
  {
    target: ["./app/components", "./app/utils", "./app/framework"],
    from: "./app/modules",
    message: "Shared components and utils sit below the modules: move the piece they need down, or the component into the module.",
  },
  {
    target: ["./app/db", "./app/utils"],
    from: "./app/components",
    message: "The database and utils layers have no UI.",
  },
  {
    target: "./app",
    from: ["./server", "./server.ts", "./scripts", "./tests", "./demo"],
    message: "app/ is what the server entry and the scripts run, never the other way round (demo data is loaded by server/app.ts).",
  },
  {
    target: ["./server/!(app).ts", "./server.ts"],
    from: "./demo",
    message: "Only server/app.ts loads demo/, and only through a dynamic import() when demo mode seeds an empty database.",
  },
  {
    target: "./demo",
    from: ["./server", "./server.ts", "./scripts", "./tests"],
    message: "demo/ builds on app/ only.",
  },
];

/**
 * The modules in tiers (app/modules/tiers.json, decision 044): core, domains, office views. A module
 * imports a lower tier's modules freely, its own tier's only through their public entry (index.ts,
 * index.server.ts), a higher tier's never.
 */
const { tiers } = JSON.parse(fs.readFileSync(new URL("./app/modules/tiers.json", import.meta.url), "utf8"));
const moduleDir = (name) => `./app/modules/${name}`;
const tierZones = tiers.flatMap((tier, level) => {
  const higher = tiers.slice(level + 1).flatMap((t) => t.modules);
  return tier.modules.flatMap((target) => [
    ...(higher.length
      ? [
          {
            target: moduleDir(target),
            from: higher.map(moduleDir),
            message: `${target} is in the ${tier.name} tier: it may not import a module of a higher tier (app/modules/tiers.json).`,
          },
        ]
      : []),
    ...tier.modules
      .filter((other) => other !== target)
      .map((other) => ({
        target: moduleDir(target),
        from: moduleDir(other),
        except: ["./index.ts", "./index.server.ts"],
        message: `${other} is in ${target}'s tier (${tier.name}): import it through its public entry, ~/modules/${other}/index.ts or index.server.ts.`,
      })),
  ]);
});

/** Files the browser bundle can include: they never import a *.server module, not even its types. */
const serverOnlyZone = {
  target: ["./app/components/**", "./app/framework/**/!(*.server).{ts,tsx}", "./app/modules/**/!(*.server).{ts,tsx}", "./app/utils/**/!(*.server).{ts,tsx}"],
  from: ["**/*.server.{ts,tsx}"],
  message: "Browser code must not import a *.server module: move the shared type or value into a plain module beside it.",
};

/** What React Router reads from a route module (and, for root.tsx, Layout). */
const ROUTE_EXPORTS = [
  "loader",
  "action",
  "clientLoader",
  "clientAction",
  "middleware",
  "clientMiddleware",
  "meta",
  "links",
  "headers",
  "handle",
  "shouldRevalidate",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
];
const routeName = `/^(${ROUTE_EXPORTS.join("|")})$/`;
const routeExportSelectors = [
  `ExportNamedDeclaration > FunctionDeclaration[id.name!=${routeName}]`,
  `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name!=${routeName}]`,
  "ExportNamedDeclaration > ClassDeclaration",
  "ExportNamedDeclaration > TSTypeAliasDeclaration",
  "ExportNamedDeclaration > TSInterfaceDeclaration",
  "ExportNamedDeclaration > TSEnumDeclaration",
  `ExportNamedDeclaration > ExportSpecifier[exported.name!=${routeName}]`,
  "ExportAllDeclaration",
];

export default defineConfig(
  // Tests may reach across layers to set a scene: oxlint reads them, ESLint's boundaries and hooks rules hold for what ships.
  globalIgnores([...TESTS, "build/", ".react-router/", "public/", "drizzle/", "data/", "test-results/", "playwright-report/", ".e2e-data/", ".bench-data/", ".lint-probe/"]),

  {
    // This file itself, the one JavaScript file (oxlint reads the TypeScript).
    files: ["**/*.js"],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node } },
  },
  {
    // What ships; tests may reach across layers to set a scene, and oxlint checks them as it checks the rest.
    files: SHIPPED,
    languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },

  {
    // React code lives in app/; elsewhere (Vitest's useTestDatabase, Playwright's fixture `use`) a
    // `use…` name is not a React hook.
    files: ["app/**/*.{ts,tsx}"],
    // A *.server module never holds a component or a hook (the browser bundle cannot import it), and
    // the hooks plugin's compiler pass over those files was a fifth of the lint's time.
    ignores: ["**/*.server.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    files: SHIPPED,
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
  },
  {
    // Tests may reach across layers to set a scene; the boundaries hold for what ships.
    files: SHIPPED,
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: [...layerZones, serverOnlyZone, ...tierZones] }],
    },
  },
  {
    // The database layer sits below every module: the value types of its columns live beside the
    // schema (app/db/column-types.ts), and the modules re-export them with their labels.
    files: ["app/db/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)modules/",
              message: "app/db sits below the modules: it imports none of them, not even a type (put the column's type in app/db/column-types.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Knip cannot tell React Router's route exports from unused ones, so a route module exports only
    // what React Router reads; a hook or component that other files share lives in a module or in
    // app/components, where an unused export is found.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...routeExportSelectors.map((selector) => ({
          selector,
          message: `A route module exports only React Router's route API (${ROUTE_EXPORTS.join(", ")}).`,
        })),
      ],
    },
  },
  {
    files: ["server/app.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)demo/",
              message: "Load demo/ with a dynamic import() so its code stays out of the server bundle unless demo mode seeds.",
            },
          ],
        },
      ],
    },
  },
);
