/**
 * Reading commands the way their programs do never blows up: long commands under many deny
 * rules of their program get their verdict within a time bound, and the limits of the readings
 * fail closed (a git alias loop, more make targets than are tried one by one).
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({
  sources: [{
    label: "s",
    scope: "project",
    deny: [
      "Bash(git push --force:*)",
      "Bash(git reset --hard:*)",
      "Bash(git clean -fdx:*)",
      "Bash(git branch -D:*)",
      "Bash(git checkout -f:*)",
      "Bash(git push origin main --force)",
      "Bash(rm -rf:*)",
      "Bash(kill -9:*)",
      "Bash(make deploy:*)",
      "Bash(docker rm -f:*)",
    ],
    allow: ["Bash"],
  }],
  env: testEnv(),
});

const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

const CASES: { name: string; command: string; verdict: Verdict; ms: number }[] = [
  {
    // Over 10,000 characters: asked, as Claude Code 2.1.332 asks; not denied.
    name: "git with 100,000 global options",
    command: `git ${many(100_000, (i) => `-c${i}`).join(" ")} status`,
    verdict: "ask",
    ms: 5000,
  },
  {
    name: "git push with 100,000 arguments",
    command: `git push ${many(100_000, (i) => `w${i}`).join(" ")}`,
    verdict: "ask",
    ms: 5000,
  },
  {
    name: "git push with 100,000 arguments and --force last",
    command: `git push ${many(100_000, (i) => `w${i}`).join(" ")} --force`,
    verdict: "deny",
    ms: 5000,
  },
  {
    name: "rm with 100,000 flags",
    command: `rm ${"-v ".repeat(100_000)}x`,
    verdict: "ask",
    ms: 5000,
  },
  {
    name: "kill with 50,000 signals",
    command: `kill ${"-s 15 ".repeat(50_000)}1`,
    verdict: "ask",
    ms: 5000,
  },
  {
    name: "make with 5,000 targets: any may be deploy",
    command: `make ${many(5_000, (i) => `t${i}`).join(" ")}`,
    verdict: "deny",
    ms: 2000,
  },
  {
    name: "make with 16 targets, deploy last",
    command: `make ${many(15, (i) => `t${i}`).join(" ")} deploy`,
    verdict: "deny",
    ms: 500,
  },
  {
    name: "make with 16 targets, no deploy",
    command: `make ${many(16, (i) => `t${i}`).join(" ")}`,
    verdict: "allow",
    ms: 500,
  },
  {
    name: "a git alias loop",
    command: "git -c alias.a=b -c alias.b=a -c alias.c=push a",
    verdict: "deny",
    ms: 500,
  },
  {
    name: "2,000 xargs around git push -q --force",
    command: `${"xargs ".repeat(2_000)}git push -q --force`,
    verdict: "deny",
    ms: 5000,
  },
];

for (const c of CASES) {
  Deno.test(`reading adversarial: ${c.name}`, () => {
    const start = performance.now();
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    const took = performance.now() - start;
    assert.equal(d.verdict, c.verdict, d.reason.slice(0, 300));
    assert.ok(took < c.ms, `took ${took.toFixed(0)} ms, bound ${c.ms} ms`);
    assert.ok(d.reason.length < 2000, "the reason stays short");
  });
}

Deno.test("reading adversarial: a cluster of a megabyte", () => {
  const start = performance.now();
  const d = policy.decide({ tool: "Bash", input: { command: `rm -${"r".repeat(1_000_000)}f x` } });
  assert.equal(d.verdict, "deny");
  assert.ok(performance.now() - start < 5000);
  assert.ok(d.reason.length < 2000, `a reason of ${d.reason.length} characters`);
});
