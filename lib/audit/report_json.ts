/**
 * The JSON shapes of `skald audit --json`: one object a line per replayed call, in replay
 * order, then one summary. Pure.
 *
 * @module
 */

import type { Basis, Verdict } from "../permissions/verdict.ts";
import type { Problem } from "../settings/problem.ts";
import type { ClaudeOutcome } from "./claude_outcome.ts";
import type { AuditedCall, AuditReport, OutcomeCounts, ProjectUse, RuleUse } from "./report.ts";
import { callSubject } from "./subject.ts";

/** One replayed call, as `--json` prints it. */
export interface CallJson {
  /** Always `call`. */
  kind: "call";
  /** The transcript, as the report names it. */
  transcript: string;
  /** The line of its `tool_use`. */
  line: number;
  /** The session id; null when the transcript names none. */
  session: string | null;
  /** The subagent's id, for a subagent's call; else null. */
  agent: string | null;
  /** The tool, as Claude Code named it. */
  tool: string;
  /** The command, path, URL or name (see `callSubject`). */
  subject: string;
  /** The directory it ran in; null when the transcript does not say (the root was used). */
  cwd: string | null;
  /** The project whose policy decided it. */
  project: string;
  /** skald's verdict. */
  verdict: Verdict;
  /** The deciding rule; null when none did. */
  rule: string | null;
  /** The rule's source; null with no rule. */
  source: string | null;
  /** What gave the verdict. */
  basis: Basis;
  /** Why, in one sentence. */
  reason: string;
  /** What Claude Code did with it. */
  claudeCode: ClaudeOutcome;
  /** Claude Code's refusal text (its start) when it did not run the call; else null. */
  claudeCodeText: string | null;
  /** The mode it was decided in (its session's, as the transcript says), or null. */
  mode: string | null;
  /** What of its command could not be checked before it ran, or null. */
  unchecked: string | null;
}

/**
 * A replayed call as JSON.
 *
 * @param c the call
 * @returns the object
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { callJson } from "./report_json.ts";
 *
 * const j = callJson({
 *   transcript: "s1.jsonl",
 *   project: "/proj",
 *   call: {
 *     id: "t1",
 *     tool: "Bash",
 *     input: { command: "rm -rf build" },
 *     cwd: "/proj/src",
 *     line: 7,
 *     sidechain: false,
 *     outcome: "ran",
 *   },
 *   decision: {
 *     verdict: "deny",
 *     rule: "Bash(rm:*)",
 *     source: ".claude/settings.json",
 *     reason: "Denied by Bash(rm:*) from .claude/settings.json",
 *     basis: "rule",
 *   },
 * });
 * assert.equal(j.subject, "rm -rf build");
 * assert.equal(j.claudeCode, "ran");
 * assert.equal(j.session, null);
 * ```
 */
export function callJson(c: AuditedCall): CallJson {
  const { call, decision: d } = c;
  return {
    kind: "call",
    transcript: c.transcript,
    line: call.line,
    session: c.session ?? null,
    agent: call.agentId ?? null,
    tool: call.tool,
    subject: callSubject(call.tool, call.input),
    cwd: call.cwd ?? null,
    project: c.project,
    verdict: d.verdict,
    rule: d.rule,
    source: d.source,
    basis: d.basis,
    reason: d.reason,
    claudeCode: call.outcome,
    claudeCodeText: call.resultText ?? null,
    mode: c.mode ?? null,
    unchecked: d.unchecked ?? null,
  };
}

/** A call in the summary's lists: where it is, what it is, skald's verdict, Claude Code's. */
export type ListedJson = Pick<
  CallJson,
  | "transcript"
  | "line"
  | "tool"
  | "subject"
  | "verdict"
  | "rule"
  | "source"
  | "basis"
  | "claudeCode"
>;

/** The summary, as `--json` prints it last (the fields of {@link AuditReport}). */
export interface SummaryJson {
  /** Always `summary`. */
  kind: "summary";
  /** How many transcripts were read. */
  transcripts: number;
  /** How many calls were replayed. */
  calls: number;
  /** How many of them a subagent made. */
  subagentCalls: number;
  /** Every verdict's calls, by what Claude Code did. */
  verdicts: Record<Verdict, OutcomeCounts>;
  /** The asks only because no rule speaks, by what Claude Code did. */
  defaultAsks: OutcomeCounts;
  /** Per tool: calls and verdicts. */
  tools: AuditReport["tools"];
  /** Denies and asks for a reason of skald's own that Claude Code ran, most serious first. */
  ran: ListedJson[];
  /** The same that Claude Code refused too. */
  refused: ListedJson[];
  /** The same with no result. */
  noResult: ListedJson[];
  /** Calls skald allows that it could not check all of before they ran. */
  unchecked: ListedJson[];
  /** The rules that decided calls, most calls first. */
  rules: RuleUse[];
  /** The rules that decided no call. */
  deadRules: RuleUse[];
  /** Unreadable lines and files. */
  problems: Problem[];
  /** The projects whose policies decided. */
  projects: ProjectUse[];
}

function listed(c: AuditedCall): ListedJson {
  const j = callJson(c);
  return {
    transcript: j.transcript,
    line: j.line,
    tool: j.tool,
    subject: j.subject,
    verdict: j.verdict,
    rule: j.rule,
    source: j.source,
    basis: j.basis,
    claudeCode: j.claudeCode,
  };
}

/**
 * The summary as JSON.
 *
 * @param r the report
 * @returns the object
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newReport } from "./report.ts";
 * import { summaryJson } from "./report_json.ts";
 *
 * const s = summaryJson(newReport().finish());
 * assert.equal(s.kind, "summary");
 * assert.equal(s.calls, 0);
 * assert.deepEqual(s.verdicts.deny, {
 *   ran: 0,
 *   denied: 0,
 *   asked: 0,
 *   rejected: 0,
 *   error: 0,
 *   missing: 0,
 * });
 * ```
 */
export function summaryJson(r: AuditReport): SummaryJson {
  return {
    kind: "summary",
    transcripts: r.transcripts,
    calls: r.calls,
    subagentCalls: r.subagentCalls,
    verdicts: r.verdicts,
    defaultAsks: r.defaultAsks,
    tools: r.tools,
    ran: r.ran.map(listed),
    refused: r.refused.map(listed),
    noResult: r.noResult.map(listed),
    unchecked: r.unchecked.map(listed),
    rules: r.rules,
    deadRules: r.deadRules,
    problems: r.problems,
    projects: r.projects,
  };
}
