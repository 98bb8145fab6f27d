/**
 * Verdicts and decisions: `allow`, `ask`, `deny`, the one ordering between them, and the
 * shape a decision explains itself in. Pure.
 *
 * @module
 */

/** What the engine decides for a tool call. */
export type Verdict = "allow" | "ask" | "deny";

const RANK: Readonly<Record<Verdict, number>> = { allow: 0, ask: 1, deny: 2 };

/**
 * The stricter of two verdicts: deny beats ask beats allow.
 *
 * @param a a verdict
 * @param b another
 * @returns the stricter one
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { strictest, type Verdict } from "./verdict.ts";
 *
 * assert.equal(strictest("allow", "ask"), "ask");
 * const parts: Verdict[] = ["allow", "deny", "ask"];
 * assert.equal(parts.reduce(strictest), "deny");
 * ```
 */
export function strictest(a: Verdict, b: Verdict): Verdict {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * What gave a verdict: a `rule`; one of skald's own guards (`guard`: a protected file, a write
 * whose target is only known at run time, a command an allow rule matches but does not cover);
 * the `mode` (plan, dontAsk, bypassPermissions); the `default` when no rule speaks; or an
 * `input` that cannot be read.
 */
export type Basis = "rule" | "guard" | "mode" | "default" | "input";

/** The verdict on one part of a shell command. */
export interface PartDecision {
  /** The part as written. */
  part: string;
  /** Its verdict. */
  verdict: Verdict;
  /** The allow rule that covers it; null when a default or the mode decided. */
  rule: string | null;
  /** That rule's source. */
  source: string | null;
  /** Why, in one sentence. */
  reason: string;
  /** What gave the verdict. */
  basis: Basis;
}

/** A decision: the verdict, the rule and source that decided it (null: none), and why. */
export interface Decision {
  /** allow, ask or deny. */
  verdict: Verdict;
  /** The deciding rule as written; null when no rule decided (a default or the mode). */
  rule: string | null;
  /** The deciding rule's source; null with no rule. */
  source: string | null;
  /** Why, in one sentence. */
  reason: string;
  /** What gave the verdict: a rule, a guard, the mode, the default, or unreadable input. */
  basis: Basis;
  /** For a shell command decided part by part: the verdict on each top-level part. */
  parts?: PartDecision[];
  /** For a shell command: every part, nested ones included, as `shellParts` gives them. */
  commandParts?: string[];
  /**
   * For a shell command some of whose text is only known when it runs (a substitution, a
   * variable): what could not be checked before it runs (the paths it reads among it).
   */
  unchecked?: string;
  /** True when the call itself could not be read (unknown tool, missing input): a deny. */
  error?: true;
}

/**
 * The decision on a call of a tool skald does not know: no rule of skald's can name it, so it
 * asks, by default (a hook passes it on to the agent; an audit counts it as asked).
 *
 * @param tool the tool's name, as the call gave it
 * @returns the decision
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unknownToolDecision } from "./verdict.ts";
 *
 * assert.equal(unknownToolDecision("Frobnicate").verdict, "ask");
 * assert.equal(unknownToolDecision("Frobnicate").basis, "default");
 * ```
 */
export function unknownToolDecision(tool: string): Decision {
  return {
    verdict: "ask",
    rule: null,
    source: null,
    reason: `skald knows no tool "${tool}": no rule allows it`,
    basis: "default",
  };
}
