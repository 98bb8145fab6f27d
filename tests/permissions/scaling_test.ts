/**
 * The rules are indexed: deciding a five-part command against 10,000 rules has no blow-up
 * against deciding it against 100, in the same test (issue 25, point 3: a guard, not a speed
 * claim; `bench/decide_bench.ts` measures 100, 1,000 and 10,000 rules). Counted in CPU time
 * (`../_cpu.ts`), so that other work on a busy machine does not decide it.
 *
 * Measured on the 2-core machine: 10,000 rules cost 1.0 to 2.0 times 100 rules ({@link RATIO});
 * rules tried one by one would cost some hundred times.
 */

import assert from "node:assert/strict";
import { FIVE_PART, syntheticPolicy } from "../../bench/_synthetic_policy.ts";
import { cpuMs, ROOM } from "../_cpu.ts";

/** The cost of 10,000 rules over that of 100, as measured (rounded up). */
const RATIO = 2.5;

/** The CPU time of 2,500 decisions against a policy of about `n` rules, and the verdict. */
function cost(n: number): { ms: number; verdict: string } {
  const policy = syntheticPolicy(n);
  const call = { tool: "Bash", input: { command: FIVE_PART } };
  for (let i = 0; i < 300; i++) policy.decide(call);
  // 2,500 decisions, some 150 ms: a thread's CPU time is counted in ticks of 10 ms.
  const { ms } = cpuMs(() => {
    for (let i = 0; i < 2500; i++) policy.decide(call);
  });
  return { ms, verdict: policy.decide(call).verdict };
}

Deno.test("scaling: 10,000 rules, no blow-up against 100 rules", () => {
  const { ms: small, verdict } = cost(100);
  const { ms: large, verdict: same } = cost(10_000);
  assert.deepEqual([verdict, same], ["allow", "allow"], "the rules added do not speak to it");
  assert.ok(
    large <= ROOM * RATIO * small,
    `100 rules: ${small.toFixed(1)} ms, 10,000 rules: ${large.toFixed(1)} ms of CPU, ` +
      `${(large / small).toFixed(1)} times: a blow-up (expected about ${RATIO} times)`,
  );
});
