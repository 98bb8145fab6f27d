/**
 * Large commands are decided in time (the hook red team's): 40,000 words only known at run time
 * before `rm -rf src` took 9.8 s (each word's glob was searched for word by word), and 50,000
 * nested `{` took 19.7 s (each keyword pushed the rest of the words as a candidate); past Claude
 * Code's 60 s hook time-out a call is let through. Now each is tens of milliseconds; the bound
 * leaves room for a slow machine.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({
  sources: [{ label: "p", scope: "project", deny: ["Bash(rm:*)"] }],
  env: testEnv(),
});

const CASES: { name: string; command: string }[] = [
  {
    name: "40,000 words only known at run time",
    command: `echo ${"$x ".repeat(40_000)}; rm -rf src`,
  },
  {
    name: "50,000 nested braces",
    command: `${"{ ".repeat(50_000)}rm -rf src; ${"} ".repeat(50_000)}`,
  },
];

for (const c of CASES) {
  Deno.test(`big commands: ${c.name}, denied within 3 s`, () => {
    const start = performance.now();
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    const ms = performance.now() - start;
    assert.equal(d.verdict, "deny");
    assert.ok(ms < 3000, `${ms.toFixed(0)} ms`);
  });
}
