/**
 * ESLint rule `layers/point-down` (docs/decisions/0070): every import points
 * down the layers, and the feature folders import each other only down one
 * declared order, so no two of them can ever form a loop.
 *
 *   app/routes, app/root.tsx, app/entry.*      the top: may import all below
 *   app/features/<name>                        in the order given: a feature
 *                                              imports only features after it
 *   app/components                             shared UI: no feature, no route
 *   app/lib                                    small helpers: no component either
 *   server/                                    the process: nothing from app/
 *
 * The import's path is resolved (relative, `~/…`, `#server/…`), so the rule
 * needs no type information and works on a file that is not on disk. Tests
 * (`*.test.ts`, `*.test-helper.ts`, `testing/` folders) may import across
 * the layers to set up what they test, and are not checked.
 */
import path from "node:path";

const TEST_FILE = /(\.test\.[jt]sx?|\.test-helper\.[jt]sx?)$|\/testing\//;

/** The rank of the top layer; features come below it in their order. */
const TOP = 1000;
const COMPONENTS = 100;
const LIB = 50;
const SERVER = 0;

/** Where a repository path sits: its folder ("unit") and rank, or null when outside the layers. */
function placeOf(relative, features) {
  const parts = relative.split("/");
  if (parts[0] === "server") return { unit: "server", rank: SERVER };
  if (parts[0] !== "app" || parts.length < 2) return null;
  if (parts[1] === "features") {
    const name = parts[2] ?? "";
    const at = features.indexOf(name);
    return { unit: `app/features/${name}`, rank: at === -1 ? undefined : TOP - 1 - at };
  }
  if (parts[1] === "components") return { unit: "app/components", rank: COMPONENTS };
  if (parts[1] === "lib") return { unit: "app/lib", rank: LIB };
  // app/routes/**, app/root.tsx, app/routes.ts, app/entry.*: the top.
  return { unit: "app (routes and entries)", rank: TOP };
}

/** The repository path an import specifier points at, or null for a package. */
function targetOf(specifier, fromFile, root) {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith("#server/")) return `server/${specifier.slice("#server/".length)}`;
  if (specifier.startsWith("#tests/")) return `tests/${specifier.slice("#tests/".length)}`;
  if (specifier.startsWith(".")) {
    const absolute = path.resolve(path.dirname(fromFile), specifier);
    return path.relative(root, absolute).split(path.sep).join("/");
  }
  return null;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "imports point down the layers; feature folders import in one order" },
    schema: [
      {
        type: "object",
        properties: { features: { type: "array", items: { type: "string" } } },
        required: ["features"],
        additionalProperties: false,
      },
    ],
    messages: {
      up: "{{from}} may not import {{to}}: imports point down (routes → features → components → lib → server), and a feature imports only the features after it in the order in eslint.config.js (docs/decisions/0070).",
      unknownFeature:
        "{{feature}} is not in the feature order in eslint.config.js: add it where it belongs (docs/decisions/0070).",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    if (TEST_FILE.test(file)) return {};
    const { features } = context.options[0];
    const from = placeOf(file, features);
    if (!from) return {};
    let reportedUnknown = false;

    function check(node, specifier) {
      if (typeof specifier !== "string") return;
      const target = targetOf(specifier, context.filename, root);
      if (target === null) return;
      const to = placeOf(target, features);
      if (!to || to.unit === from.unit) return;
      for (const place of [from, to]) {
        if (place.rank === undefined) {
          if (place === from && reportedUnknown) return;
          if (place === from) reportedUnknown = true;
          context.report({ node, messageId: "unknownFeature", data: { feature: place.unit } });
          return;
        }
      }
      if (to.rank < from.rank) return;
      context.report({ node, messageId: "up", data: { from: from.unit, to: to.unit } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === "Literal" && check(node.source, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === "Literal") check(node, literal.value);
      },
    };
  },
};

export default { rules: { "point-down": rule } };
