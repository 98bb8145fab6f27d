/**
 * The audit's summary: every replayed call counted by skald's verdict and by what Claude Code
 * did with it, per tool and per rule; the calls worth a look (skald denies, or asks for a reason
 * of its own, a rule, a guard or the mode) split into those Claude Code ran, those it refused
 * too and those with no result, most serious first; the rules that decided most calls and the
 * rules that decided none. Pure: calls are added one at a time, so a replay of any length
 * keeps only the counts and the calls worth a look.
 *
 * @module
 */

import type { Policy } from "../permissions/policy.ts";
import { explain } from "../permissions/explain.ts";
import type { RuleKind } from "../permissions/rule.ts";
import type { Basis, Decision, Verdict } from "../permissions/verdict.ts";
import type { Problem } from "../settings/problem.ts";
import { CLAUDE_OUTCOMES, type ClaudeOutcome } from "./claude_outcome.ts";
import type { TranscriptCall } from "./transcript.ts";

/** One replayed call: where it was recorded, the call, and skald's decision. */
export interface AuditedCall {
  /** The transcript, as the report names it. */
  transcript: string;
  /** The session id the transcript carries. */
  session?: string;
  /** The project whose policy decided it. */
  project: string;
  /** The mode it was decided in (its session's, or `--mode`). */
  mode?: string;
  /** The call as recorded. */
  call: TranscriptCall;
  /** skald's decision. */
  decision: Decision;
}

/** Counts by what Claude Code did. */
export type OutcomeCounts = Record<ClaudeOutcome, number>;

/** One rule's use. */
export interface RuleUse {
  /** The rule as written. */
  rule: string;
  /** Its source. */
  source: string;
  /** allow, ask or deny. */
  kind: RuleKind;
  /** The project whose settings hold it. */
  project: string;
  /**
   * How many calls it decided or, a deny or ask rule, named though an earlier rule decided (an
   * allow rule: covered a part of).
   */
  calls: number;
  /** Why it can never match, for an invalid rule. */
  error?: string;
}

/** One project's share of the replay. */
export interface ProjectUse {
  /** The project's root. */
  root: string;
  /** The modes its calls were decided in (each session's, as its transcript says). */
  modes: string[];
  /** How many transcripts it decided. */
  transcripts: number;
  /** How many calls it decided. */
  calls: number;
}

/** What the replay found. */
export interface AuditReport {
  /** How many transcripts were read. */
  transcripts: number;
  /** How many calls were replayed. */
  calls: number;
  /** How many of them a subagent made. */
  subagentCalls: number;
  /** Every verdict's calls, by what Claude Code did. */
  verdicts: Record<Verdict, OutcomeCounts>;
  /** Asks that only mean "no rule speaks" (skald would ask, as Claude Code does by default). */
  defaultAsks: OutcomeCounts;
  /** Per tool: calls and verdicts. */
  tools: Record<string, { calls: number } & Record<Verdict, number>>;
  /** Denies and asks for a reason of skald's own that Claude Code ran, most serious first. */
  ran: AuditedCall[];
  /** The same that Claude Code refused too (denied, asked, rejected, or refused the input). */
  refused: AuditedCall[];
  /** The same with no result (the session ended before the call finished: it may have run). */
  noResult: AuditedCall[];
  /**
   * Calls skald allows whose command is partly only known when it runs (a substitution, a
   * variable): not fully checked, in replay order.
   */
  unchecked: AuditedCall[];
  /** The rules that decided calls, most calls first. */
  rules: RuleUse[];
  /** The rules that decided or named no call, in source order. */
  deadRules: RuleUse[];
  /** Unreadable lines and files. */
  problems: Problem[];
  /** The projects whose policies decided, in the order they were first met. */
  projects: ProjectUse[];
}

const emptyOutcomes = (): OutcomeCounts =>
  Object.fromEntries(CLAUDE_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;

/** The order of seriousness: deny before ask; a rule before a guard, the mode, bad input. */
const BASIS_RANK: Readonly<Record<Basis, number>> = {
  rule: 0,
  guard: 1,
  mode: 2,
  input: 3,
  default: 4,
};

/**
 * True when a decision is worth a look: a deny, or an ask that a rule, a guard or the mode gave
 * (an ask only because no rule speaks is what Claude Code does too).
 *
 * @param d the decision
 * @returns whether the report lists the call
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFinding } from "./report.ts";
 *
 * const d = { verdict: "ask", rule: null, source: null, reason: "No rule", basis: "default" } as const;
 * assert.equal(isFinding(d), false);
 * assert.equal(isFinding({ ...d, basis: "guard" }), true);
 * assert.equal(isFinding({ ...d, verdict: "deny" }), true);
 * ```
 */
export function isFinding(d: Decision): boolean {
  return d.verdict === "deny" || (d.verdict === "ask" && d.basis !== "default");
}

/**
 * Compares two listed calls: deny first, then by basis (a rule first), then in replay order.
 *
 * @param a a call
 * @param b another
 * @returns negative when `a` comes first
 */
function bySeriousness(a: AuditedCall, b: AuditedCall): number {
  const v = (c: AuditedCall) => c.decision.verdict === "deny" ? 0 : 1;
  return v(a) - v(b) || BASIS_RANK[a.decision.basis] - BASIS_RANK[b.decision.basis];
}

/** A report being built: add calls, then {@link finishReport}. */
export interface ReportBuilder {
  /** Counts one replayed call. */
  add(c: AuditedCall): void;
  /** Counts a transcript read, the project that decides its calls, and its problems. */
  transcript(project: string, problems: readonly Problem[]): void;
  /** Counts a problem that is no line's (an unreadable file). */
  problem(p: Problem): void;
  /** Names the policy of a project, for its rules: before any of its calls is added. */
  policy(project: string, policy: Policy): void;
  /** The report so far. */
  finish(): AuditReport;
}

/**
 * A new report.
 *
 * @returns the builder
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Policy } from "../permissions/policy.ts";
 * import { newReport } from "./report.ts";
 *
 * const policy = new Policy({
 *   sources: [{ label: "project", scope: "project", deny: ["Bash(rm:*)", "Bash(curl:*)"] }],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * const report = newReport();
 * report.policy("/proj", policy);
 * const call = {
 *   id: "t1",
 *   tool: "Bash",
 *   input: { command: "rm -rf build" },
 *   cwd: "/proj",
 *   line: 7,
 *   sidechain: false,
 *   outcome: "ran",
 * } as const;
 * report.add({ transcript: "s1.jsonl", project: "/proj", call, decision: policy.decide(call) });
 * const r = report.finish();
 * assert.equal(r.verdicts.deny.ran, 1);
 * assert.equal(r.ran[0]?.decision.rule, "Bash(rm:*)");
 * assert.deepEqual(r.deadRules.map((d) => d.rule), ["Bash(curl:*)"]);
 * ```
 */
export function newReport(): ReportBuilder {
  const verdicts = { allow: emptyOutcomes(), ask: emptyOutcomes(), deny: emptyOutcomes() };
  const defaultAsks = emptyOutcomes();
  const tools: AuditReport["tools"] = {};
  const listed: AuditedCall[] = [];
  const unchecked: AuditedCall[] = [];
  const uses = new Map<string, RuleUse>();
  const policies = new Map<string, Policy>();
  const projects = new Map<string, ProjectUse>();
  const problems: Problem[] = [];
  let transcripts = 0;
  let calls = 0;
  let subagentCalls = 0;
  const key = (project: string, kind: string, source: string, rule: string) =>
    `${project}\0${kind}\0${source}\0${rule}`;
  const known = new Set<string>();
  const kindOf = (project: string, verdict: Verdict, rule: string, source: string | null) =>
    ([verdict, "ask", "deny", "allow"] as const).find((k) =>
      known.has(key(project, k, source ?? "", rule))
    ) ?? verdict;
  const use = (project: string, kind: RuleKind, rule: string, source: string | null) => {
    const k = key(project, kind, source ?? "", rule);
    const u = uses.get(k);
    if (u !== undefined) u.calls++;
    else uses.set(k, { rule, source: source ?? "", kind, project, calls: 1 });
  };
  return {
    add(c) {
      const { decision: d, call } = c;
      calls++;
      const project = projects.get(c.project);
      if (project !== undefined) {
        project.calls++;
        const mode = c.mode ?? policies.get(c.project)?.modeName;
        if (mode !== undefined && !project.modes.includes(mode)) project.modes.push(mode);
      }
      if (call.sidechain) subagentCalls++;
      verdicts[d.verdict][call.outcome]++;
      if (d.verdict === "ask" && d.basis === "default") defaultAsks[call.outcome]++;
      const tool = tools[call.tool] ??= { calls: 0, allow: 0, ask: 0, deny: 0 };
      tool.calls++;
      tool[d.verdict]++;
      // The rules this call used, each once: the deciding one, and the allows of its parts.
      const seen = new Set<string>();
      const once = (kind: RuleKind, rule: string | null, source: string | null) => {
        if (rule === null) return;
        const k = key("", kind, source ?? "", rule);
        if (seen.has(k)) return;
        seen.add(k);
        use(c.project, kind, rule, source);
      };
      // (dontAsk turns an ask rule's verdict into a deny: the kind is the rule's own.)
      if (d.rule !== null) once(kindOf(c.project, d.verdict, d.rule, d.source), d.rule, d.source);
      // Every other deny or ask rule that names the call is credited too: one it was meant for
      // is no dead rule because an earlier one decided.
      const policy = policies.get(c.project);
      if (policy !== undefined && d.basis === "rule" && d.verdict !== "allow") {
        const request = { tool: call.tool, input: call.input, cwd: call.cwd };
        for (const r of explain(policy, request).rules) {
          if (r.matches && r.kind !== "allow") once(r.kind, r.rule, r.source);
        }
      }
      for (const p of d.parts ?? []) once("allow", p.rule, p.source);
      if (isFinding(d)) listed.push(c);
      else if (d.verdict === "allow" && d.unchecked !== undefined) unchecked.push(c);
    },
    transcript(project, found) {
      transcripts++;
      const p = projects.get(project);
      if (p !== undefined) p.transcripts++;
      problems.push(...found);
    },
    problem(p) {
      problems.push(p);
    },
    policy(project, policy) {
      policies.set(project, policy);
      projects.set(project, { root: project, modes: [], transcripts: 0, calls: 0 });
      for (const r of policy.rules) known.add(key(project, r.kind, r.source, r.text));
    },
    finish() {
      const sorted = [...listed].sort(bySeriousness);
      const rules = [...uses.values()].sort((a, b) => b.calls - a.calls);
      const deadRules: RuleUse[] = [];
      for (const [project, policy] of policies) {
        for (const r of policy.rules) {
          if (uses.has(key(project, r.kind, r.source, r.text))) continue;
          const dead: RuleUse = { rule: r.text, source: r.source, kind: r.kind, project, calls: 0 };
          if (r.error !== undefined) dead.error = r.error;
          deadRules.push(dead);
        }
      }
      return {
        transcripts,
        calls,
        subagentCalls,
        verdicts,
        defaultAsks,
        tools,
        ran: sorted.filter((c) => c.call.outcome === "ran"),
        refused: sorted.filter((c) => c.call.outcome !== "ran" && c.call.outcome !== "missing"),
        noResult: sorted.filter((c) => c.call.outcome === "missing"),
        unchecked: [...unchecked],
        rules,
        deadRules,
        problems,
        projects: [...projects.values()],
      };
    },
  };
}
