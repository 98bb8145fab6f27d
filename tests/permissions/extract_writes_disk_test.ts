/**
 * `tar -x`, `unzip` and `patch` by what they touch (issue 23, point 4), on real archives and
 * patches in a scratch project: each case is decided under one deny rule (an archive holding
 * `.env` or `protected/x` is denied, its twin that does not is not), and then run for real by
 * bash, the judge: every path the program wrote must be one skald said it writes (or below a tree
 * it said it may change), and when skald read the archive or patch, every file it named must be
 * one the program made. The project holds `ok/a`, `protected/x`, `.env`, `sub/`.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskPathEnv } from "../../lib/fs/disk_env.ts";
import { loadGunzip } from "../../lib/fs/archive_members.ts";
import { analyzeCommand } from "../../lib/shell/split.ts";
import { shellEffects } from "../../lib/permissions/effects/shell_effects.ts";
import { pathContext, resolvePath } from "../../lib/permissions/paths.ts";
import { type Entry, tarOf, zipOf } from "../_archives.ts";
import { tarName } from "../../lib/permissions/effects/extract_writes.ts";

async function has(program: string): Promise<boolean> {
  try {
    return (await new Deno.Command(program, { args: ["--version"], stdout: "null", stderr: "null" })
      .output()).success || program === "unzip";
  } catch {
    return false;
  }
}
const gunzip = await loadGunzip();
const ready = (await has("tar")) && (await has("unzip")) && (await has("patch")) &&
  (await has("gzip")) && (await has("bzip2"));

/** A made file: an archive of entries, gzip- or bzip2-compressed, or a text. */
type Made =
  | { tar: Entry[]; compress?: "gzip" | "bzip2" }
  | { zip: Entry[] }
  | { text: string };

interface Case {
  name: string;
  files: Record<string, Made>;
  command: string;
  rule: string;
  verdict: "deny" | "not deny";
  /** skald reads the source, and names what the program writes (else: a tree, as before). */
  reads: boolean;
  /** Paths skald names that the program does not write here (more written, never less). */
  extra?: string[];
}

const file = (name: string, text = "new\n"): Entry => ({ name, text });
const OK_PATCH = "--- a/ok/a\n+++ b/ok/a\n@@ -1 +1 @@\n-x\n+z\n";
const BAD_PATCH = "--- a/protected/x\n+++ b/protected/x\n@@ -1 +1 @@\n-y\n+z\n";
const ENV = "Write(./.env)";
const PROTECTED = "Edit(./protected/**)";

const CASES: Case[] = [
  // tar
  {
    name: "tar -x -C DIR of an archive without .env: not denied by Write(./.env)",
    files: { "w.tar": { tar: [file("src/a.py"), file("README.md")] } },
    command: "tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: an archive holding .env writes sub/.env",
    files: { "w.tar": { tar: [file("src/a.py"), file(".env")] } },
    command: "tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: true,
  },
  {
    name: "tar -xzf (gzip) of an archive without protected/: not denied by Edit(./protected/**)",
    files: { "w.tgz": { tar: [file("ok/b"), file("docs/x.md")], compress: "gzip" } },
    command: "tar -xzf w.tgz",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a gzip archive holding protected/x",
    files: { "w.tgz": { tar: [file("ok/b"), file("protected/x")], compress: "gzip" } },
    command: "tar -xzf w.tgz",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "--strip-components=1 takes protected/ off: protected/x is written as x",
    files: { "w.tar": { tar: [file("protected/x")] } },
    command: "tar -xf w.tar --strip-components=1 -C sub",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: pkg/protected/x less one part is protected/x",
    files: { "w.tar": { tar: [file("pkg/protected/x")] } },
    command: "tar -xf w.tar --strip-components=1",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a member operand selects: tar -xf w.tar ok writes ok/ only",
    files: { "w.tar": { tar: [file("ok/b"), file("protected/x")] } },
    command: "tar -xf w.tar ok",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: the operand selects protected",
    files: { "w.tar": { tar: [file("ok/b"), file("protected/x")] } },
    command: "tar -xf w.tar protected",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "--exclude=.env leaves .env out",
    files: { "w.tar": { tar: [file("src/.env"), file("src/a.py")] } },
    command: "tar -xf w.tar --exclude=.env -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: --exclude=.en excludes nothing",
    files: { "w.tar": { tar: [file("src/.env"), file("src/a.py")] } },
    command: "tar -xf w.tar --exclude=.en -C sub",
    rule: ENV,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a member with .. is skipped by tar (../.env from sub is not written)",
    files: { "w.tar": { tar: [file("../.env"), file("b")] } },
    command: "tar -xf w.tar -C sub",
    rule: "Edit(./.env)",
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: with -P tar writes ../.env",
    files: { "w.tar": { tar: [file("../.env"), file("b")] } },
    command: "tar -xPf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a leading / is taken off: /protected/x is written as protected/x",
    files: { "w.tar": { tar: [file("/protected/x")] } },
    command: "tar -xf w.tar",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "its twin: /ok/b as ok/b",
    files: { "w.tar": { tar: [file("/ok/b")] } },
    command: "tar -xf w.tar",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "a link the archive makes, nothing written through it: the link only",
    files: { "w.tar": { tar: [{ name: "lnk", symlink: "ok" }, file("b")] } },
    command: "tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a file written through a link the archive made is not known (a tree)",
    files: { "w.tar": { tar: [{ name: "lnk", symlink: "." }, file("lnk/b")] } },
    command: "tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "the same through ./lnk and lnk/b (a name's ./ is no other name)",
    files: { "w.tar": { tar: [{ name: "./lnk", symlink: "." }, file("lnk/b")] } },
    command: "tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "a hard link writes both names",
    files: { "w.tar": { tar: [file("ok/b"), { name: "ok/c", hardlink: "ok/b" }] } },
    command: "tar -xf w.tar",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a hard link to protected/x",
    files: { "w.tar": { tar: [file("protected/x"), { name: "ok/c", hardlink: "protected/x" }] } },
    command: "tar -xf w.tar",
    rule: "Edit(./ok/c)",
    verdict: "deny",
    reads: true,
  },
  {
    name: "an archive the command changes first is not read (a tree)",
    files: {
      "w.tar": { tar: [file("b")] },
      "other.tar": { tar: [file(".env")] },
    },
    command: "cp other.tar w.tar && tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "its twin: a copy made of it does not change it",
    files: { "w.tar": { tar: [file("b")] } },
    command: "cp w.tar copy.tar && tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "an archive gunzip makes first is not the one on disk (a tree)",
    files: {
      "w.tar": { tar: [file("b")] },
      "w.tar.gz": { tar: [file(".env")], compress: "gzip" },
    },
    command: "gunzip -f w.tar.gz && tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "its twin: gzip -k of another file leaves it",
    files: { "w.tar": { tar: [file("b")] }, "notes": { text: "n\n" } },
    command: "gzip -k notes && tar -xf w.tar -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
    // gzip's operand, held as written (it may be decompressed in place).
    extra: ["notes"],
  },
  {
    name: "an archive that is not there: tar writes nothing",
    files: {},
    command: "tar -xf none.tar -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "bzip2 is not read: everything below sub, as before",
    files: { "w.tbz": { tar: [file("b")], compress: "bzip2" } },
    command: "tar -xjf w.tbz -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "tar stops at the first end mark: .env after it is not written",
    files: { "w.tar": { text: "" } },
    command: "tar -xf both.tar -C sub",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: tar -i reads on (not known: a tree)",
    files: { "w.tar": { text: "" } },
    command: "tar -xif both.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "--transform is not read: a tree, as before",
    files: { "w.tar": { tar: [file("b")] } },
    command: "tar -xf w.tar -C sub --transform=s/b/c/",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "-s (bsdtar renames members with it) is not read: a tree",
    files: { "w.tar": { tar: [file("b")] } },
    command: "tar -xsf w.tar -C sub",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  // unzip
  {
    name: "unzip -d DIR of an archive without .env",
    files: { "w.zip": { zip: [file("src/a.py"), { name: "src/", dir: true }] } },
    command: "unzip -q w.zip -d out",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: an archive holding .env writes out/.env",
    files: { "w.zip": { zip: [file("src/a.py"), file(".env")] } },
    command: "unzip -q w.zip -d out",
    rule: ENV,
    verdict: "deny",
    reads: true,
  },
  {
    name: "unzip where it runs of an archive holding protected/x",
    files: { "w.zip": { zip: [file("protected/x")] } },
    command: "unzip -qo w.zip",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "its twin: one holding ok/b",
    files: { "w.zip": { zip: [file("ok/b")] } },
    command: "unzip -qo w.zip",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "unzip takes ../ out: ../keep/x in out is out/keep/x, not keep/x",
    files: { "w.zip": { zip: [file("../keep/x")] } },
    command: "unzip -q w.zip -d out",
    rule: "Edit(./keep/x)",
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: keep/x where it runs",
    files: { "w.zip": { zip: [file("keep/x")] } },
    command: "unzip -q w.zip",
    rule: "Edit(./keep/x)",
    verdict: "deny",
    reads: true,
  },
  {
    name: "a wildcard selects: 'ok/*' leaves protected/ out",
    files: { "w.zip": { zip: [file("ok/b"), file("protected/x")] } },
    command: "unzip -qo w.zip 'ok/*'",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: 'prot*' selects protected/x",
    files: { "w.zip": { zip: [file("ok/b"), file("protected/x")] } },
    command: "unzip -qo w.zip 'prot*'",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "-j writes each file by its last name: a/b/keep is out/keep",
    files: { "w.zip": { zip: [file("a/b/keep")] } },
    command: "unzip -qj w.zip -d out",
    rule: "Edit(./out/keep)",
    verdict: "deny",
    reads: true,
  },
  {
    name: "its twin: without -j, out/a/b/keep",
    files: { "w.zip": { zip: [file("a/b/keep")] } },
    command: "unzip -q w.zip -d out",
    rule: "Edit(./out/keep)",
    verdict: "not deny",
    reads: true,
  },
  {
    name: "UNZIP=-j set by the command: its options are not read (a tree)",
    files: { "w.zip": { zip: [file("a/b/keep")] } },
    command: "UNZIP=-j unzip -q w.zip -d out",
    rule: "Edit(./out/keep)",
    verdict: "deny",
    reads: false,
  },
  {
    name: "a zip holding a link is not read (a tree)",
    files: { "w.zip": { zip: [{ name: "lnk", symlink: "ok" }, file("b")] } },
    command: "unzip -q w.zip -d out",
    rule: ENV,
    verdict: "deny",
    reads: false,
  },
  {
    name: "unzip NAME finds NAME.zip",
    files: { "w.zip": { zip: [file(".env")] } },
    command: "unzip -q w -d out",
    rule: ENV,
    verdict: "deny",
    reads: true,
  },
  {
    name: "its twin: no archive there, unzip writes nothing",
    files: {},
    command: "unzip -q none -d out",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  // patch
  {
    name: "patch -p1 < fix.patch writes the file it names",
    files: { "fix.patch": { text: OK_PATCH } },
    command: "patch -p1 < fix.patch",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a patch of protected/x",
    files: { "fix.patch": { text: BAD_PATCH } },
    command: "patch -p1 < fix.patch",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "patch -i FILE, taken in -d's directory: -d ok writes ok/a",
    files: { "fix.patch": { text: OK_PATCH.replaceAll("ok/a", "a") } },
    command: "patch -p1 -d ok -i ../fix.patch",
    rule: "Edit(./ok/a)",
    verdict: "deny",
    reads: true,
  },
  {
    name: "its twin: without -d the file a is not ok/a",
    files: { "fix.patch": { text: OK_PATCH.replaceAll("ok/a", "a") } },
    command: "patch -p1 -i fix.patch",
    rule: "Edit(./ok/a)",
    verdict: "not deny",
    reads: true,
    // No file `a` there: patch skips it (it would make it only from /dev/null).
    extra: ["a"],
  },
  {
    name: "its twin: there it writes protected/x",
    files: { "fix.patch": { text: BAD_PATCH.replaceAll("protected/x", "x") } },
    command: "patch -p1 -d protected -i ../fix.patch",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a git diff that makes a file: notes.txt",
    files: {
      "new.patch": {
        text: "diff --git a/notes.txt b/notes.txt\nnew file mode 100644\n--- /dev/null\n" +
          "+++ b/notes.txt\n@@ -0,0 +1 @@\n+hello\n",
      },
    },
    command: "patch -p1 -i new.patch",
    rule: ENV,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a git diff that makes sub/.env",
    files: {
      "new.patch": {
        text: "diff --git a/sub/.env b/sub/.env\nnew file mode 100644\n--- /dev/null\n" +
          "+++ b/sub/.env\n@@ -0,0 +1 @@\n+KEY=2\n",
      },
    },
    command: "patch -p1 -i new.patch",
    rule: ENV,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a git rename writes both names: ok/a to ok/c",
    files: {
      "mv.patch": {
        text: "diff --git a/ok/a b/ok/c\nsimilarity index 100%\nrename from ok/a\n" +
          "rename to ok/c\n",
      },
    },
    command: "patch -p1 < mv.patch",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a rename into protected/",
    files: {
      "mv.patch": {
        text: "diff --git a/ok/a b/protected/a\nsimilarity index 100%\nrename from ok/a\n" +
          "rename to protected/a\n",
      },
    },
    command: "patch -p1 < mv.patch",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a patch in a heredoc is read from its text",
    files: {},
    command: `patch -p1 <<'EOF'\n${OK_PATCH}EOF`,
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
  },
  {
    name: "its twin: a heredoc patch of protected/x",
    files: {},
    command: `patch -p1 <<'EOF'\n${BAD_PATCH}EOF`,
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
  },
  {
    name: "a patch through a pipe is not read (a tree)",
    files: { "fix.patch": { text: OK_PATCH } },
    command: "cat fix.patch | patch -p1",
    rule: PROTECTED,
    verdict: "deny",
    reads: false,
  },
  {
    name: "a patch file the command writes first is not read (a tree)",
    files: { "fix.patch": { text: OK_PATCH }, "bad.patch": { text: BAD_PATCH } },
    command: "cp bad.patch fix.patch && patch -p1 < fix.patch",
    rule: PROTECTED,
    verdict: "deny",
    reads: false,
  },
  {
    name: "a file operand takes every hunk: patch ok/a",
    files: {
      "fix.patch": {
        text: OK_PATCH.replaceAll("a/ok/a", "a/other").replaceAll("b/ok/a", "b/other"),
      },
    },
    command: "patch ok/a < fix.patch",
    rule: PROTECTED,
    verdict: "not deny",
    reads: true,
    // The patch's own name: a git rename in it would rename ok/a there.
    extra: ["other"],
  },
  {
    name: "its twin: patch protected/x",
    files: { "fix.patch": { text: BAD_PATCH.replaceAll("protected/x", "other") } },
    command: "patch protected/x < fix.patch",
    rule: PROTECTED,
    verdict: "deny",
    reads: true,
    extra: ["other"],
  },
];

const BASE: Record<string, string> = {
  "ok/a": "x\n",
  "protected/x": "y\n",
  ".env": "KEY=1\n",
  "sub/.keep": "",
};

async function project(files: Record<string, Made>): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-extract-" }));
  const write = async (path: string, bytes: Uint8Array) => {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeFile(`${dir}/${path}`, bytes);
  };
  for (const [path, text] of Object.entries(BASE)) {
    await write(path, new TextEncoder().encode(text));
  }
  // Two archives one after the other: GNU tar stops at the first one's end mark.
  await write("both.tar", concat(tarOf([file("b")]), tarOf([file(".env")])));
  for (const [path, made] of Object.entries(files)) {
    if ("text" in made) await write(path, new TextEncoder().encode(made.text));
    else if ("zip" in made) await write(path, zipOf(made.zip));
    else {
      await write(path, tarOf(made.tar));
      if (made.compress !== undefined) {
        // From standard input: bzip2 refuses a file named `.tbz`, even with -c.
        const out = await new Deno.Command("bash", {
          args: ["-c", `${made.compress} -c < "$1"`, "_", `${dir}/${path}`],
        }).output();
        await write(path, out.stdout);
      }
    }
  }
  return dir;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Every path below a directory, with what would show a change to it. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = `${d}/${e.name}`;
      const info = await Deno.lstat(p);
      const link = e.isSymlink ? await Deno.readLink(p) : "";
      out.set(p, e.isDirectory ? "dir" : `${info.size}:${info.mtime?.getTime()}:${link}`);
      if (e.isDirectory) await walk(p);
    }
  };
  await walk(dir);
  return out;
}

for (const c of CASES) {
  Deno.test({
    name: `extract writes on disk: ${c.name}`,
    ignore: !ready,
    fn: async () => {
      const dir = await project(c.files);
      try {
        const env = diskPathEnv(dir, "/home/nobody", undefined, gunzip);
        const policy = new Policy({
          sources: [{ label: "p", scope: "project", deny: [c.rule] }],
          env,
        });
        const d = policy.decide({ tool: "Bash", input: { command: c.command } });
        if (c.verdict === "deny") assert.equal(d.verdict, "deny", `${c.command}: ${d.reason}`);
        else assert.notEqual(d.verdict, "deny", `${c.command}: ${d.reason}`);
        // What skald says the command writes, read before it runs.
        const ctx = pathContext(diskPathEnv(dir, "/home/nobody", undefined, gunzip));
        const effects = shellEffects(analyzeCommand(c.command), ctx);
        const at = (p: string) => resolvePath(p, { ...ctx, cwd: dir });
        const written = new Set(effects.writes.map(at));
        const trees = effects.writeTrees.map(at);
        assert.equal(trees.length === 0, c.reads, `trees: ${trees.join(" ")}`);
        // The judge: the program run for real.
        const before = await snapshot(dir);
        await new Deno.Command("bash", {
          args: ["-c", c.command],
          cwd: dir,
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output();
        const after = await snapshot(dir);
        const changed = [
          ...[...after].filter(([p, s]) => before.get(p) !== s).map(([p]) => p),
          ...[...before.keys()].filter((p) => !after.has(p)),
        ];
        for (const p of changed) {
          // A directory made or removed (patch removes one it empties) above a path named.
          const dirAbove = (after.get(p) ?? before.get(p)) === "dir" &&
            [...written].some((w) => w.startsWith(`${p}/`));
          const covered = written.has(p) || trees.some((t) => p === t || p.startsWith(`${t}/`)) ||
            dirAbove;
          assert.ok(covered, `${c.command} wrote ${p}, which skald did not name`);
        }
        if (c.reads) {
          // Every file skald names (a patch's backups and rejects aside) the program made.
          for (const w of written) {
            if (/\.(orig|rej)$/.test(w) || after.get(w) === "dir") continue;
            if (c.extra?.some((e) => w === `${dir}/${e}`)) continue;
            assert.ok(changed.includes(w), `${c.command}: skald names ${w}, not written`);
          }
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

/** Names as GNU tar 1.34 wrote them when run (this file's author ran each; `a//b` wrote `/b`). */
const TAR_NAMES: [string, { strip: number; absolute: boolean }, string | undefined][] = [
  ["a//b", { strip: 1, absolute: false }, "/b"],
  ["c/./d", { strip: 2, absolute: false }, "d"],
  ["c/./d", { strip: 1, absolute: false }, "./d"],
  ["./dot/z", { strip: 1, absolute: false }, "dot/z"],
  ["../up.txt", { strip: 0, absolute: false }, undefined],
  ["a/../../b/c.txt", { strip: 1, absolute: false }, undefined],
  ["/abs/x.txt", { strip: 0, absolute: false }, "abs/x.txt"],
  ["/abs/x.txt", { strip: 1, absolute: false }, "x.txt"],
  ["//dbl/y", { strip: 1, absolute: false }, "y"],
  ["p/", { strip: 1, absolute: false }, undefined],
  ["x/..y/z", { strip: 1, absolute: false }, "..y/z"],
  ["../up.txt", { strip: 1, absolute: true }, "up.txt"],
  ["/tmp/arch/x", { strip: 1, absolute: true }, "arch/x"],
  ["/tmp/arch/x", { strip: 0, absolute: true }, "/tmp/arch/x"],
];

for (const [name, plan, expected] of TAR_NAMES) {
  Deno.test(`tar names: ${name} less ${plan.strip}${plan.absolute ? " with -P" : ""}`, () => {
    assert.equal(tarName(name, plan), expected);
  });
}
