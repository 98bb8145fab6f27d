/**
 * The index reader (`lib/fs/git_index.ts`) held against git itself: for each index version git
 * writes (2, 3 with an intent-to-add entry's extended flags, 4 with its compressed names), the
 * paths read are exactly what `git ls-files` lists.
 */

import assert from "node:assert/strict";
import { trackedPaths } from "../../lib/fs/git_index.ts";
import { repositoryOf } from "../../lib/fs/git_dir.ts";

const git = await (async () => {
  try {
    return (await new Deno.Command("git", { args: ["--version"] }).output()).success;
  } catch {
    return false;
  }
})();

async function run(dir: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args],
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

const FILES = [
  "README.md",
  "src/app.ts",
  "src/deep/er/still/x.py",
  "src/deep/er/still/y.py",
  "docs/ünïcode name.md",
  `long/${"n".repeat(120)}.txt`,
  ".env.example",
];

for (const version of ["2", "3", "4"]) {
  Deno.test({
    name: `git index: version ${version} read as git ls-files lists it`,
    ignore: !git,
    fn: async () => {
      const dir = await Deno.realPath(await Deno.makeTempDir());
      try {
        await run(dir, "init", "-q");
        for (const f of [...FILES, ".env", "secrets/key"]) {
          await Deno.mkdir(`${dir}/${f}`.replace(/\/[^/]*$/, ""), { recursive: true });
          await Deno.writeTextFile(`${dir}/${f}`, "x\n");
        }
        await run(dir, "add", ...FILES);
        // Version 3: an intent-to-add entry carries the extended flags.
        if (version === "3") await run(dir, "add", "-N", "secrets/key");
        await run(dir, "update-index", "--index-version", version);
        const listed = (await run(dir, "ls-files", "-z")).split("\0").filter((s) => s !== "");
        const tracked = trackedPaths(repositoryOf(dir)!);
        assert.ok(tracked !== undefined);
        assert.deepEqual([...tracked.files].sort(), listed.sort());
        assert.ok(!tracked.files.has(".env"));
        assert.ok(tracked.dirs.has("src/deep/er"));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

Deno.test("git index: a file that is not an index, or is cut short, is not read", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(`${dir}/.git`);
    await Deno.writeTextFile(`${dir}/.git/index`, "not an index");
    assert.equal(trackedPaths(repositoryOf(dir)!), undefined);
    const header = new Uint8Array([68, 73, 82, 67, 0, 0, 0, 2, 0, 0, 0, 5]);
    await Deno.writeFile(`${dir}/.git/index`, header);
    assert.equal(trackedPaths(repositoryOf(dir)!), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
