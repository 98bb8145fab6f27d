/**
 * Glob words held against Bash deny rules as bash will expand them (issue 23, point 2: `ls *.md`
 * is never `find -delete`), each with its dangerous twin: a match that does hold the rule's
 * words, a command that may change what the glob matches, a glob whose words the user's shell
 * options would change.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskPathEnv } from "../../lib/fs/disk_env.ts";

type Verdict = "allow" | "deny" | "ask";
const CASES: [string, string, string, Verdict | "not deny"][] = [
  [
    "a glob whose matches hold no rule words",
    "Bash(*DROP TABLE:*)",
    "grep -l X tests/*.py",
    "not deny",
  ],
  ["its twin: a match holds them", "Bash(*DROP TABLE:*)", "grep -l X drop/*.sql", "deny"],
  [
    "ls *.md is never find -delete",
    "Bash(*find*-delete*:*)",
    "ls -la *.md 2>/dev/null",
    "not deny",
  ],
  [
    "a glob that matches nothing: the word as written, or none",
    "Bash(*DROP TABLE:*)",
    "pip install -e .[dev]",
    "not deny",
  ],
  [
    "a command that writes may change what a glob matches",
    "Bash(*DROP TABLE:*)",
    "touch new.py; grep -l X tests/*.py",
    "deny",
  ],
  [
    "a command that sets a shell option",
    "Bash(*DROP TABLE:*)",
    "shopt -s dotglob; grep -l X tests/*.py",
    "deny",
  ],
  [
    "a word with a substitution is only known when it runs",
    "Bash(*DROP TABLE:*)",
    "grep -l X $(echo tests)/*.py",
    "deny",
  ],
  ["a glob in a rule's own place: rm -rf *", "Bash(rm -rf:*)", "rm -rf tests/*.py", "deny"],
  [
    "a commit message from cat of a quoted heredoc is its text (Claude Code's commits)",
    "Bash(*DROP TABLE:*)",
    "git commit -m \"$(cat <<'EOF'\nFix the tests\n\nMore words\nEOF\n)\"",
    "not deny",
  ],
  [
    "its twin: a message holding the rule's words",
    "Bash(*DROP TABLE:*)",
    "git commit -m \"$(cat <<'EOF'\nDROP TABLE users\nEOF\n)\"",
    "deny",
  ],
  [
    "an unquoted heredoc's text expands: only known when it runs",
    "Bash(*DROP TABLE:*)",
    'git commit -m "$(cat <<EOF\n$(echo x)\nEOF\n)"',
    "deny",
  ],
  [
    "bash expands a command's words before it runs it: a writer's own globs are known",
    "Bash(*DROP TABLE:*)",
    "cp tests/*.py README.* /tmp/out/ > log.txt",
    "not deny",
  ],
  [
    "its twin: an earlier command may make a file the glob matches",
    "Bash(*DROP TABLE:*)",
    "cp -r drop x && ls x/*",
    "deny",
  ],
  [
    "$HOME/x is ~/x when nothing sets HOME",
    "Bash(*DROP TABLE:*)",
    "ls -la $HOME/.local/bin/",
    "not deny",
  ],
  ["its twin: HOME set by the command", "Bash(*DROP TABLE:*)", "HOME=/tmp; ls $HOME", "deny"],
  ["$(pwd)/x is the directory it runs in", "Bash(*DROP TABLE:*)", "ls $(pwd)/tests", "not deny"],
  [
    "its twin: after a cd, more than one directory",
    "Bash(*DROP TABLE:*)",
    "cd drop && ls $(pwd)/x",
    "deny",
  ],
];

for (const [name, rule, command, verdict] of CASES) {
  Deno.test(`known globs: ${name}`, async () => {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-globs-" }));
    try {
      for (const f of ["tests/a.py", "tests/b.py", "drop/DROP TABLE users.sql", "README.md"]) {
        await Deno.mkdir(`${dir}/${f}`.replace(/\/[^/]*$/, ""), { recursive: true });
        await Deno.writeTextFile(`${dir}/${f}`, "");
      }
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
  });
}
