/**
 * Synthetic policies of any size for the decision benchmark and the scaling test: a realistic
 * mix of Bash, path, domain and MCP rules over distinct names, plus a fixed handful of rules
 * every policy has (including an unindexable `Bash(* --force)`).
 *
 * @module
 */

import { Policy, type PolicySource } from "../lib/permissions/policy.ts";

/** The five-part command the benchmark decides. */
export const FIVE_PART =
  "git status && npm run test -- --watch | grep ok; tool5 run --fast && echo done";

/**
 * The rules of a synthetic policy of about `n` rules, as a settings file's `permissions` lists
 * them.
 *
 * @param n the number of generated rules
 * @returns the allow, ask and deny lists
 */
export function syntheticRules(n: number): { allow: string[]; ask: string[]; deny: string[] } {
  const allow = ["Bash(npm run test:*)", "Bash(git status)", "Bash(tool5 run:*)"];
  const ask = ["Bash(git push:*)"];
  const deny = ["Bash(rm:*)", "Bash(* --force)", "Read(./secrets/**)"];
  for (let i = 0; i < n; i++) {
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        allow.push(`Bash(tool${i} run:*)`);
        break;
      case 3:
        allow.push(`Bash(git log --author=user${i})`);
        break;
      case 4:
        deny.push(`Bash(danger${i}:*)`);
        break;
      case 5:
        ask.push(`Bash(deploy${i} * --prod)`);
        break;
      case 6:
        deny.push(`Read(./data${i}/**)`);
        break;
      case 7:
        allow.push(`Edit(./gen${i}/**)`);
        break;
      case 8:
        allow.push(`WebFetch(domain:host${i}.example)`);
        break;
      default:
        allow.push(`mcp__srv${i}__tool`);
    }
  }
  return { allow, ask, deny };
}

/**
 * A policy of about `n` rules.
 *
 * @param n the number of generated rules
 * @returns the policy
 */
export function syntheticPolicy(n: number): Policy {
  const source: PolicySource = { label: "synthetic", scope: "project", ...syntheticRules(n) };
  return new Policy({
    sources: [source],
    env: { root: "/proj", home: "/home/u", realPath: (p) => p },
  });
}
