/**
 * The patch reader (`patch_files.ts`, `patchWrites`): the files a unified, context or git diff
 * names, as `-pN` and `-d DIR` take them, or why they are not known; each case also given to GNU
 * patch itself in a scratch directory holding every file named (`patch --dry-run`, the judge):
 * every file patch says it checks must be one skald says it writes.
 */

import assert from "node:assert/strict";
import { patchFiles } from "../../lib/permissions/effects/patch_files.ts";
import { patchWrites } from "../../lib/permissions/effects/extract_writes.ts";
import type { PatchPlan } from "../../lib/permissions/effects/extract_plans.ts";

const patchReady = await (async () => {
  try {
    return (await new Deno.Command("patch", { args: ["--version"], stdout: "null" }).output())
      .success;
  } catch {
    return false;
  }
})();

const hunk = "@@ -1 +1 @@\n-x\n+y\n";

const CASES: {
  name: string;
  patch: string;
  /** patch's options (`-p1`, `-R`, `-d DIR`). */
  args: string[];
  /** The files skald says it writes (backups and rejects aside), or unknown. */
  writes: string[] | "unknown";
}[] = [
  {
    name: "unified diff, -p1",
    patch: `--- a/src/x.py\t2024-01-01 10:00:00\n+++ b/src/x.py\t2024-01-01 10:00:01\n${hunk}`,
    args: ["-p1"],
    writes: ["src/x.py"],
  },
  {
    name: "without -p: each name's last part",
    patch: `--- a/src/x.py\n+++ b/src/x.py\n${hunk}`,
    args: [],
    writes: ["x.py"],
  },
  {
    name: "-p0: the names as written",
    patch: `--- src/x.py.orig\n+++ src/x.py\n${hunk}`,
    args: ["-p0"],
    writes: ["src/x.py.orig", "src/x.py"],
  },
  {
    name: "-R reverses, the same names",
    patch: `--- a/src/x.py\n+++ b/src/x.py\n@@ -1 +1 @@\n-y\n+x\n`,
    args: ["-p1", "-R"],
    writes: ["src/x.py"],
  },
  {
    name: "-d DIR: the names taken there",
    patch: `--- a/x.py\n+++ b/x.py\n${hunk}`,
    args: ["-p1", "-d", "src"],
    writes: ["src/x.py"],
  },
  {
    name: "a context diff (*** and ---)",
    patch: "*** a/src/x.py\n--- b/src/x.py\n***************\n*** 1 ****\n! x\n--- 1 ----\n! y\n",
    args: ["-p1"],
    // `*** 1 ****` reads as a name too (one part: none left after -p1).
    writes: ["src/x.py"],
  },
  {
    name: "two files, and a name with a space before a tab",
    patch:
      `--- a/src/x.py\n+++ b/src/x.py\n${hunk}--- a/my file.txt\t2024\n+++ b/my file.txt\t2024\n${hunk}`,
    args: ["-p1"],
    writes: ["src/x.py", "my file.txt", "my"],
  },
  {
    name: "an indented patch (a mail quote): patch reads it",
    patch: `  --- a/src/x.py\n  +++ b/src/x.py\n  @@ -1 +1 @@\n  -x\n  +y\n`,
    args: ["-p1"],
    writes: ["src/x.py"],
  },
  {
    name: "git: a new file from /dev/null, quoted names",
    patch: 'diff --git "a/new \\303\\244.txt" "b/new \\303\\244.txt"\nnew file mode 100644\n' +
      '--- /dev/null\n+++ "b/new \\303\\244.txt"\n@@ -0,0 +1 @@\n+y\n',
    args: ["-p1"],
    // The quoted name, and the line cut at a space and at its end (more, never less).
    writes: ["new ä.txt", "new", 'new \\303\\244.txt"'],
  },
  {
    name: "git: a rename, read from its rename lines",
    patch: "diff --git a/src/x.py b/lib/x.py\nsimilarity index 100%\nrename from src/x.py\n" +
      "rename to lib/x.py\n",
    args: ["-p1"],
    writes: ["src/x.py", "lib/x.py"],
  },
  {
    name: "CRLF lines",
    patch: `--- a/src/x.py\r\n+++ b/src/x.py\r\n@@ -1 +1 @@\r\n-x\r\n+y\r\n`,
    args: ["-p1"],
    writes: ["src/x.py"],
  },
  {
    name: "hunks that name no file: not known (patch would ask)",
    patch: hunk,
    args: ["-p1"],
    writes: "unknown",
  },
  {
    name: "a normal diff with no name: not known",
    patch: "1c1\n< x\n---\n> y\n",
    args: [],
    writes: "unknown",
  },
  {
    name: "an ed script: not known",
    patch: "1c\ny\n.\n",
    args: [],
    writes: "unknown",
  },
  {
    name: "git: a symbolic link made: not known (a file may be written through it)",
    patch:
      "diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+src\n",
    args: ["-p1"],
    writes: "unknown",
  },
];

function plan(args: readonly string[]): PatchPlan {
  const p = args.find((a) => /^-p\d+$/.test(a));
  const d = args.indexOf("-d");
  return {
    kind: "patch",
    source: { kind: "stdin" },
    dir: d === -1 ? undefined : args[d + 1],
    strip: p === undefined ? undefined : Number(p.slice(2)),
    file: undefined,
    backup: ".orig",
  };
}

for (const c of CASES) {
  Deno.test(`patch files: ${c.name}`, async () => {
    const got = patchWrites(plan(c.args), c.patch);
    if (c.writes === "unknown") {
      assert.ok("why" in got, `expected unknown, got ${JSON.stringify(got)}`);
      assert.equal(patchFiles(c.patch).kind, "unknown");
      return;
    }
    assert.ok("paths" in got, JSON.stringify(got));
    const files = got.paths.filter((p) => !/\.(orig|rej)$/.test(p) || c.writes.includes(p));
    assert.deepEqual(new Set(files), new Set(c.writes));
    if (!patchReady) return;
    // The judge: patch --dry-run where every file named exists, each one it checks named.
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-patch-" }));
    try {
      for (const f of ["src/x.py", "x.py", "my file.txt", "src/x.py.orig", "lib/x.py"]) {
        await Deno.mkdir(`${dir}/${f}`.replace(/\/[^/]*$/, ""), { recursive: true });
        await Deno.writeTextFile(`${dir}/${f}`, "x\n");
      }
      const run = new Deno.Command("patch", {
        args: ["--dry-run", "-f", ...c.args],
        cwd: dir,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const w = run.stdin.getWriter();
      await w.write(new TextEncoder().encode(c.patch));
      await w.close();
      const out = new TextDecoder().decode((await run.output()).stdout);
      const d = c.args.indexOf("-d");
      const checked = [...out.matchAll(/^checking file (.+?)(?: \(renamed from .*\))?$/gm)]
        .map((m) => (d === -1 ? "" : `${c.args[d + 1]}/`) + m[1]!.replace(/^'(.*)'$/, "$1"));
      for (const f of checked) assert.ok(files.includes(f), `patch checks ${f}: ${out}`);
      if (c.name.includes("-p1") || c.name.includes("-d")) assert.ok(checked.length > 0, out);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
