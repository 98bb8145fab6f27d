/**
 * Large commands are decided in time (the hook red team's): 40,000 words only known at run time
 * before `rm -rf src` took 9.8 s (each word's glob was searched for word by word), and 50,000
 * nested `{` took 19.7 s (each keyword pushed the rest of the words as a candidate); past Claude
 * Code's 60 s hook time-out a call is let through. Now each costs a few hundred milliseconds of
 * CPU at most, and a blow-up guard in CPU time (`../_cpu.ts`, 10 times the cost measured on the
 * 2-core machine) holds it there.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";
import { withinCpu } from "../_cpu.ts";

const policy = new Policy({
  sources: [{ label: "p", scope: "project", deny: ["Bash(rm:*)"] }],
  env: testEnv(),
});

const CASES: { name: string; command: string; expectMs: number }[] = [
  {
    name: "40,000 words only known at run time",
    command: `echo ${"$x ".repeat(40_000)}; rm -rf src`,
    expectMs: 150,
  },
  {
    name: "50,000 nested braces",
    command: `${"{ ".repeat(50_000)}rm -rf src; ${"} ".repeat(50_000)}`,
    expectMs: 400,
  },
];

for (const c of CASES) {
  Deno.test(`big commands: ${c.name}, denied without a blow-up`, () => {
    const d = withinCpu(
      c.expectMs,
      () => policy.decide({ tool: "Bash", input: { command: c.command } }),
      c.name,
    );
    assert.equal(d.verdict, "deny");
  });
}
