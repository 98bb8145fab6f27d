/**
 * Central guarantees pinned (issue 10): "deny beats ask beats allow", over every pair of
 * verdicts and in commands of mixed parts, whatever the rules' sources and specificity; and a
 * backtick inside double quotes is a command (`echo "`rm x`"`), not text. Ranking ask above
 * deny, or reading such a backtick as text, fails these tables.
 */

import assert from "node:assert/strict";
import { strictest, type Verdict } from "../../lib/permissions/verdict.ts";
import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

const PAIRS: { name: string; input: [Verdict, Verdict]; expected: Verdict }[] = [
  { name: "allow and allow", input: ["allow", "allow"], expected: "allow" },
  { name: "allow and ask", input: ["allow", "ask"], expected: "ask" },
  { name: "allow and deny", input: ["allow", "deny"], expected: "deny" },
  { name: "ask and allow", input: ["ask", "allow"], expected: "ask" },
  { name: "ask and ask", input: ["ask", "ask"], expected: "ask" },
  { name: "ask and deny", input: ["ask", "deny"], expected: "deny" },
  { name: "deny and allow", input: ["deny", "allow"], expected: "deny" },
  { name: "deny and ask", input: ["deny", "ask"], expected: "deny" },
  { name: "deny and deny", input: ["deny", "deny"], expected: "deny" },
];

for (const c of PAIRS) {
  Deno.test(`verdict order: ${c.name} gives ${c.expected}`, () => {
    assert.equal(strictest(...c.input), c.expected);
  });
}

const policy = (sources: PolicySource[]) => new Policy({ sources, env: testEnv() });

/** Deny, ask and allow rules, each kind from a source of its own, in both source orders. */
const DENY: PolicySource = {
  label: "deny.json",
  scope: "project",
  deny: ["Bash(rm:*)", "Bash(git push --force:*)", "Read(./secrets/**)"],
};
const ASK: PolicySource = {
  label: "ask.json",
  scope: "user",
  ask: ["Bash(git push:*)", "Bash(rm -i:*)", "Bash(curl:*)", "Read(./secrets/public/**)"],
};
const ALLOW: PolicySource = {
  label: "allow.json",
  scope: "local",
  allow: ["Bash(mytool:*)", "Bash(rm -i:*)", "Bash(git push:*)", "Read(./secrets/**)"],
};

const MIXED: { name: string; input: string; expected: Verdict }[] = [
  {
    name: "a denied part after an asked one",
    input: "git push origin && rm -rf x",
    expected: "deny",
  },
  {
    name: "a denied part before an asked one",
    input: "rm -rf x; git push origin",
    expected: "deny",
  },
  {
    name: "a denied part in a pipe after an allowed one",
    input: "mytool run | rm x",
    expected: "deny",
  },
  { name: "asked and allowed parts", input: "mytool run && git push origin", expected: "ask" },
  { name: "allowed parts only", input: "mytool a; mytool b", expected: "allow" },
  { name: "a deny rule more general than the ask rule", input: "rm -i x", expected: "deny" },
  {
    name: "an ask rule more general than the deny rule",
    input: "git push --force",
    expected: "deny",
  },
  { name: "an ask rule alone", input: "git push origin main", expected: "ask" },
  { name: "deny and ask both on a nested part", input: "bash -c 'curl x; rm y'", expected: "deny" },
  { name: "a denied nested $(...) in an asked part", input: "curl $(rm x)", expected: "deny" },
  { name: "a denied backtick in an asked part", input: "curl `rm x`", expected: "deny" },
  { name: "a denied backtick inside double quotes", input: 'echo "`rm x`"', expected: "deny" },
  {
    name: "a denied backtick inside double quotes, nested",
    input: 'mytool "a `echo "`rm x`"` b"',
    expected: "deny",
  },
  { name: "a backtick inside single quotes is text", input: "mytool '`rm x`'", expected: "allow" },
  {
    name: "an escaped backtick inside double quotes is text",
    input: 'mytool "\\`rm x\\`"',
    expected: "allow",
  },
  {
    name: "a Read deny rule beats a Read ask rule under it",
    input: "cat secrets/public/a",
    expected: "deny",
  },
  {
    name: "a Read deny rule beats an asked Bash part",
    input: "curl x; cat secrets/k",
    expected: "deny",
  },
];

for (const order of [[DENY, ASK, ALLOW], [ALLOW, ASK, DENY], [ASK, ALLOW, DENY]]) {
  const p = policy(order);
  const names = order.map((s) => s.label).join(", ");
  for (const c of MIXED) {
    Deno.test(`verdict order (${names}): ${c.name}: ${JSON.stringify(c.input)}`, () => {
      assert.equal(p.decide({ tool: "Bash", input: { command: c.input } }).verdict, c.expected);
    });
  }
}

/** Parts decided by the defaults and the mode, without rules of deny or ask: the strictest wins. */
const PARTS: { name: string; input: string; expected: Verdict }[] = [
  {
    name: "plan: an asked part before a denied one",
    input: "find . -exec ls \\; ; mytool",
    expected: "deny",
  },
  {
    name: "plan: a denied part before an asked one",
    input: "mytool; find . -exec ls \\;",
    expected: "deny",
  },
  {
    name: "plan: an asked part and a read-only one",
    input: "ls; find . -exec ls \\;",
    expected: "ask",
  },
  { name: "plan: read-only parts only", input: "ls; cat a", expected: "allow" },
];

for (const c of PARTS) {
  Deno.test(`verdict order of parts: ${c.name}: ${JSON.stringify(c.input)}`, () => {
    const p = new Policy({
      sources: [{ label: "allow.json", scope: "project", allow: ["Bash(find:*)"] }],
      env: testEnv(),
      mode: "plan",
    });
    assert.equal(p.decide({ tool: "Bash", input: { command: c.input } }).verdict, c.expected);
  });
}

Deno.test("verdict order: a Read call under deny, ask and allow rules of one path is denied", () => {
  for (const order of [[DENY, ASK, ALLOW], [ALLOW, ASK, DENY]]) {
    const d = policy(order).decide({ tool: "Read", input: { file_path: "secrets/public/a" } });
    assert.equal(d.verdict, "deny");
    assert.equal(d.rule, "Read(./secrets/**)");
  }
});
