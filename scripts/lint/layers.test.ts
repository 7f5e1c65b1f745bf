/**
 * The layer rule as `npm run lint` runs it: the repository's own
 * eslint.config.js, on planted files that exist only in memory.
 */
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

// The planted files are not on disk, so the type-aware rules (decision 0190) are off here.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "layers/point-down").map((m) => m.message);
}

// The first lint builds the TypeScript program: seconds on a busy machine.
describe("layers/point-down", { timeout: 60_000 }, () => {
  it("fails an import that closes a loop between feature folders", async () => {
    // reader imports posts; posts importing reader would make a loop.
    const errors = await layerErrors(
      "app/features/posts/planted.ts",
      'import { loadHome } from "~/features/reader/home.server";\nexport { loadHome };\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("app/features/posts may not import app/features/reader"),
    ]);
  });

  it("resolves relative imports between feature folders", async () => {
    const errors = await layerErrors(
      "app/features/posts/planted.ts",
      'export { listComments } from "../comments/comments.server";\n',
    );
    expect(errors).toEqual([expect.stringContaining("may not import app/features/comments")]);
  });

  it("fails server/ importing the app", async () => {
    const errors = await layerErrors(
      "server/http/planted.ts",
      'import { formatDate } from "~/lib/format";\nexport const f = formatDate;\n',
    );
    expect(errors).toEqual([expect.stringContaining("server may not import app/lib")]);
    const relative = await layerErrors(
      "server/http/planted.ts",
      'const m = await import("../../app/features/posts/posts.server");\nexport default m;\n',
    );
    expect(relative).toHaveLength(1);
  });

  it("fails shared components or lib importing a feature, and lib importing a component", async () => {
    expect(
      await layerErrors(
        "app/components/ui/planted.tsx",
        'import { Avatar } from "~/features/posts/post-card";\nexport { Avatar };\n',
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        "app/lib/planted.ts",
        'import type { PostView } from "~/features/posts/types";\nexport type P = PostView;\n',
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        "app/lib/planted.ts",
        'import { primaryButton } from "~/components/ui/button-styles";\nexport { primaryButton };\n',
      ),
    ).toHaveLength(1);
  });

  it("asks for a new feature folder to be placed in the order", async () => {
    const errors = await layerErrors(
      "app/features/newsletter/planted.ts",
      'import { can } from "~/features/accounts/permissions";\nexport { can };\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("app/features/newsletter is not in the feature order"),
    ]);
  });

  it("lets imports point down, and lets tests import across", async () => {
    const down = [
      ["app/routes/planted.tsx", 'export { loadHome } from "~/features/reader/home.server";\n'],
      [
        "app/features/reader/planted.ts",
        'export { publishedPosts } from "../posts/posts.server";\n',
      ],
      ["app/features/posts/planted.ts", 'export { can } from "~/features/accounts/permissions";\n'],
      ["app/features/posts/planted.ts", 'export { db } from "#server/db/client";\n'],
      ["app/components/ui/planted.ts", 'export { formatDate } from "~/lib/format";\n'],
      [
        "app/features/posts/planted.test.ts",
        'export { loadHome } from "~/features/reader/home.server";\n',
      ],
    ] as const;
    for (const [file, code] of down) expect(await layerErrors(file, code), file).toEqual([]);
  });
});
