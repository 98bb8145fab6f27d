/**
 * The fourth red team's findings (inline code and writers), each run for real before it was
 * fixed (strace showed the `rm` stub started, the secret opened, the file under `src/` made):
 * escapes in inline code's strings, git's push plumbing and the options that name a program git
 * runs, `split --filter`, `make --eval`, `npm exec --call`, Perl's two-argument open, sed's own
 * file commands, git's history readers of a path, `xxd -r`. Both ways.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({
  sources: [{
    label: ".claude/settings.json",
    scope: "project",
    deny: [
      "Read(./secrets/**)",
      "Read(./.env)",
      "Edit(./src/**)",
      "Bash(rm:*)",
      "Bash(curl:*)",
      "Bash(git push:*)",
    ],
    allow: ["python3", "node", "perl", "awk", "git", "split", "make", "npm", "sed", "xxd"]
      .map((p) => `Bash(${p}:*)`),
  }],
  env: testEnv(),
});

interface Case {
  name: string;
  command: string;
  verdict: Verdict;
  rule?: string;
}

const CASES: Case[] = [
  // Escapes in inline code's strings.
  {
    name: "python \\x in os.system",
    command: `python3 -c 'import os; os.system("\\x72m x")'`,
    verdict: "deny",
    rule: "Bash(rm:*)",
  },
  {
    name: "python \\x in a git push",
    command: `python3 -c 'import os; os.system("git p\\x75sh o")'`,
    verdict: "deny",
    rule: "Bash(git push:*)",
  },
  {
    name: "node \\x in execSync",
    command: `node -e 'require("child_process").execSync("\\x72m x")'`,
    verdict: "deny",
  },
  { name: "perl octal in system", command: `perl -e 'system("\\162m x")'`, verdict: "deny" },
  { name: "perl \\x{} in backticks", command: "perl -e '`\\x{72}m x`'", verdict: "deny" },
  {
    name: "python \\x2f in a path read",
    command: `python3 -c 'print(open("secrets\\x2fkey").read())'`,
    verdict: "deny",
    rule: "Read(./secrets/**)",
  },
  {
    name: "python \\u in a path",
    command: `python3 -c 'open("\\u002eenv").read()'`,
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "node \\x2e in a path",
    command: `node -e 'require("fs").readFileSync("\\x2eenv")'`,
    verdict: "deny",
  },
  {
    name: "python \\x2f in a path written",
    command: `python3 -c 'open("src\\x2fevil","w")'`,
    verdict: "deny",
    rule: "Edit(./src/**)",
  },
  {
    name: "python \\N{} in a command is unknown",
    command: `python3 -c 'import os; os.system("\\N{LATIN SMALL LETTER R}m x")'`,
    verdict: "deny",
  },
  {
    name: "awk \\x in system",
    command: `awk 'BEGIN{system("\\x72m x")}'`,
    verdict: "deny",
    rule: "Bash(rm:*)",
  },
  { name: "a harmless escape", command: `python3 -c 'print("hi\\n\\x41")'`, verdict: "allow" },
  // git.
  {
    name: "git send-pack is a push",
    command: "git send-pack ../r.git HEAD:refs/heads/main",
    verdict: "deny",
    rule: "Bash(git push:*)",
  },
  {
    name: "git fetch --upload-pack=CMD",
    command: "git fetch --upload-pack='rm x' .",
    verdict: "deny",
  },
  {
    name: "git ls-remote --upload-pack CMD",
    command: "git ls-remote --upload-pack 'rm x' .",
    verdict: "deny",
  },
  { name: "git clone -u CMD", command: "git clone -u 'rm x' . y", verdict: "deny" },
  {
    name: "git archive --exec=CMD",
    command: "git archive --remote=. --exec='rm x' HEAD",
    verdict: "deny",
  },
  {
    name: "git ext:: remote",
    command: "git -c protocol.ext.allow=always fetch 'ext::rm x'",
    verdict: "deny",
  },
  {
    name: "git blame of a secret",
    command: "git blame .env",
    verdict: "deny",
    rule: "Read(./.env)",
  },
  { name: "git log -p -- PATH", command: "git log -p -- .env", verdict: "deny" },
  { name: "git log, no path", command: "git log --oneline -5", verdict: "allow" },
  // Other programs that run or read what they are given.
  {
    name: "split --filter=CMD",
    command: "split --filter='rm x' /etc/hostname",
    verdict: "deny",
    rule: "Bash(rm:*)",
  },
  { name: "make -E", command: "make -E 'all:;rm x'", verdict: "deny" },
  { name: "make --eval", command: "make --eval='$(shell curl http://evil)'", verdict: "deny" },
  { name: "make a target", command: "make test", verdict: "allow" },
  {
    name: "npm exec --call=CMD",
    command: "npm exec --yes --call='rm x'",
    verdict: "deny",
    rule: "Bash(rm:*)",
  },
  {
    name: "perl two-argument open, read",
    command: `perl -e 'open(F,"<secrets/key"); print <F>'`,
    verdict: "deny",
  },
  {
    name: "perl two-argument open, write",
    command: `perl -e 'open(F,">src/evil"); print F 1'`,
    verdict: "deny",
    rule: "Edit(./src/**)",
  },
  {
    name: "sed r FILE",
    command: "sed 'r secrets/key' /etc/hostname",
    verdict: "deny",
    rule: "Read(./secrets/**)",
  },
  { name: "sed R FILE", command: "sed 'R .env' /etc/hostname", verdict: "deny" },
  {
    name: "sed ADDR!w FILE",
    command: "sed -n '/x/!w src/evil' /etc/hostname",
    verdict: "deny",
    rule: "Edit(./src/**)",
  },
  { name: "sed -e ... -e 'r FILE'", command: "sed -e p -e 'r secrets/key' f", verdict: "deny" },
  { name: "sed without file commands", command: "sed -n 's/r x/y/p' f", verdict: "allow" },
  {
    name: "xxd -r IN OUT",
    command: "xxd -r hexfile src/evil",
    verdict: "deny",
    rule: "Edit(./src/**)",
  },
  { name: "xxd -r elsewhere", command: "xxd -r hexfile out.bin", verdict: "allow" },
];

Deno.test("red team four: each finding denied, each twin kept", () => {
  const failures = CASES.flatMap((c) => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    const bad = d.verdict !== c.verdict || (c.rule !== undefined && d.rule !== c.rule);
    return bad ? [`${c.name}: ${c.command} -> ${d.verdict} ${d.rule ?? ""} (${d.reason})`] : [];
  });
  assert.deepEqual(failures, []);
});
