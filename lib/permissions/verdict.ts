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
 */
export function strictest(a: Verdict, b: Verdict): Verdict {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The verdict on one part of a shell command. */
export interface PartDecision {
  part: string;
  verdict: Verdict;
  rule: string | null;
  source: string | null;
  reason: string;
}

/** A decision: the verdict, the rule and source that decided it (null: none), and why. */
export interface Decision {
  verdict: Verdict;
  rule: string | null;
  source: string | null;
  reason: string;
  /** For a shell command decided part by part: the verdict on each top-level part. */
  parts?: PartDecision[];
  /** For a shell command: every part, nested ones included, as `shellParts` gives them. */
  commandParts?: string[];
  /** True when the call itself could not be read (unknown tool, missing input): a deny. */
  error?: true;
}
