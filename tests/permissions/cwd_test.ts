/**
 * A call that runs in a directory of its own (issue 9, "Where a call runs"): after `cd src`,
 * Claude Code sends every later call with `"cwd": "PROJECT/src"` (observed, 2.1.332). Relative
 * paths in commands and tool inputs resolve against it, and a `cd` in the command continues from
 * it; rules stay anchored at the project root, and the working directories of the defaults stay
 * the project and the additional directories. Each case both ways: refused where a rule names
 * what the call reaches from its directory, and the same call harmless elsewhere.
 */

import assert from "node:assert/strict";
import { explain } from "../../lib/permissions/explain.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({
  sources: [{
    label: ".claude/settings.json",
    scope: "project",
    deny: [
      "Read(./.env)",
      "Read(./secrets/**)",
      "Read(/private/**)",
      "Edit(./gen/**)",
      "Bash(git push:*)",
    ],
    allow: ["Bash(git:*)", "Read(./docs/**)"],
  }],
  env: testEnv(),
  addDirs: ["/shared"],
});

interface Case {
  name: string;
  cwd?: string;
  tool: string;
  input: Record<string, unknown>;
  verdict: Verdict;
  rule?: string | null;
}

const CASES: Case[] = [
  // Relative paths of a command resolve against the call's directory.
  {
    name: "cat ../.env from src reads the root's .env",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cat ../.env" },
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "cat ../.env from the root reads a file outside the project: not the rule's",
    tool: "Bash",
    input: { command: "cat ../.env" },
    verdict: "ask",
    rule: null,
  },
  {
    name: "a glob with .. from src (cat ../.en?) reaches the root's .env",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cat ../.en?" },
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "a glob with .. from the root (cat src/../.en?) too",
    tool: "Bash",
    input: { command: "cat src/../.en?" },
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "head ../secrets/k from src",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "head ../secrets/k" },
    verdict: "deny",
    rule: "Read(./secrets/**)",
  },
  {
    name: "cat secrets/k from src is src/secrets/k: ./secrets/** reaches it, as Claude Code's does",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cat secrets/k" },
    verdict: "deny",
    rule: "Read(./secrets/**)",
  },
  {
    name: "cat private/k from src is src/private/k: /private/** is anchored at the root",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cat private/k" },
    verdict: "allow",
  },
  {
    name: "cat ../private/k from src is the root's private/k",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cat ../private/k" },
    verdict: "deny",
    rule: "Read(/private/**)",
  },
  // A cd in the command continues from the call's directory.
  {
    name: "cd .. && cat .env from src",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cd .. && cat .env" },
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "cd ../secrets && cat k from src",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cd ../secrets && cat k" },
    verdict: "deny",
    rule: "Read(./secrets/**)",
  },
  // Writes: protected files and Edit rules, from the call's directory.
  {
    name: "a redirection into ../.git/hooks from src is a protected write",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "printf x > ../.git/hooks/pre-push" },
    verdict: "ask",
    rule: null,
  },
  {
    name: "touch ../.bashrc from src is a protected write",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "touch ../.bashrc" },
    verdict: "ask",
    rule: null,
  },
  {
    name: "a redirection into ../gen from src: the Edit deny rule",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "echo x > ../gen/out.ts" },
    verdict: "deny",
    rule: "Edit(./gen/**)",
  },
  // The file tools: a relative path of the input resolves against the call's directory.
  {
    name: "Read ../.env from src",
    cwd: "/proj/src",
    tool: "Read",
    input: { file_path: "../.env" },
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "Write ../gen/x from src",
    cwd: "/proj/src",
    tool: "Write",
    input: { file_path: "../gen/x.ts", content: "" },
    verdict: "deny",
    rule: "Edit(./gen/**)",
  },
  {
    name: "an absolute path does not move with the directory",
    cwd: "/proj/src",
    tool: "Read",
    input: { file_path: "/proj/src/a.ts" },
    verdict: "allow",
  },
  // Rules stay anchored at the root; the working directories stay the project's.
  {
    name: "an allow rule ./docs/** names the root's docs, from any directory",
    cwd: "/outside",
    tool: "Read",
    input: { file_path: "../proj/docs/guide.md" },
    verdict: "allow",
    rule: "Read(./docs/**)",
  },
  {
    name: "reading inside the project from a directory outside it is allowed (working dirs)",
    cwd: "/outside",
    tool: "Bash",
    input: { command: "cat ../proj/src/a.ts" },
    verdict: "allow",
  },
  {
    name: "reading in the call's directory outside the project asks (not a working dir)",
    cwd: "/outside",
    tool: "Bash",
    input: { command: "cat notes.txt" },
    verdict: "ask",
  },
  {
    name: "an additional directory stays one from any directory",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "cat ../../shared/x.md" },
    verdict: "allow",
  },
  {
    name: "a relative cwd is relative to the root",
    cwd: "src",
    tool: "Bash",
    input: { command: "cat ../.env" },
    verdict: "deny",
    rule: "Read(./.env)",
  },
  {
    name: "ordinary calls in a subdirectory keep their verdicts: git status",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "git status" },
    verdict: "allow",
    rule: "Bash(git:*)",
  },
  {
    name: "ordinary calls in a subdirectory keep their verdicts: ls, echo",
    cwd: "/proj/src",
    tool: "Bash",
    input: { command: "ls && echo hi" },
    verdict: "allow",
  },
];

for (const c of CASES) {
  Deno.test(`cwd: ${c.name}`, () => {
    const d = policy.decide({ tool: c.tool, input: c.input, cwd: c.cwd });
    assert.equal(d.verdict, c.verdict, d.reason);
    if (c.rule !== undefined) assert.equal(d.rule, c.rule, d.reason);
  });
}

Deno.test("cwd: a glob's .. is walked as the kernel walks it, after a link too", () => {
  // bash expands `l/../k*` by listing `l/..`, which the kernel resolves from where `l` points.
  const linked = new Policy({
    sources: [{ label: "p", scope: "project", deny: ["Read(./secrets/**)", "Read(./.env)"] }],
    env: testEnv({ "/proj/l": "/proj/secrets/sub" }),
  });
  const at = (command: string) => linked.decide({ tool: "Bash", input: { command } });
  assert.equal(at("cat l/../k*").rule, "Read(./secrets/**)");
  // A `..` after a glob part: taken out lexically (`s*/..` is the root again).
  assert.equal(at("cat s*/../.en?").rule, "Read(./.env)");
  assert.equal(at("cat src/*.ts").verdict, "ask", "a glob elsewhere: no rule, the default");
});

Deno.test("cwd: explain reads the call where it runs, as decide does", () => {
  const e = explain(policy, { tool: "Bash", input: { command: "cat ../.env" }, cwd: "/proj/src" });
  assert.equal(e.decision.verdict, "deny");
  const rule = e.rules.find((r) => r.rule === "Read(./.env)");
  assert.equal(rule?.matches, true);
});

Deno.test("cwd: contextAt keeps the root's context for the root itself", () => {
  assert.equal(policy.contextAt("/proj"), policy.ctx);
  assert.equal(policy.contextAt("."), policy.ctx);
  assert.equal(policy.contextAt("/proj/src").cwd, "/proj/src");
});
