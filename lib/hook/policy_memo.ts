/**
 * The resident decider's policies, kept from one call to the next. Every call still reads every
 * settings file afresh (a change is seen by the very next call); when what they hold is what a
 * kept policy was built from, that policy's parsed and indexed rules serve again
 * ({@link Policy.withEnvironment}: the call's own environment and mode), so a project of 10,000
 * rules costs the parse once, not on every call. A call in its own process builds its policy
 * as before.
 *
 * @module
 */

import { Policy, type PolicyOptions } from "../permissions/policy.ts";

/** How a hook call gets its policy: built afresh, or from a policy of the same sources. */
export type PolicyBuilder = (options: PolicyOptions) => Policy;

/**
 * A builder that keeps the last `size` policies, each under what its sources hold (every
 * rule, directory and switch the settings files gave, and the `--add-dir` directories): the
 * same sources give a policy of the kept one's rules.
 *
 * @param size how many policies to keep (one per project and home the decider answers)
 * @returns the builder
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { policyMemo } from "./policy_memo.ts";
 *
 * const build = policyMemo();
 * const env = { root: "/p", home: "/h", realPath: (p: string) => p };
 * const sources = [{ label: "a", scope: "project" as const, deny: ["Bash(rm:*)"] }];
 * const first = build({ sources, env });
 * const again = build({ sources: structuredClone(sources), env, mode: "plan" });
 * assert.equal(again.rules[0], first.rules[0]); // parsed once
 * assert.equal(again.mode, "plan");
 * const other = build({ sources: [{ ...sources[0]!, deny: ["Bash(curl:*)"] }], env });
 * assert.equal(other.rules[0]?.text, "Bash(curl:*)");
 * ```
 */
export function policyMemo(size = 8): PolicyBuilder {
  const kept = new Map<string, Policy>();
  return (options) => {
    const key = JSON.stringify([options.sources, options.addDirs ?? []]);
    const found = kept.get(key);
    if (found !== undefined) {
      // The most recent last: the least recently used is the first to go.
      kept.delete(key);
      kept.set(key, found);
      return found.withEnvironment(options.env, options.mode);
    }
    const policy = new Policy(options);
    kept.set(key, policy);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return policy;
  };
}
