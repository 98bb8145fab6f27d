/**
 * Recursive readers decided on a real project tree (issue 23, point 1): a deny rule applies to a
 * tree read only when a file it names really lies below the tree and the reader would read it
 * with its own filters. Each dangerous case has its harmless twin; the figures of what each
 * reader reads are held against the programs themselves in `tree_filter_test.ts`.
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

async function project(): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-tree-disk-" }));
  const files: Record<string, string> = {
    ".env": "KEY=1",
    ".gitignore": ".env\nsecrets/\n",
    "src/a.py": "TODO",
    "src/sub/b.ts": "TODO",
    "secrets/key": "s",
    "certs/k.pem": "pem",
    "web/app.js": "TODO",
  };
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  if (git) {
    const run = (...args: string[]) =>
      new Deno.Command("git", { args: ["-C", dir, ...args] }).output();
    await run("init", "-q");
    await run("add", ".");
  }
  return dir;
}

type Verdict = "allow" | "deny" | "ask";
const CASES: [string, string, string, Verdict][] = [
  // [name, rule(s), command, verdict]
  ["a tree that holds no file the rule names", "Read(./.env)", "grep -r TODO src", "allow"],
  ["its twin: the tree holds it", "Read(./.env)", "grep -rn TODO .", "deny"],
  ["a root that does not exist holds nothing", "Read(./.env)", "grep -r TODO nowhere", "allow"],
  ["grep --exclude leaves the file out", "Read(./.env)", "grep -rn TODO . --exclude=.env", "allow"],
  [
    "grep --exclude-dir leaves a directory out",
    "Read(./secrets/**)",
    "grep -rn TODO . --exclude-dir=secrets",
    "allow",
  ],
  ["its twin: the directory read", "Read(./secrets/**)", "grep -rn TODO .", "deny"],
  [
    "grep --include reads only the names it matches",
    "Read(./**/*.pem)",
    "grep -rn TODO . --include='*.py'",
    "allow",
  ],
  ["its twin: every name", "Read(./**/*.pem)", "grep -rn TODO .", "deny"],
  [
    "an unquoted --include glob may be expanded or dropped by the shell: not trusted",
    "Read(./**/*.pem)",
    "grep -rn TODO . --include=*.py",
    "deny",
  ],
  ["rg skips hidden names (.env)", "Read(./.env)", "rg TODO", "allow"],
  [
    "its twin: rg --hidden --no-ignore reads it",
    "Read(./.env)",
    "rg --hidden --no-ignore TODO",
    "deny",
  ],
  ["rg skips what .gitignore ignores (secrets/)", "Read(./secrets/**)", "rg TODO", "allow"],
  ["its twin: rg -u reads ignored files", "Read(./secrets/**)", "rg -u TODO", "deny"],
  [
    "a file the command itself writes there counts",
    "Read(./.env)",
    "echo K > src/.env; grep -r K src",
    "deny",
  ],
];

const GIT_CASES: [string, string, string, Verdict][] = [
  ["git grep reads only tracked files (.env is not)", "Read(./.env)", "git grep TODO", "allow"],
  ["its twin: --no-index reads every file", "Read(./.env)", "git grep --no-index TODO", "deny"],
  ["git grep reads tracked .pem files", "Read(./**/*.pem)", "git grep TODO", "deny"],
];

for (const [name, rules, command, verdict] of [...CASES, ...(git ? GIT_CASES : [])]) {
  Deno.test(`tree reads on disk: ${name}`, async () => {
    const dir = await project();
    try {
      const policy = new Policy({
        sources: [{ label: "p", scope: "project", deny: rules.split("|") }],
        env: diskPathEnv(dir, "/home/nobody"),
      });
      const d = policy.decide({ tool: "Bash", input: { command } });
      assert.equal(d.verdict, verdict, `${command}: ${d.reason}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("tree reads on disk: a deny names the file and the way through (issue 23, point 6)", async () => {
  const dir = await project();
  try {
    const policy = new Policy({
      sources: [{ label: "p", scope: "project", deny: ["Read(./.env)", "Read(./secrets/**)"] }],
      env: diskPathEnv(dir, "/home/nobody"),
    });
    const d = policy.decide({ tool: "Bash", input: { command: "grep -rn TODO ." } });
    assert.equal(d.verdict, "deny");
    assert.match(d.reason, /`grep` reads `\.\/\.env` below `\.`/);
    assert.match(d.reason, /add `--exclude=\.env --exclude-dir=secrets`/);
    assert.match(d.reason, /the Grep tool/);
    const rg = policy.decide({ tool: "Bash", input: { command: "rg -uu TODO" } });
    assert.match(rg.reason, /add `-g '!\.env' -g '!secrets'`/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tree reads on disk: rg's RIPGREP_CONFIG_PATH is read from the caller's environment (the hook's, not the resident decider's)", async () => {
  const dir = await project();
  try {
    const decide = (vars: Record<string, string>) =>
      new Policy({
        sources: [{ label: "p", scope: "project", deny: ["Read(./.env)"] }],
        env: diskPathEnv(dir, "/home/nobody", undefined, undefined, (name) => vars[name]),
      }).decide({ tool: "Bash", input: { command: "rg TODO" } }).verdict;
    assert.equal(decide({}), "allow");
    // The file it names may say --hidden: what rg skips is not known.
    assert.equal(decide({ RIPGREP_CONFIG_PATH: `${dir}/rgrc` }), "deny");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
