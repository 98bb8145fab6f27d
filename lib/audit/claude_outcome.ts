/**
 * What Claude Code did with a tool call, read from the transcript line that carries its
 * `tool_result`: it ran it, a rule or the mode denied it, it asked and nobody approved, the user
 * refused or interrupted it, it refused the input before any permission check, or there is no
 * result at all. Pure.
 *
 * The metadata 2.1.332 writes beside a result decides first (`toolDenialKind`:
 * `permission-rule`, `user-rejected`, `automode-…`; `permissionDecision.decision`: `accept`,
 * `reject`); older transcripts have none, and some refusals are made inside the tool after an
 * accepted permission check (an `Agent(type)` or `Skill(name)` deny rule), so the refusal texts
 * Claude Code writes are read too (verbatim from 2.1.332, through the oracle: see the oracle
 * docs/audit.md, "What is read"). A text is only read as a refusal when the result is an
 * error (a command's own output may say anything), apart from those two in-tool refusals.
 *
 * @module
 */

/** What Claude Code did with a call. */
export type ClaudeOutcome =
  /** It ran (its result may still be an error: a command that failed ran). */
  | "ran"
  /** A deny rule, the mode or a hook refused it. */
  | "denied"
  /** It needed an approval that was not given (`-p` refuses every ask). */
  | "asked"
  /** The user refused it at the prompt or interrupted it. */
  | "rejected"
  /** Claude Code refused the input (no such tool, invalid input) before any permission check. */
  | "error"
  /** No result was written: the session ended (or was cut) before the call finished. */
  | "missing";

/** Every outcome, most like "ran" first. */
export const CLAUDE_OUTCOMES: readonly ClaudeOutcome[] = [
  "ran",
  "denied",
  "asked",
  "rejected",
  "error",
  "missing",
];

/** What a transcript says about one result. */
export interface ResultFacts {
  /** The result's text (its text blocks joined). */
  text: string;
  /** The result's `is_error`. */
  isError: boolean;
  /** The line's `toolDenialKind`, when the line holds this one result only. */
  denialKind?: string;
  /** The line's `permissionDecision.decision`, when the line holds this one result only. */
  decision?: string;
}

// In-tool refusals: the permission check passed (meta "accept", is_error false in some runs).
const IN_TOOL_DENY =
  /^Agent type '[^']*' has been denied by permission rule |^Skill execution blocked by permission rules/;

const DENY = new RegExp([
  /^Permission to (?:use|read|write|edit) .+? (?:has been )?denied/.source,
  /^Permission for this action has been denied/.source,
  /^\S+ denied access to /.source,
  /denied by your permission settings/.source,
  /is covered by a Read deny rule/.source,
  /^<tool_use_error>Error: No such tool available: (\S+)\. \1 is disabled for this session/.source,
  /^Auto mode is unavailable|^Auto mode (?:blocked|denied)/.source,
  // A PreToolUse hook that exits 2 (skald's own hook among them).
  /^PreToolUse:\S+ hook error: /.source,
].join("|"));

const ASK = new RegExp([
  "but you haven't granted it yet",
  "needs approval",
  "requires approval",
  "requires confirmation",
  " was blocked\\. For security, Claude Code may only",
  "while in plan mode",
  "^Claude requested permissions to ",
  "Approving runs ",
  "can't be checked before it runs",
  "require approval for safety",
  "undergoes shell expansion",
  "cannot be auto-allowed",
  "Approve only if you trust it",
].join("|"));

// Interactive sessions: the user said no at the prompt, or pressed Esc while the tool ran.
const REJECTED =
  /^The user doesn't want to (?:proceed with this tool use|take this action right now)|^\[Request interrupted by user/;

/**
 * What Claude Code did with a call, from its result.
 *
 * @param facts the result's text, `is_error` and the line's metadata
 * @returns the outcome
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { claudeOutcome } from "./claude_outcome.ts";
 *
 * const denied = "Permission to use Bash with command rm -rf build has been denied.";
 * assert.equal(claudeOutcome({ text: denied, isError: true }), "denied");
 * assert.equal(claudeOutcome({ text: "Exit code 1\nrequires approval", isError: true }), "ran");
 * assert.equal(claudeOutcome({ text: "x", isError: true, denialKind: "user-rejected" }), "asked");
 * assert.equal(claudeOutcome({ text: "hi", isError: false }), "ran");
 * ```
 */
export function claudeOutcome(facts: ResultFacts): ClaudeOutcome {
  const { text, isError, denialKind, decision } = facts;
  if (IN_TOOL_DENY.test(text)) return "denied";
  if (denialKind === "permission-rule" || denialKind?.startsWith("automode")) return "denied";
  if (denialKind === "user-rejected") return "asked";
  if (decision === "reject") return "denied";
  if (!isError) return "ran";
  // A failed command's result starts with its exit code: what follows is its own output.
  if (text.startsWith("Exit code ")) return "ran";
  if (REJECTED.test(text)) return "rejected";
  if (DENY.test(text)) return "denied";
  if (ASK.test(text)) return "asked";
  if (decision === "accept") return "ran";
  if (text.startsWith("<tool_use_error>") || text.startsWith("InputValidationError")) {
    return "error";
  }
  return "ran";
}
