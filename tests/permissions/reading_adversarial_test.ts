/**
 * Reading commands the way their programs do never blows up: long commands under many deny
 * rules of their program get their verdict without a blow-up (a CPU-time guard, `../_cpu.ts`:
 * 10 times the cost measured on the 2-core machine, `expectMs`, rounded up; 20 for all that cost
 * less), and the limits of the readings
 * fail closed (a git alias loop, more make targets than are tried one by one).
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";
import { withinCpu } from "../_cpu.ts";

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

const CASES: { name: string; command: string; verdict: Verdict; expectMs: number }[] = [
  {
    // Over 10,000 characters: asked, as Claude Code 2.1.332 asks; not denied.
    name: "git with 100,000 global options",
    command: `git ${many(100_000, (i) => `-c${i}`).join(" ")} status`,
    verdict: "ask",
    expectMs: 1000,
  },
  {
    name: "git push with 100,000 arguments",
    command: `git push ${many(100_000, (i) => `w${i}`).join(" ")}`,
    verdict: "ask",
    expectMs: 300,
  },
  {
    name: "git push with 100,000 arguments and --force last",
    command: `git push ${many(100_000, (i) => `w${i}`).join(" ")} --force`,
    verdict: "deny",
    expectMs: 300,
  },
  {
    name: "rm with 100,000 flags",
    command: `rm ${"-v ".repeat(100_000)}x`,
    verdict: "ask",
    expectMs: 200,
  },
  {
    name: "kill with 50,000 signals",
    command: `kill ${"-s 15 ".repeat(50_000)}1`,
    verdict: "ask",
    expectMs: 200,
  },
  {
    name: "make with 5,000 targets: any may be deploy",
    command: `make ${many(5_000, (i) => `t${i}`).join(" ")}`,
    verdict: "deny",
    expectMs: 60,
  },
  {
    name: "make with 16 targets, deploy last",
    command: `make ${many(15, (i) => `t${i}`).join(" ")} deploy`,
    verdict: "deny",
    expectMs: 20,
  },
  {
    name: "make with 16 targets, no deploy",
    command: `make ${many(16, (i) => `t${i}`).join(" ")}`,
    verdict: "allow",
    expectMs: 20,
  },
  {
    name: "a git alias loop",
    command: "git -c alias.a=b -c alias.b=a -c alias.c=push a",
    verdict: "deny",
    expectMs: 20,
  },
  {
    name: "2,000 xargs around git push -q --force",
    command: `${"xargs ".repeat(2_000)}git push -q --force`,
    verdict: "deny",
    expectMs: 200,
  },
];

for (const c of CASES) {
  Deno.test(`reading adversarial: ${c.name}`, () => {
    const d = withinCpu(
      c.expectMs,
      () => policy.decide({ tool: "Bash", input: { command: c.command } }),
      c.name,
    );
    assert.equal(d.verdict, c.verdict, d.reason.slice(0, 300));
    assert.ok(d.reason.length < 2000, "the reason stays short");
  });
}

Deno.test("reading adversarial: a cluster of a megabyte", () => {
  const d = withinCpu(
    1500,
    () => policy.decide({ tool: "Bash", input: { command: `rm -${"r".repeat(1_000_000)}f x` } }),
    "a cluster of a megabyte",
  );
  assert.equal(d.verdict, "deny");
  assert.ok(d.reason.length < 2000, `a reason of ${d.reason.length} characters`);
});
