import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./scripts/lint/layers.js";

/**
 * The feature folders, top to bottom: each may import only the ones after it
 * (docs/decisions/0070). The page compositions come first, the shared
 * services last. A new feature folder goes in this list.
 */
const FEATURE_ORDER = [
  "reader",
  "seo",
  "layout",
  "consent",
  "email",
  "site-settings",
  "content-api",
  "webhooks",
  "admin",
  "import",
  "search",
  "favorites",
  "comments",
  "profiles",
  "follows",
  "authoring",
  "events",
  "reports",
  "preview",
  "categories",
  "posts",
  "notifications",
  "email-preferences",
  "health",
  "pages",
  "audit",
  "accounts",
];

/**
 * The size budget (docs/development.md#habits, docs/decisions/0200): no source file over
 * 400 lines and no function over 100, counting code only (blank lines and
 * comments are not counted). Tests are outside the budget: a describe block
 * is a list of cases, not a unit to split.
 */
const SIZE_BUDGET = {
  "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
  "max-lines-per-function": [
    "error",
    { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true },
  ],
};

/**
 * The process globals a loader, an action or a feature must not call: their
 * services come through React Router's context (`services(context)`) or from
 * whoever registers them (docs/request-pipeline.md §1, decisions 0250, 0251, 0254).
 * Both spellings of each module are covered: the `#server/…` alias and a
 * relative path into server/.
 */
const PROCESS_GLOBALS = [
  { modules: ["db/client"], name: "db" },
  { modules: ["db/client"], name: "getDatabaseHandle" },
  { modules: ["runtime"], name: "runtime" },
  { modules: ["runtime"], name: "currentRuntime" },
  { modules: ["auth", "auth/index"], name: "auth" },
  { modules: ["auth", "auth/index"], name: "mailer" },
  { modules: ["jobs/queue"], name: "jobQueue" },
  { modules: ["jobs/queue"], name: "currentJobQueue" },
  { modules: ["services"], name: "processServices" },
];
const PROCESS_GLOBALS_MESSAGE =
  "Take it from the services: services(context) in a loader or action, passed to the feature " +
  "(docs/request-pipeline.md §1).";
/** The rule refusing the process globals, but for those `allowed` by name. */
function noProcessGlobals(...allowed) {
  const refused = PROCESS_GLOBALS.filter(({ name }) => !allowed.includes(name));
  return [
    "error",
    {
      paths: refused.flatMap(({ modules, name }) =>
        modules.map((module) => ({
          name: `#server/${module}`,
          importNames: [name],
          message: PROCESS_GLOBALS_MESSAGE,
          allowTypeImports: true,
        })),
      ),
      patterns: refused.map(({ modules, name }) => ({
        group: modules.map((module) => `**/server/${module}`),
        importNames: [name],
        message: PROCESS_GLOBALS_MESSAGE,
        allowTypeImports: true,
      })),
    },
  ];
}

/** Data, not code: the demo content, the schema and the generated migrations. */
const SIZE_DATA_FILES = [
  "server/db/demo-content/**",
  "server/db/schema.ts",
  "server/db/migrations/**",
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "server/db/migrations/",
    ],
  },
  js.configs.recommended,
  // Type-aware rules (decisions 0190, 0246): an unawaited promise or a promise
  // handed to something that ignores it is an error, not a style choice; so is
  // reading an `any` (parse it, or type it) and printing an object as text.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks, layers },
    rules: {
      "layers/point-down": ["error", { features: FEATURE_ORDER }],
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      // React Router answers early by throwing a response (redirect(), data()).
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // The kit's dialogs ask instead (app/components/ui, decision 0080).
      "no-restricted-properties": [
        "error",
        ...["confirm", "prompt", "alert"].map((property) => ({
          object: "window",
          property,
          message: "Use the kit's useConfirm() or usePrompt() (app/components/ui).",
        })),
      ],
      "no-restricted-globals": [
        "error",
        ...["confirm", "prompt", "alert"].map((name) => ({
          name,
          message: "Use the kit's useConfirm() or usePrompt() (app/components/ui).",
        })),
      ],
    },
  },
  {
    // Command-line scripts and the process entry print to the terminal.
    files: ["scripts/**", "server.js", "server/app.ts", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    files: ["app/**", "server/**", "scripts/**", "server.js"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts"],
    rules: SIZE_BUDGET,
  },
  {
    files: ["app/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": noProcessGlobals() },
  },
  {
    // The process's entry makes the process's services, for what runs outside a request.
    files: ["app/entry.express.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": noProcessGlobals("processServices") },
  },
  {
    files: SIZE_DATA_FILES,
    rules: { "max-lines": "off", "max-lines-per-function": "off" },
  },
  {
    // The few plain JavaScript files are outside tsconfig.json.
    files: ["**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
