/**
 * The audit report as text: a short table for a terminal, and GitHub Actions workflow commands
 * (`::error file=...,line=...::...`) for CI. Pure.
 *
 * @module
 */

import { CLAUDE_OUTCOMES } from "./claude_outcome.ts";
import type { AuditedCall, AuditReport, OutcomeCounts } from "./report.ts";
import { callSubject } from "./subject.ts";

const cut = (text: string, max: number) => text.length > max ? text.slice(0, max - 1) + "…" : text;

/**
 * A text from a transcript made safe for a terminal and a CI log: control characters (an escape
 * sequence would drive the terminal), line breaks and the Unicode direction overrides (they
 * reorder what is shown) are written as `\xNN` / `\u{NNNN}`.
 *
 * @param text the text
 * @returns the text, every such character written out
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { printable } from "./report_text.ts";
 *
 * assert.equal(printable("rm -rf x\u001b[2K\u202e"), "rm -rf x\\x1b[2K\\u{202e}");
 * ```
 */
export function printable(text: string): string {
  return text.replace(
    // deno-lint-ignore no-control-regex -- the control characters are what it writes out
    /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => {
      const code = c.charCodeAt(0);
      return code < 0x100
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u{${code.toString(16)}}`;
    },
  );
}
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Rows as columns, each as wide as its widest cell, two spaces apart. */
function columns(cells: string[][], right: ReadonlySet<number> = new Set()): string[] {
  const rows = cells.map((row) => row.map(printable));
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => widths[i] = Math.max(widths[i] ?? 0, cell.length));
  }
  return rows.map((row) =>
    row.map((cell, i) =>
      i === row.length - 1 && !right.has(i)
        ? cell
        : right.has(i)
        ? cell.padStart(widths[i]!)
        : cell.padEnd(widths[i]!)
    ).join("  ").trimEnd()
  );
}

/**
 * The call as `Tool(subject)`, as Claude Code's own messages and rules write it; a path inside
 * the project relative to it (`Read(secrets/k)`).
 */
function callText(c: AuditedCall, max = 70): string {
  const subject = callSubject(c.call.tool, c.call.input);
  const inside = subject.startsWith(`${c.project}/`)
    ? subject.slice(c.project.length + 1)
    : subject;
  return `${c.call.tool}(${cut(inside, max)})`;
}

/** Why skald decided so: the rule and its source, or what gave the verdict and why. */
function why(c: AuditedCall): string {
  const d = c.decision;
  if (d.rule !== null && d.basis === "rule") return `${d.rule} from ${d.source}`;
  return cut(`${d.basis}: ${d.reason}`, 90);
}

function where(c: AuditedCall): string {
  return `${c.transcript}:${c.call.line}${c.call.sidechain ? " (subagent)" : ""}`;
}

function section(
  title: string,
  calls: readonly AuditedCall[],
  limit: number,
  row: (c: AuditedCall) => string[],
): string[] {
  if (calls.length === 0) return [];
  const shown = limit > 0 ? calls.slice(0, limit) : calls;
  const lines = ["", `${title} (${calls.length.toLocaleString("en-US")}):`];
  lines.push(...columns(shown.map(row)).map((l) => `  ${l}`));
  if (shown.length < calls.length) {
    lines.push(
      `  … and ${calls.length - shown.length} more (--limit 0 shows all, --json lists every call)`,
    );
  }
  return lines;
}

/**
 * The report as a short table: the header, the verdicts by what Claude Code did, the calls skald
 * would deny or ask for that Claude Code ran (most serious first), those it refused too, those
 * with no result, the counts per tool, the rules that decided most, the rules that decided no
 * call, and the problems.
 *
 * @param r the report
 * @param limit the most calls and rules a list shows (0: all)
 * @param width the columns each line is cut to (a terminal's), or none
 * @returns the text, ending in a line break
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newReport } from "./report.ts";
 * import { reportTable } from "./report_text.ts";
 *
 * assert.equal(reportTable(newReport().finish()), "skald audit: 0 transcripts, 0 calls\n");
 * ```
 */
export function reportTable(r: AuditReport, limit = 20, width?: number): string {
  const fit = (lines: string[]) =>
    (width === undefined ? lines : lines.map((l) => cut(l, width))).join("\n") + "\n";
  const problems = r.problems.length;
  const lines = [
    `skald audit: ${count(r.transcripts, "transcript")}, ${count(r.calls, "call")}` +
    (r.subagentCalls > 0 ? ` (${r.subagentCalls.toLocaleString("en-US")} by subagents)` : "") +
    (problems > 0 ? `, ${count(problems, "problem")}` : ""),
  ];
  for (const p of r.projects) {
    const modes = p.modes.length === 0 ? "" : `, ${p.modes.length === 1 ? "mode" : "modes"} ` +
      p.modes.join(", ");
    lines.push(printable(`project ${p.root}: ${count(p.calls, "call")}${modes}`));
  }
  if (r.calls === 0 && problems === 0) return fit(lines);
  const row = (name: string, o: OutcomeCounts) => [name, ...CLAUDE_OUTCOMES.map((k) => `${o[k]}`)];
  const askRule: OutcomeCounts = { ...r.verdicts.ask };
  for (const k of CLAUDE_OUTCOMES) askRule[k] -= r.defaultAsks[k];
  const right = new Set(CLAUDE_OUTCOMES.map((_, i) => i + 1));
  lines.push(
    "",
    "Claude Code:",
    ...columns([
      ["skald", ...CLAUDE_OUTCOMES],
      row("deny", r.verdicts.deny),
      row("ask (a rule, guard, mode)", askRule),
      row("ask (no rule speaks)", r.defaultAsks),
      row("allow", r.verdicts.allow),
    ], right).map((l) => `  ${l}`),
  );
  const listed = (c: AuditedCall) => [c.decision.verdict, callText(c), why(c), where(c)];
  const refused = (c: AuditedCall) => [
    c.decision.verdict,
    callText(c),
    why(c),
    `Claude Code: ${c.call.outcome}`,
    where(c),
  ];
  lines.push(
    ...section(
      "skald would deny or ask, and Claude Code ran it",
      r.ran,
      limit,
      listed,
    ),
    ...section("No result: the session ended first, it may have run", r.noResult, limit, listed),
    ...section(
      "skald would deny or ask, and Claude Code refused it too",
      r.refused,
      limit,
      refused,
    ),
    ...section(
      "skald allows, but could not check all of it before it ran",
      r.unchecked,
      limit,
      (c) => [c.decision.verdict, callText(c), cut(c.decision.unchecked!, 70), where(c)],
    ),
  );
  const tools = Object.entries(r.tools).sort((a, b) => b[1].calls - a[1].calls);
  if (tools.length > 0) {
    lines.push(
      "",
      "Per tool:",
      ...columns(
        [
          ["tool", "calls", "allow", "ask", "deny"],
          ...tools.map(([t, c]) => [t, `${c.calls}`, `${c.allow}`, `${c.ask}`, `${c.deny}`]),
        ],
        new Set([1, 2, 3, 4]),
      ).map((l) => `  ${l}`),
    );
  }
  // With several projects, each rule is named with the project whose settings hold it.
  const of = (u: { project: string }) => r.projects.length > 1 ? `  (${u.project})` : "";
  const rules = limit > 0 ? r.rules.slice(0, limit) : r.rules;
  if (rules.length > 0) {
    lines.push(
      "",
      "Rules that decided or named most calls:",
      ...columns(rules.map((u) => [`${u.calls}`, u.kind, u.rule, u.source + of(u)]), new Set([0]))
        .map((l) => `  ${l}`),
    );
  }
  if (r.deadRules.length > 0) {
    const dead = limit > 0 ? r.deadRules.slice(0, limit) : r.deadRules;
    lines.push(
      "",
      `Rules that decided or named no call (${r.deadRules.length}):`,
      ...columns(
        dead.map((u) => [u.kind, u.rule, u.source + of(u) + (u.error ? `: ${u.error}` : "")]),
      )
        .map((l) => `  ${l}`),
    );
    if (dead.length < r.deadRules.length) {
      lines.push(`  … and ${r.deadRules.length - dead.length} more`);
    }
  }
  if (problems > 0) {
    lines.push("", "Problems:");
    for (const p of r.problems) {
      lines.push(printable(`  ${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`));
    }
  }
  return fit(lines);
}

/** A workflow command's value, escaped as GitHub Actions reads it. */
function data(text: string): string {
  return printable(text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A"));
}

/** A workflow command's property, escaped. */
function property(text: string): string {
  return data(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/**
 * The report as GitHub Actions workflow commands: an `::error` for each call skald would deny
 * that Claude Code ran, a `::warning` for each it would ask for (a rule, a guard or the mode)
 * that Claude Code ran and for each of these with no result, a `::warning` for each unreadable
 * line, and a `::notice` with the counts.
 *
 * @param r the report
 * @returns the commands, one a line
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newReport } from "./report.ts";
 * import { githubAnnotations } from "./report_text.ts";
 *
 * const report = newReport();
 * report.problem({ file: "a,b.jsonl", line: 3, code: "not-json", message: "Cannot read: 100%" });
 * assert.equal(
 *   githubAnnotations(report.finish()).split("\n")[0],
 *   "::warning file=a%2Cb.jsonl,line=3,title=skald audit::Cannot read: 100%25",
 * );
 * ```
 */
export function githubAnnotations(r: AuditReport): string {
  const out: string[] = [];
  const at = (c: AuditedCall) => `file=${property(c.transcript)},line=${c.call.line}`;
  for (const c of r.ran) {
    const level = c.decision.verdict === "deny" ? "error" : "warning";
    out.push(
      `::${level} ${at(c)},title=${property(`skald would ${c.decision.verdict}`)}::` +
        data(`Claude Code ran ${callText(c, 200)}: ${c.decision.reason}`),
    );
  }
  for (const c of r.noResult) {
    out.push(
      `::warning ${at(c)},title=${property(`skald would ${c.decision.verdict}`)}::` +
        data(`${callText(c, 200)} has no result (it may have run): ${c.decision.reason}`),
    );
  }
  for (const p of r.problems) {
    const line = p.line ? `,line=${p.line}` : "";
    out.push(`::warning file=${property(p.file)}${line},title=skald audit::${data(p.message)}`);
  }
  const denied = r.ran.filter((c) => c.decision.verdict === "deny").length;
  out.push(
    `::notice title=skald audit::${
      data(
        `${count(r.transcripts, "transcript")}, ${count(r.calls, "call")}: ` +
          `Claude Code ran ${count(denied, "call")} skald would deny and ` +
          `${count(r.ran.length - denied, "call")} it would ask for`,
      )
    }`,
  );
  return out.join("\n") + "\n";
}
