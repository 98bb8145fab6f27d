/**
 * What the resident decider keeps from one call to the next, every call still reading every
 * settings file afresh (a change is seen by the very next call): each file's text and what it
 * gave, so that a file that reads the same is not parsed again and gives the same source; and
 * the last policies, each kept under the sources it was built from, so that the same sources
 * give a policy of the kept one's parsed and indexed rules in the call's own environment and
 * mode ({@link Policy.withEnvironment}). A project of 10,000 rules pays its parse once, not on
 * every call. A call in its own process keeps nothing.
 *
 * @module
 */

import { Policy, type PolicyOptions } from "../permissions/policy.ts";
import type { ReadFiles } from "../settings/load.ts";

/** What a resident decider keeps: the files read, and how a policy is built from sources. */
export interface DeciderMemo {
  /** Each settings file's text and what it gave (`loadSettings`'s `read`). */
  read: ReadFiles;
  /** A policy for the options: of a kept policy's rules when its sources are these very ones. */
  policy(options: PolicyOptions): Policy;
}

/**
 * A new memo, keeping the last `size` policies (one per project and home the decider answers).
 *
 * @param size how many policies to keep
 * @returns the memo
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deciderMemo } from "./policy_memo.ts";
 *
 * const memo = deciderMemo();
 * const env = { root: "/p", home: "/h", realPath: (p: string) => p };
 * const sources = [{ label: "a", scope: "project" as const, deny: ["Bash(rm:*)"] }];
 * const first = memo.policy({ sources, env });
 * const again = memo.policy({ sources, env, mode: "plan" });
 * assert.equal(again.rules[0], first.rules[0]); // parsed once
 * assert.equal(again.mode, "plan");
 * ```
 */
export function deciderMemo(size = 8): DeciderMemo {
  const kept: Policy[] = [];
  const same = (a: Pick<PolicyOptions, "sources" | "addDirs">, b: PolicyOptions) =>
    a.sources.length === b.sources.length && a.sources.every((s, i) => s === b.sources[i]) &&
    (a.addDirs ?? []).join("\0") === (b.addDirs ?? []).join("\0");
  return {
    read: new Map(),
    policy: (options) => {
      const at = kept.findIndex((p) => same(p.built, options));
      if (at !== -1) {
        const [found] = kept.splice(at, 1);
        kept.push(found!); // the most recent last: the least recently used goes first
        return found!.withEnvironment(options.env, options.mode);
      }
      const policy = new Policy(options);
      if (kept.push(policy) > size) kept.shift();
      return policy;
    },
  };
}
