/**
 * What git writes in a working tree, held against Edit rules on a real repository (issue 23,
 * point 4: writers by what they touch): `git checkout FILE` restores that file; `git stash`
 * writes the tracked files back (`-u` also those not ignored, `-a` any); a branch switch, merge
 * or reset writes the tracked files and may write files of other commits (asked about, never
 * allowed on a guess); `git init` writes its `.git`; `git clean -x` any file. And what git reads
 * into its object store: `git add .` the files it tracks and those `.gitignore` does not ignore,
 * `git stash -u` those too. Each case with its twin.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskPathEnv } from "../../lib/fs/disk_env.ts";

const git = await (async () => {
  try {
    return (await new Deno.Command("git", { args: ["--version"], stdout: "null" }).output())
      .success;
  } catch {
    return false;
  }
})();

async function repo(): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-git-writes-" }));
  const files: Record<string, string> = {
    ".env": "KEY=1",
    ".gitignore": ".env\n",
    "src/a.py": "a",
    "src/sub/b.ts": "b",
    "notes.txt": "untracked, not ignored",
  };
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  const run = (...args: string[]) =>
    new Deno.Command("git", {
      args: ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args],
    }).output();
  await run("init", "-q", "-b", "trunk");
  await run("add", ".gitignore", "src");
  await run("commit", "-qm", "first");
  return dir;
}

type Verdict = "allow" | "deny" | "ask";
const CASES: [string, string, string, Verdict | "not deny"][] = [
  [
    "git checkout FILE restores that file only",
    "Edit(./src/sub/**)",
    "git checkout src/a.py",
    "not deny",
  ],
  ["its twin: the file a rule names", "Edit(./src/sub/**)", "git checkout src/sub/b.ts", "deny"],
  [
    "a branch switch writes the tracked files: one a rule names",
    "Edit(./src/sub/**)",
    "git checkout trunk",
    "deny",
  ],
  [
    "a branch switch may write other commits' files: asked, not denied",
    "Write(./.env)",
    "git checkout trunk",
    "ask",
  ],
  [
    "git stash writes back only tracked files (.env is not)",
    "Write(./.env)",
    "git stash push -m x",
    "not deny",
  ],
  [
    "git stash -u: also files not ignored (.env is ignored)",
    "Write(./.env)",
    "git stash -u",
    "not deny",
  ],
  [
    "its twin: -u removes an untracked file a rule names",
    "Write(./notes.txt)",
    "git stash -u",
    "deny",
  ],
  ["git stash -a: every file", "Write(./.env)", "git stash -a", "deny"],
  ["git stash drop touches no file", "Write(./.env)", "git stash drop", "not deny"],
  ["git stash pop may bring other commits' files: asked", "Write(./.env)", "git stash pop", "ask"],
  ["git init writes .git: its template is not read, asked", "Write(./.env)", "git init sub", "ask"],
  ["its twin: a rule on what git init surely writes", "Edit(./.git/config)", "git init", "deny"],
  ["git clean -x may remove any file", "Write(./.env)", "git clean -fdx", "deny"],
  // What git reads into its object store (issue 22: `git add .` over a Read-denied file).
  ["git add . stores a file .gitignore does not ignore", "Read(./notes.txt)", "git add .", "deny"],
  ["its twin: one .gitignore ignores", "Read(./.env)", "git add .", "not deny"],
  ["git add -f stores ignored files too", "Read(./.env)", "git add -f .", "deny"],
  [
    "git add -A without a pathspec: the whole working tree",
    "Read(./notes.txt)",
    "git add -A",
    "deny",
  ],
  ["git add -u stores tracked files only", "Read(./notes.txt)", "git add -u", "not deny"],
  ["git add PATH stores below PATH only", "Read(./notes.txt)", "git add src", "not deny"],
  ["git stash -u stores untracked files not ignored", "Read(./notes.txt)", "git stash -u", "deny"],
  ["its twin: git stash stores tracked files only", "Read(./notes.txt)", "git stash", "not deny"],
];

for (const [name, rule, command, verdict] of CASES) {
  Deno.test({
    name: `git writes on disk: ${name}`,
    ignore: !git,
    fn: async () => {
      const dir = await repo();
      try {
        const policy = new Policy({
          sources: [{ label: "p", scope: "project", deny: [rule] }],
          env: diskPathEnv(dir, "/home/nobody"),
        });
        const d = policy.decide({ tool: "Bash", input: { command } });
        if (verdict === "not deny") assert.notEqual(d.verdict, "deny", `${command}: ${d.reason}`);
        else assert.equal(d.verdict, verdict, `${command}: ${d.reason}`);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}
