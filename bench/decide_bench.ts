/**
 * Deciding a five-part shell command against policies of 100, 1,000 and 10,000 rules. The
 * rules are indexed, so the cost must grow far slower than the rule count (the goal: 10,000
 * rules cost no more than 3 times 100).
 */

import { FIVE_PART, syntheticPolicy } from "./_synthetic_policy.ts";

for (const n of [100, 1_000, 10_000]) {
  const policy = syntheticPolicy(n);
  const call = { tool: "Bash", input: { command: FIVE_PART } };
  if (policy.decide(call).verdict !== "allow") {
    throw new Error("the benchmark command must be allowed");
  }
  Deno.bench({
    name: `decide a 5-part command, ${n} rules`,
    group: "decide",
    baseline: n === 100,
    fn: () => {
      policy.decide(call);
    },
  });
}

const policy = syntheticPolicy(10_000);
Deno.bench({
  name: "decide a Read call, 10000 rules",
  group: "other tools",
  fn: () => {
    policy.decide({ tool: "Read", input: { file_path: "/proj/data16/x.txt" } });
  },
});
Deno.bench({
  name: "decide a WebFetch call, 10000 rules",
  group: "other tools",
  fn: () => {
    policy.decide({ tool: "WebFetch", input: { url: "https://host18.example/x" } });
  },
});
Deno.bench({
  name: "build a policy of 10000 rules",
  group: "build",
  fn: () => {
    syntheticPolicy(10_000);
  },
});
