/**
 * The rules are indexed: deciding a five-part command against 10,000 rules costs no more than
 * 3 times deciding it against 100 (the bound; `bench/decide_bench.ts` measures it
 * finely). Best of several rounds, so a busy machine does not fail it.
 */

import assert from "node:assert/strict";
import { FIVE_PART, syntheticPolicy } from "../../bench/_synthetic_policy.ts";

function cost(n: number): number {
  const policy = syntheticPolicy(n);
  const call = { tool: "Bash", input: { command: FIVE_PART } };
  for (let i = 0; i < 300; i++) policy.decide(call);
  let best = Infinity;
  for (let round = 0; round < 7; round++) {
    const start = performance.now();
    for (let i = 0; i < 500; i++) policy.decide(call);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

Deno.test("scaling: 10,000 rules cost no more than 3 times 100 rules", () => {
  const small = cost(100);
  const large = cost(10_000);
  assert.ok(
    large < 3 * small,
    `100 rules: ${small.toFixed(1)} ms, 10,000 rules: ${large.toFixed(1)} ms`,
  );
});
