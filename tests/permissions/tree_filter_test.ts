/**
 * What a recursive reader reads below a directory (issue 23, point 1), held against the program
 * itself on a scratch repository: the files skald's walk tests for `grep -r ...` are exactly those
 * grep opens (`grep -rcZ ''` names each file it read), for `rg ...` those `rg --files` lists with
 * the same options, and for `git grep` those `git ls-files` lists. A case is named for the
 * sentence of the program's manual it proves.
 */

import assert from "node:assert/strict";
import { treeHolds } from "../../lib/fs/tree_search.ts";
import { treeFilter } from "../../lib/permissions/effects/tree_reads.ts";

const have = async (program: string) => {
  try {
    return (await new Deno.Command(program, { args: ["--version"], stdout: "null" }).output())
      .success;
  } catch {
    return false;
  }
};
const [grep, rg, git] = await Promise.all([have("grep"), have("rg"), have("git")]);

/** The scratch project: a repository with a .gitignore, hidden files and ignore files. */
const FILES: Record<string, string> = {
  ".env": "KEY=1",
  ".env.example": "KEY=",
  ".gitignore": ".env\nbuild/\n*.log\n!keep.log\nsecrets/\n",
  "README.md": "# r",
  "src/a.py": "a",
  "src/b.ts": "b",
  "src/.hidden.py": "h",
  "src/x.log": "x",
  "src/keep.log": "k",
  "build/out.js": "o",
  "secrets/key": "s",
  "web/.gitignore": "!secret.log\n",
  "web/secret.log": "s",
  "web/.env.local": "L",
  "docs/.rgignore": "*.md\n",
  "docs/a.md": "a",
  "docs/b.txt": "b",
  ".config/tool.json": "{}",
};

async function project(): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  for (const [path, text] of Object.entries(FILES)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text + "\n");
  }
  if (git) {
    const run = (...args: string[]) =>
      new Deno.Command("git", { args: ["-C", dir, ...args] }).output();
    await run("init", "-q");
    await run("add", ".");
    // A file .gitignore ignores, tracked all the same.
    await run("add", "-f", "build/out.js");
  }
  return dir;
}

async function lines(cmd: string, args: string[], cwd: string, split = "\n"): Promise<string[]> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "null" }).output();
  return new TextDecoder().decode(out.stdout).split(split).filter((l) => l !== "");
}

/** The files the walk tests, relative to the project. */
function walked(dir: string, argv: string[], root: string): string[] {
  const seen = new Set<string>();
  const filter = { ...treeFilter(argv), base: dir };
  const start = root === "." ? dir : `${dir}/${root}`;
  const r = treeHolds(start, (p, isDir) => {
    if (p !== start && !isDir) seen.add(p.slice(dir.length + 1));
    return false;
  }, { reader: filter, budget: 100_000 });
  assert.equal(r, false);
  return [...seen].sort();
}

interface Case {
  name: string;
  /** The reader's words, the search root last but one (`.` unless given). */
  argv: string[];
  root: string;
  /** What the program itself lists: its command, in the project. */
  judge: { cmd: string; args: string[]; split?: string; map?: (l: string) => string };
  needs: boolean;
  /** Why skald's walk may read more than the program does, when it may. */
  more?: string;
}

const grepFiles = (opts: string[], root: string) => ({
  cmd: "grep",
  args: ["-rcZ", ...opts, "", root],
  // `path\0count`: the path, without a leading `./`.
  map: (l: string) => l.split("\0")[0]!.replace(/^\.\//, ""),
});
const rgFiles = (opts: string[], root: string) => ({
  cmd: "rg",
  args: ["--files", "--no-config", ...opts, ...(root === "." ? [] : [root])],
});

const GREP: [string, string[], string][] = [
  ["grep -r reads every file below, hidden ones and .git too", [], "."],
  ["--include=GLOB: search only files whose base name matches GLOB", ["--include=*.py"], "."],
  ["--exclude=GLOB: skip any subfile whose base name matches GLOB", ["--exclude=.env*"], "."],
  ["--exclude-dir=GLOB: skip any subdirectory whose base name matches", [
    "--exclude-dir=secrets",
    "--exclude-dir=.git",
  ], "."],
  ["contradictory --include and --exclude: the last matching one wins", [
    "--include=*.py",
    "--exclude=a*",
  ], "src"],
  ["no --include or --exclude matches: included unless the first is --include", [
    "--exclude=*.log",
    "--include=*.py",
  ], "."],
  ["a glob's star matches a leading dot", ["--exclude=*"], "."],
];
/**
 * ripgrep's cases: name, options, root, and why skald's walk reads more than rg does when it
 * does (it may, never less): `-u` counted once is taken as `-uu` (the notation does not count a
 * repeated option), and every `--no-ignore-*` as `--no-ignore`.
 */
const RG: [string, string[], string, string?][] = [
  ["rg skips hidden files and what ignore files ignore", [], "."],
  ["--hidden: search hidden files and directories", ["--hidden"], "."],
  ["-u: do not respect ignore files", ["-u"], ".", "-u read as -uu"],
  ["-uu: and search hidden files", ["-uu"], "."],
  ["--no-ignore-vcs: .gitignore not respected", ["--no-ignore-vcs"], ".", "read as --no-ignore"],
  ["-g GLOB: only files that match, hidden or not", ["-g", "*.py"], "."],
  ["-g !GLOB: excludes", ["-g", "!src"], "."],
  ["-g: a whitelist beats hidden and ignored names", ["-g", ".env*"], "."],
  ["--iglob: case insensitive", ["--iglob", "*.PY"], "."],
  ["a subdirectory: the ignore files above it count", [], "web"],
  ["a subdirectory's .rgignore", [], "docs"],
];

const CASES: Case[] = [
  ...GREP.map(([name, opts, root]): Case => ({
    name: `grep: ${name}`,
    argv: ["grep", "-r", ...opts, "K", root],
    root,
    judge: grepFiles(opts, root),
    needs: grep,
  })),
  ...RG.map(([name, opts, root, more]): Case => ({
    name: `rg: ${name}`,
    argv: ["rg", ...opts, "K", root],
    root,
    judge: rgFiles(opts, root),
    needs: rg,
    ...(more === undefined ? {} : { more }),
  })),
  {
    name: "git grep: every tracked file below its paths",
    argv: ["git", "grep", "K"],
    root: ".",
    judge: { cmd: "git", args: ["ls-files"] },
    needs: git,
  },
  {
    name: "git grep --untracked: also the files not ignored",
    argv: ["git", "grep", "--untracked", "K"],
    root: ".",
    judge: { cmd: "git", args: ["ls-files", "-co", "--exclude-standard"] },
    needs: git,
  },
];

for (const c of CASES) {
  Deno.test({
    name: `reader walk: ${c.name}`,
    ignore: !c.needs,
    fn: async () => {
      const dir = await project();
      try {
        const judged = (await lines(c.judge.cmd, c.judge.args, dir, c.judge.split))
          .map(c.judge.map ?? ((l) => l.replace(/^\.\//, "")))
          .sort();
        const ours = walked(dir, c.argv, c.root);
        if (c.more === undefined) assert.deepEqual(ours, judged);
        else {
          // Never less than the program reads; more only where the case says why.
          assert.deepEqual(judged.filter((f) => !ours.includes(f)), [], c.more);
          assert.ok(ours.length > judged.length, `no longer more: ${c.more}`);
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

Deno.test("reader walk: ripgrep's configuration file may undo its defaults: set, nothing skipped", () => {
  const f = treeFilter(["rg", "K"]);
  assert.equal(f.configVariable, "RIPGREP_CONFIG_PATH");
  assert.equal(treeFilter(["rg", "--no-config", "K"]).configVariable, undefined);
});

Deno.test("reader walk: an option skald does not know, or a filter only known at run time, skips nothing", () => {
  assert.equal(treeFilter(["rg", "--no-such-option", "K"]).skipsHidden, false);
  assert.deepEqual(treeFilter(["grep", "-r", null, "K"]).nameGlobs, []);
  assert.deepEqual(treeFilter(["rg", "-g", null, "K"]).overrides, []);
});
