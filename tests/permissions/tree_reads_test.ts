/**
 * Reads over whole trees (issue 11, point 3) and paths with `$HOME` (point 4): a reader that
 * descends a directory is held against every Read rule that names a path below it; `$HOME`,
 * `${HOME}`, `"$HOME"`, `~` and `~user` (the user's own) are the known home in every path a
 * rule is held against. Both ways: denied where a rule names what the reader reaches; the same
 * reader elsewhere, a listing (`ls -R`, `du -a`), or another program keeps its verdict.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { PathEnv } from "../../lib/permissions/paths.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { treeHolds } from "../../lib/fs/tree_search.ts";
import { treeReads } from "../../lib/permissions/effects/tree_reads.ts";
import { fakeTreeHolds } from "../_env.ts";

/** The files of the test project, for the walk a rule at any depth asks for. */
const FILES = [
  "/proj/.env",
  "/proj/secrets/k",
  "/proj/src/a.ts",
  "/proj/src/lib/b.ts",
  "/proj/app/.env",
  "/proj/app/main.ts",
  "/home/u/.ssh/id_rsa",
  "/home/u/notes.txt",
];

const env: PathEnv = {
  root: "/proj",
  home: "/home/u",
  realPath: (p) => p,
  treeHolds: fakeTreeHolds(FILES),
};

const policy = new Policy({
  sources: [{
    label: ".claude/settings.json",
    scope: "project",
    deny: ["Read(./secrets/**)", "Read(./.env)", "Read(~/.ssh/**)"],
    allow: ["Bash(cp:*)", "Bash(rsync:*)", "Bash(tar:*)", "Bash(zip:*)", "Bash(git:*)"],
  }],
  env,
});

interface Case {
  name: string;
  command: string;
  verdict: Verdict;
  rule?: string;
}

const CASES: Case[] = [
  // grep and its relatives
  { name: "grep -r KEY .", command: "grep -r KEY .", verdict: "deny", rule: "Read(./secrets/**)" },
  { name: "grep -rl KEY (no path: .)", command: "grep -rl KEY", verdict: "deny" },
  { name: "grep -R", command: "grep -R KEY .", verdict: "deny" },
  { name: "grep --recursive", command: "grep --recursive KEY .", verdict: "deny" },
  { name: "grep -d recurse", command: "grep -d recurse KEY .", verdict: "deny" },
  {
    name: "grep --directories=recurse",
    command: "grep --directories=recurse KEY .",
    verdict: "deny",
  },
  { name: "egrep -r", command: "egrep -r KEY .", verdict: "deny" },
  { name: "fgrep -r", command: "fgrep -r KEY .", verdict: "deny" },
  {
    name: "grep -r -e KEY (every operand a path)",
    command: "grep -r -e KEY secrets",
    verdict: "deny",
  },
  {
    name: "an exclusion does not count (--exclude-dir=secrets)",
    command: "grep -r --exclude-dir=secrets KEY .",
    verdict: "deny",
  },
  {
    name: "grep -r over a tree with no denied path (src)",
    command: "grep -r KEY src",
    verdict: "allow",
  },
  {
    name: "grep -r over a tree holding a .env (app/.env, Read(./.env) at any depth)",
    command: "grep -r KEY app",
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "grep without -r over a directory reads nothing below",
    command: "grep KEY src/a.ts",
    verdict: "allow",
  },
  { name: "grep -rn in src/lib", command: "grep -rn TODO src/lib", verdict: "allow" },
  // always recursive
  { name: "rg (no path: .)", command: "rg KEY", verdict: "deny" },
  {
    name: "rg -g '!secrets' (an exclusion does not count)",
    command: "rg -g '!secrets' KEY",
    verdict: "deny",
  },
  { name: "rg in src", command: "rg KEY src", verdict: "allow" },
  { name: "ag", command: "ag KEY", verdict: "deny" },
  { name: "ack", command: "ack KEY .", verdict: "deny" },
  { name: "git grep --no-index", command: "git grep --no-index KEY", verdict: "deny" },
  { name: "git grep --untracked", command: "git grep --untracked KEY", verdict: "deny" },
  { name: "git grep of tracked files in src", command: "git grep KEY src", verdict: "allow" },
  // archivers and copiers
  { name: "tar czf out .", command: "tar czf /tmp/out.tgz .", verdict: "deny" },
  { name: "tar -c -f out secrets", command: "tar -c -f /tmp/o.tar secrets", verdict: "deny" },
  { name: "tar --create", command: "tar --create --file=/tmp/o.tar .", verdict: "deny" },
  { name: "tar xf (extracting reads no tree)", command: "tar xf /tmp/o.tar", verdict: "allow" },
  { name: "tar czf of src", command: "tar czf out/src.tgz src", verdict: "allow" },
  { name: "zip -r", command: "zip -r /tmp/all.zip .", verdict: "deny" },
  { name: "zip -r of src", command: "zip -r out/src.zip src", verdict: "allow" },
  { name: "cp -r . backup", command: "cp -r . /tmp/backup", verdict: "deny" },
  { name: "cp -a", command: "cp -a . /tmp/backup", verdict: "deny" },
  { name: "cp -R secrets", command: "cp -R secrets /tmp/s", verdict: "deny" },
  { name: "cp -t DIR SRC", command: "cp -r -t /tmp/b secrets", verdict: "deny" },
  {
    name: "cp -r src (the destination is not read)",
    command: "cp -r src out/b",
    verdict: "allow",
  },
  { name: "rsync -a", command: "rsync -a ./ /tmp/mirror", verdict: "deny" },
  { name: "rsync -r to a host", command: "rsync -r . host:/backup", verdict: "deny" },
  {
    name: "rsync -a from a host reads nothing here",
    command: "rsync -a host:/x out/x",
    verdict: "allow",
  },
  { name: "scp -r", command: "scp -r . host:/b", verdict: "deny" },
  { name: "diff -r", command: "diff -r . /tmp/other", verdict: "deny" },
  { name: "diff of two files", command: "diff src/a.ts src/lib/b.ts", verdict: "allow" },
  { name: "find -exec cat", command: "find . -type f -exec cat {} +", verdict: "deny" },
  {
    name: "find with no start path -exec",
    command: "find -name '*' -exec cat {} ;",
    verdict: "deny",
  },
  { name: "cat of a glob reaching secrets", command: "cat secrets/*", verdict: "deny" },
  // names, not contents: as today
  { name: "ls -R lists names", command: "ls -R", verdict: "allow" },
  { name: "du -a lists names", command: "du -a .", verdict: "allow" },
  { name: "find -name lists names", command: "find . -name '*.ts'", verdict: "allow" },
  // after a cd, and from above the project
  { name: "cd src && grep -r KEY ..", command: "cd src && grep -r KEY ..", verdict: "deny" },
  { name: "grep -r KEY / reaches everything", command: "grep -r KEY /", verdict: "deny" },
  { name: "a directory only known at run time", command: 'grep -r KEY "$DIR"', verdict: "deny" },
  // the home
  {
    name: "cat $HOME/.ssh/id_rsa",
    command: "cat $HOME/.ssh/id_rsa",
    verdict: "deny",
    rule: "Read(~/.ssh/**)",
  },
  { name: "cat ${HOME}/.ssh/id_rsa", command: "cat ${HOME}/.ssh/id_rsa", verdict: "deny" },
  { name: 'cat "$HOME"/.ssh/id_rsa', command: 'cat "$HOME"/.ssh/id_rsa', verdict: "deny" },
  { name: 'cat "$HOME/.ssh/id_rsa"', command: 'cat "$HOME/.ssh/id_rsa"', verdict: "deny" },
  { name: "cat ~/.ssh/id_rsa", command: "cat ~/.ssh/id_rsa", verdict: "deny" },
  {
    name: "cat ~u/.ssh/id_rsa (the user's own name)",
    command: "cat ~u/.ssh/id_rsa",
    verdict: "deny",
  },
  { name: "head < $HOME/.ssh/id_rsa", command: "head < $HOME/.ssh/id_rsa", verdict: "deny" },
  { name: "grep -r KEY $HOME", command: "grep -r KEY $HOME", verdict: "deny" },
  { name: "tar czf of ~/.ssh", command: "tar czf /tmp/k.tgz ~/.ssh", verdict: "deny" },
  { name: "cat $HOME/notes.txt is not the rule's", command: "cat $HOME/notes.txt", verdict: "ask" },
  {
    name: "another variable stays unknown (cat $DIR/id_rsa)",
    command: "cat $DIR/id_rsa",
    verdict: "ask",
  },
];

for (const c of CASES) {
  Deno.test(`tree reads: ${c.name}`, () => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    assert.equal(d.verdict, c.verdict, d.reason);
    if (c.rule !== undefined) assert.equal(d.rule, c.rule);
  });
}

Deno.test("tree reads: without a disk to ask, a rule at any depth meets every tree (fail closed)", () => {
  const blind = new Policy({
    sources: [{ label: "p", scope: "project", deny: ["Read(./.env)"] }],
    env: { root: "/proj", home: "/home/u", realPath: (p) => p },
  });
  assert.equal(
    blind.decide({ tool: "Bash", input: { command: "grep -r KEY src" } }).verdict,
    "deny",
  );
});

Deno.test("tree reads: on disk, a walk finds the .env below; over its bound the verdict is ask, never allow and never deny (issue 23)", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-trees-" }));
  try {
    await Deno.mkdir(`${dir}/src/deep/er`, { recursive: true });
    await Deno.mkdir(`${dir}/lib`, { recursive: true });
    await Deno.writeTextFile(`${dir}/src/deep/er/.env`, "KEY=1");
    await Deno.writeTextFile(`${dir}/lib/a.ts`, "");
    const disk = new Policy({
      sources: [{ label: "p", scope: "project", deny: ["Read(./.env)"] }],
      env: { root: dir, home: "/home/u", realPath: (p) => p, treeHolds },
    });
    const at = (command: string) => disk.decide({ tool: "Bash", input: { command } }).verdict;
    assert.equal(at("grep -r KEY src"), "deny");
    assert.equal(at("grep -r KEY lib"), "allow", "no .env below lib: read-only inside the project");
    const tiny = new Policy({
      sources: [{ label: "p", scope: "project", deny: ["Read(./.env)"] }],
      env: {
        root: dir,
        home: "/home/u",
        realPath: (p) => p,
        treeHolds: (d, t) => treeHolds(d, t, { budget: 0 }),
      },
    });
    const over = tiny.decide({ tool: "Bash", input: { command: "grep -r KEY lib" } });
    assert.equal(over.verdict, "ask");
    assert.equal(over.rule, "Read(./.env)");
    assert.match(over.reason, /more than skald walks for one call/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tree reads: the directories each reader descends", () => {
  const table: [(string | null)[], (string | null)[]][] = [
    [["grep", "-r", "KEY", "a", "b"], ["a", "b"]],
    [["grep", "-rm3", "KEY"], ["."]],
    [["grep", "-m", "3", "-r", "KEY", "x"], ["x"]],
    [["grep", "-r", "--", "-KEY", "x"], ["x"]],
    [["rg", "-t", "ts", "KEY", "src"], ["src"]],
    // `rg --files` lists names, as `ls -R` does: no content read (issue 23).
    [["rg", "--files", "src"], []],
    [["tar", "cvf", "out.tar", "a", "b"], ["a", "b"]],
    [["tar", "-czf", "out.tgz", "a"], ["a"]],
    [["cp", "-a", "x", "y", "dest"], ["x", "y"]],
    [["cp", "--target-directory=d", "-r", "x"], ["x"]],
    [["find", "-L", "a", "b", "-exec", "cat", "{}", ";"], ["a", "b"]],
    [["grep", "-r", "KEY", null], [null]],
    [["cp", "x", "y"], []],
    [["zip", "out.zip", "a"], []],
  ];
  for (const [argv, want] of table) assert.deepEqual(treeReads(argv), want, JSON.stringify(argv));
});

Deno.test("tree reads: the reason says what the command does where the rule applies", () => {
  const reason = (command: string) => policy.decide({ tool: "Bash", input: { command } }).reason;
  // Issue 23, point 6: the file found, and the way through.
  assert.match(
    reason("grep -r KEY ."),
    /\(the command `grep` reads `\.\/secrets\/k` below `\.`; instead: add `--exclude-dir=secrets/,
  );
  assert.match(reason("cat $HOME/.ssh/id_rsa"), /\(the command reads \/home\/u\/\.ssh\/id_rsa\)$/);
  assert.match(reason("cat secrets/*"), /\(the command reads secrets\/\*\)$/);
  assert.match(reason('grep -r KEY "$DIR"'), /reads a directory whole that is only known/);
});
