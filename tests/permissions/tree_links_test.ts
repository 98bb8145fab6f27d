/**
 * Readers that follow the symbolic links inside a tree they read (the deny view's promise:
 * "no symlink may slip past a deny rule"). Run for real, `grep -R KEY src` printed
 * `secrets/k` through the link `src/keys -> ../secrets` that `grep -r` skips; `zip -r` stored
 * it, `diff -r` printed it, `tar -h` archived it (`tests/exec_oracle/_attacks.ts` holds the
 * same shapes against bash under strace). So a reader that follows links is held, for every
 * Read rule, against what the links below its trees lead to (the disk walked, each real
 * directory once); one that does not follow them keeps its verdict.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { treeHolds } from "../../lib/fs/tree_search.ts";
import { expandGlob } from "../../lib/fs/glob_expand.ts";
import { realPathOnDisk } from "../../lib/fs/real_path.ts";
import { followsLinks } from "../../lib/permissions/effects/tree_reads.ts";

interface Case {
  name: string;
  command: string;
  verdict: Verdict;
  rule?: string;
}

/** Under `Read(./secrets/**)` and `Read(./.env)`, each program allowed by a rule of its own. */
const CASES: Case[] = [
  // The readers that follow links: each reaches secrets/ or .env through src/.
  { name: "grep -R follows links", command: "grep -R KEY src", verdict: "deny", rule: "secrets" },
  { name: "grep -rR (a cluster)", command: "grep -rnR KEY src", verdict: "deny" },
  {
    name: "grep --dereference-recursive",
    command: "grep --dereference-recursive K src",
    verdict: "deny",
  },
  { name: "rg -L", command: "rg -L KEY src", verdict: "deny" },
  { name: "rg --follow", command: "rg --follow KEY src", verdict: "deny" },
  { name: "ag -f", command: "ag -f KEY src", verdict: "deny" },
  { name: "ack --follow", command: "ack --follow KEY src", verdict: "deny" },
  { name: "tar -h (dereference)", command: "tar -chf out.tar src", verdict: "deny" },
  { name: "tar chf (bundled h)", command: "tar chf out.tar src", verdict: "deny" },
  { name: "tar --dereference", command: "tar --dereference -cf out.tar src", verdict: "deny" },
  { name: "zip -r stores link targets", command: "zip -r out.zip src", verdict: "deny" },
  { name: "cp -rL", command: "cp -rL src out", verdict: "deny" },
  { name: "cp -r --dereference", command: "cp -r --dereference src out", verdict: "deny" },
  { name: "rsync -rL", command: "rsync -rL src/ out/", verdict: "deny" },
  {
    name: "rsync -a --copy-unsafe-links",
    command: "rsync -a --copy-unsafe-links src out",
    verdict: "deny",
  },
  { name: "scp -r follows links", command: "scp -r src host:out", verdict: "deny" },
  { name: "diff -r follows links", command: "diff -r src other", verdict: "deny" },
  { name: "find -L ... -exec", command: "find -L src -type f -exec cat {} +", verdict: "deny" },
  { name: "find ... -follow -exec", command: "find src -follow -exec cat {} +", verdict: "deny" },
  {
    name: "only a link to .env (no secrets/ on the way)",
    command: "grep -R KEY conf",
    verdict: "deny",
    rule: "env",
  },
  { name: "a link nested two deep", command: "grep -R KEY deep", verdict: "deny" },
  // The same programs without following links: the links are not read.
  { name: "grep -r does not follow", command: "grep -r KEY src", verdict: "allow" },
  { name: "rg without -L", command: "rg KEY src", verdict: "allow" },
  { name: "tar without -h", command: "tar -cf out.tar src", verdict: "allow" },
  { name: "zip -ry stores links as links", command: "zip -ry out.zip src", verdict: "allow" },
  {
    name: "diff -r --no-dereference",
    command: "diff -r --no-dereference src other",
    verdict: "allow",
  },
  // Trees whose links stay inside them, lead nowhere, or loop.
  { name: "a link inside the tree", command: "grep -R KEY inner", verdict: "allow" },
  { name: "a dangling link", command: "grep -R KEY dangling", verdict: "allow" },
  { name: "a link to its own ancestor ends", command: "grep -R KEY loop", verdict: "allow" },
  { name: "a tree with no link", command: "grep -R KEY plain", verdict: "allow" },
  // The red team's: abbreviated long options (getopt takes a unique prefix).
  { name: "grep --deref (a prefix)", command: "grep --deref KEY src", verdict: "deny" },
  { name: "grep --dereference-rec", command: "grep --dereference-rec KEY src", verdict: "deny" },
  { name: "tar --cre -h", command: "tar --cre -h -f o.tar src", verdict: "deny" },
  { name: "tar -c --deref", command: "tar -c --deref -f o.tar src", verdict: "deny" },
  {
    name: "grep --re is ambiguous (grep refuses it)",
    command: "grep --re KEY plain",
    verdict: "allow",
  },
  // The red team's: the command changes the tree first, so links the disk does not hold yet.
  {
    name: "git checkout, then grep -R",
    command: "git checkout evil -- plain && grep -R KEY plain",
    verdict: "deny",
  },
  {
    name: "git merge, then grep -R",
    command: "git merge -q evil && grep -R KEY plain",
    verdict: "deny",
  },
  {
    name: "tar -x, then grep -R",
    command: "tar -xf evil.tar && grep -R KEY plain",
    verdict: "deny",
  },
  {
    name: "ln -st, then grep -R",
    command: "ln -st plain ../secrets && grep -R KEY plain",
    verdict: "deny",
  },
  {
    name: "a write elsewhere, then grep -R",
    command: "echo x > other/n && grep -R KEY plain",
    verdict: "allow",
  },
  // The red team's: a link whose target depends on the process that follows it.
  { name: "a link through /proc/self/cwd", command: "grep -R KEY proc", verdict: "deny" },
  // The red team's false deny: many files reached through a link, none a rule names.
  { name: "1,500 files through a link", command: "grep -R TODO pkgs", verdict: "allow" },
  // Globs whose matches go through links (bash expands them before the program runs).
  { name: "a glob's fixed part through a link", command: "grep KEY src/keys/*", verdict: "deny" },
  { name: "a wildcard through a link", command: "grep -l KEY src/*/*", verdict: "deny" },
  { name: "a glob matching a link to a file", command: "cat conf/*", verdict: "deny", rule: "env" },
  { name: "a glob matching no link", command: "cat src/*.ts", verdict: "allow" },
];

/** Lays the project: src/ and conf/ reach secrets/ and .env by links; the others do not. */
async function project(): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-links-" }));
  for (
    const d of [
      "secrets",
      "src",
      "conf",
      "deep/a/b",
      "inner/x",
      "dangling",
      "loop/l",
      "plain",
      "other",
    ]
  ) {
    await Deno.mkdir(`${dir}/${d}`, { recursive: true });
  }
  await Deno.writeTextFile(`${dir}/secrets/k`, "KEY=1");
  await Deno.writeTextFile(`${dir}/.env`, "KEY=2");
  await Deno.writeTextFile(`${dir}/src/a.ts`, "");
  await Deno.writeTextFile(`${dir}/inner/x/a.ts`, "");
  await Deno.writeTextFile(`${dir}/plain/a.ts`, "");
  await Deno.symlink("../secrets", `${dir}/src/keys`);
  await Deno.symlink("../.env", `${dir}/conf/settings.env`);
  // deep/a/b/hop -> ../../../src, whose own link leads to secrets/.
  await Deno.symlink("../../../src", `${dir}/deep/a/b/hop`);
  await Deno.symlink("x", `${dir}/inner/y`);
  await Deno.symlink("../nowhere", `${dir}/dangling/gone`);
  await Deno.symlink("../../loop", `${dir}/loop/l/up`);
  await Deno.mkdir(`${dir}/proc`);
  await Deno.symlink("/proc/self/cwd/../secrets", `${dir}/proc/k`);
  await Deno.mkdir(`${dir}/lib`);
  for (let i = 0; i < 1500; i++) await Deno.writeTextFile(`${dir}/lib/f${i}.ts`, "");
  await Deno.mkdir(`${dir}/pkgs`);
  await Deno.symlink("../lib", `${dir}/pkgs/lib`);
  return dir;
}

Deno.test("tree links: a reader that follows links is held against what they lead to", async () => {
  const dir = await project();
  try {
    const policy = new Policy({
      sources: [{
        label: ".claude/settings.json",
        scope: "project",
        deny: ["Read(./secrets/**)", "Read(./.env)"],
        allow: [
          "grep",
          "rg",
          "ag",
          "ack",
          "tar",
          "zip",
          "cp",
          "rsync",
          "scp",
          "diff",
          "find",
          "git",
          "ln",
          "cat",
          "echo",
        ]
          .map((p) => `Bash(${p}:*)`),
      }],
      env: { root: dir, home: "/home/u", realPath: realPathOnDisk, treeHolds, expandGlob },
    });
    const failures = CASES.flatMap((c) => {
      const d = policy.decide({ tool: "Bash", input: { command: c.command } });
      // `cp`, `rsync`, `scp` and `zip` write their output inside the project: allowed by their
      // rule; the verdict that matters is deny or not.
      const got = d.verdict === "deny" ? "deny" : "allow";
      const bad = got !== c.verdict ||
        (c.rule !== undefined && !(d.rule ?? "").includes(c.rule));
      return bad ? [`${c.name}: ${c.command} -> ${d.verdict} ${d.rule ?? ""} (${d.reason})`] : [];
    });
    assert.deepEqual(failures, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tree links: without the disk a following reader is denied; past the walk's budget it is asked about (issue 23)", async () => {
  const dir = await project();
  try {
    const decide = (env: ConstructorParameters<typeof Policy>[0]["env"]) =>
      new Policy({ sources: [{ label: "p", scope: "project", deny: ["Read(./secrets/**)"] }], env })
        .decide({ tool: "Bash", input: { command: "grep -R KEY plain" } }).verdict;
    assert.notEqual(decide({ root: dir, home: "/home/u", realPath: (p) => p, treeHolds }), "deny");
    assert.equal(decide({ root: dir, home: "/home/u", realPath: (p) => p }), "deny");
    const tiny = (d: string, t: (p: string) => boolean, o?: { followLinks?: boolean }) =>
      treeHolds(d, t, { ...o, budget: 0 });
    assert.equal(
      decide({ root: dir, home: "/home/u", realPath: (p) => p, treeHolds: tiny }),
      "ask",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tree links: which readers follow the links inside a tree", () => {
  const table: [string[], boolean][] = [
    [["grep", "-r", "KEY"], false],
    [["grep", "-R", "KEY"], true],
    [["egrep", "-Rl", "KEY"], true],
    [["grep", "--dereference-recursive", "KEY"], true],
    [["grep", "-e", "-R", "-r", "."], false], // -R is the pattern here
    [["rg", "KEY"], false],
    [["rg", "-uL", "KEY"], true],
    [["ag", "--follow", "KEY"], true],
    [["ack", "KEY"], false],
    [["tar", "cf", "o.tar", "d"], false],
    [["tar", "czhf", "o.tgz", "d"], true],
    [["tar", "-c", "-h", "-f", "o.tar", "d"], true],
    [["zip", "-r", "o.zip", "d"], true],
    [["zip", "-r", "--symlinks", "o.zip", "d"], false],
    [["cp", "-a", "d", "e"], false],
    [["cp", "-aL", "d", "e"], true],
    [["rsync", "-a", "d", "e"], false],
    [["rsync", "-ak", "d", "e"], true],
    [["scp", "-r", "d", "h:e"], true],
    [["diff", "-r", "a", "b"], true],
    [["find", "d", "-exec", "cat", "{}", ";"], false],
    [["find", "-L", "d", "-exec", "cat", "{}", ";"], true],
    [["/usr/bin/grep", "-R", "K"], true],
    [["cat", "-R"], false],
  ];
  const wrong = table.filter(([argv, want]) => followsLinks(argv) !== want);
  assert.deepEqual(wrong, []);
});
