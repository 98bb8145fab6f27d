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
}

/**
 * A replayed call as JSON.
 *
 * @param c the call
 * @returns the object
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
  };
}

/** Where a listed call is, in the summary's lists. */
export interface ListedJson {
  transcript: string;
  line: number;
  tool: string;
  subject: string;
  verdict: Verdict;
  rule: string | null;
  source: string | null;
  basis: Basis;
  claudeCode: ClaudeOutcome;
}

/** The summary, as `--json` prints it last. */
export interface SummaryJson {
  /** Always `summary`. */
  kind: "summary";
  transcripts: number;
  calls: number;
  subagentCalls: number;
  verdicts: Record<Verdict, OutcomeCounts>;
  defaultAsks: OutcomeCounts;
  tools: AuditReport["tools"];
  ran: ListedJson[];
  refused: ListedJson[];
  noResult: ListedJson[];
  rules: RuleUse[];
  deadRules: RuleUse[];
  problems: Problem[];
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
    rules: r.rules,
    deadRules: r.deadRules,
    problems: r.problems,
    projects: r.projects,
  };
}
