/**
 * Issue 11: `skald lint` warns about a deny or ask rule that still cannot catch a common
 * spelling, naming the rule to write instead. Each piece of advice is checked against the
 * policy itself: the command it says slips past the rule is not denied by the rule, and is
 * denied by the rule it says to write. Rules that catch the common spellings get no advice.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { parseRule, type RuleKind } from "../../lib/permissions/rule.ts";
import { adviceText, ruleAdvice } from "../../lib/permissions/reading/rule_advice.ts";
import { testEnv } from "../_env.ts";

const ADVISED: { name: string; rule: string; kind: RuleKind; text: string }[] = [
  {
    name: "an exact deny rule: the issue's example",
    rule: "Bash(git push --force)",
    kind: "deny",
    text: 'deny Bash(git push --force) cannot catch "git push --force x": write ' +
      "Bash(git push --force:*)",
  },
  {
    name: "an exact ask rule",
    rule: "Bash(rm -r)",
    kind: "ask",
    text: 'ask Bash(rm -r) cannot catch "rm -r x": write Bash(rm -r:*)',
  },
  {
    name: "a glob with its star before the option",
    rule: "Bash(git push * --force)",
    kind: "deny",
    text: 'deny Bash(git push * --force) cannot catch "git push --force x": write ' +
      "Bash(git push --force:*)",
  },
  {
    name: "a star glued to the option",
    rule: "Bash(git push --force*)",
    kind: "deny",
    text: 'deny Bash(git push --force*) cannot catch "git push x --force": write ' +
      "Bash(git push --force:*)",
  },
  {
    name: "a Monitor rule keeps its tool",
    rule: "Monitor(tail -f)",
    kind: "deny",
    text: 'deny Monitor(tail -f) cannot catch "tail -f x": write Monitor(tail -f:*)',
  },
];

const NOT_ADVISED: { name: string; rule: string; kind: RuleKind }[] = [
  { name: "a prefix rule", rule: "Bash(git push --force:*)", kind: "deny" },
  { name: "the space-star form", rule: "Bash(rm -rf *)", kind: "deny" },
  { name: "a whole program", rule: "Bash(curl:*)", kind: "deny" },
  { name: "a bare tool", rule: "Bash", kind: "deny" },
  {
    name: "an exact allow rule: allow rules are as written",
    rule: "Bash(npm test)",
    kind: "allow",
  },
  { name: "a glob over operators", rule: "Bash(curl * | sh)", kind: "deny" },
  { name: "a path rule", rule: "Read(./.env)", kind: "deny" },
  { name: "an invalid rule", rule: "Bash(", kind: "deny" },
];

const decide = (rule: string, command: string) =>
  new Policy({
    sources: [{ label: "s", scope: "project", deny: [rule], allow: ["Bash", "Monitor"] }],
    env: testEnv(),
  }).decide({ tool: rule.startsWith("Monitor") ? "Monitor" : "Bash", input: { command } });

for (const c of ADVISED) {
  Deno.test(`lint advice: ${c.name}`, () => {
    const rule = parseRule(c.rule, "s", c.kind);
    const advice = ruleAdvice(rule);
    assert.ok(advice);
    assert.equal(adviceText(rule, advice), c.text);
    assert.equal(decide(c.rule, advice.slips).verdict, "allow", "it slips past the rule");
    assert.equal(decide(advice.instead, advice.slips).verdict, "deny", "the advice catches it");
  });
}

for (const c of NOT_ADVISED) {
  Deno.test(`no lint advice: ${c.name}`, () => {
    assert.equal(ruleAdvice(parseRule(c.rule, "s", c.kind)), undefined);
  });
}
