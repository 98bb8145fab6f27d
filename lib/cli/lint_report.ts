/**
 * `lint`'s report: its findings, and the summary every format ends with (what was checked,
 * the findings counted by level), printed as text, JSON, GitHub workflow commands or SARIF.
 * Pure but for the stream it is handed.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { workflowCommand } from "./formats/github.ts";
import { sarifLog } from "./formats/sarif.ts";
import type { Io } from "./io.ts";

/** One lint finding. */
export interface Finding {
  /** The file, as the user knows it (a settings label, or a path). */
  file: string;
  /** Its line, 1-based, when known. */
  line?: number;
  /** Its column, 1-based, when known. */
  column?: number;
  /** A short stable code (`unknown-key`, `invalid-rule`, `not-boolean`, ...), for `--ignore`. */
  code: string;
  kind: "settings" | "rule" | "weak-rule" | "skill" | "shadowed" | "allowed-tools" | "listing";
  /** `error` makes lint fail (exit 4); a `warning` or an `info` is reported only. */
  level: "error" | "warning" | "info";
  reason: string;
}

/** What lint read. */
export interface Checked {
  /** Settings files read (or that could not be). */
  settingsFiles: number;
  /** Skills and commands of the catalogue (shadowed ones are findings of their own). */
  skills: number;
  commands: number;
  /**
   * Plugin folders read, loaded or not (`--plugin-dir`, the repository's own, a marketplace's,
   * installed ones).
   */
  plugins: number;
  /** Entries of the marketplaces read, and how many of them have a remote source (not read). */
  marketplaceEntries: number;
  remoteEntries: number;
}

/** The summary of a run. */
export interface LintSummary {
  checked: Checked;
  /** The findings reported (after `--ignore`), by level. */
  errors: number;
  warnings: number;
  infos: number;
}

/** The output formats. */
export const FORMATS = ["text", "json", "github", "sarif"] as const;

/**
 * The summary of findings and what was checked.
 *
 * @param findings the findings reported
 * @param checked what was read
 * @returns the summary
 */
export function summarize(findings: readonly Finding[], checked: Checked): LintSummary {
  const count = (level: Finding["level"]) => findings.filter((f) => f.level === level).length;
  return { checked, errors: count("error"), warnings: count("warning"), infos: count("info") };
}

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The summary as one line of text.
 *
 * @param s the summary
 * @returns the line, without its newline
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summaryText } from "./lint_report.ts";
 *
 * assert.equal(
 *   summaryText({
 *     checked: {
 *       settingsFiles: 1,
 *       skills: 12,
 *       commands: 0,
 *       plugins: 3,
 *       marketplaceEntries: 4,
 *       remoteEntries: 1,
 *     },
 *     errors: 0,
 *     warnings: 2,
 *     infos: 1,
 *   }),
 *   "skald lint: checked 1 settings file, 12 skills, 0 commands, 3 plugins, 4 marketplace " +
 *     "entries (1 remote, not read): 0 errors, 2 warnings, 1 info",
 * );
 * ```
 */
export function summaryText(s: LintSummary): string {
  const c = s.checked;
  const remote = c.remoteEntries === 0 ? "" : ` (${c.remoteEntries} remote, not read)`;
  return `skald lint: checked ${n(c.settingsFiles, "settings file")}, ${n(c.skills, "skill")}, ` +
    `${n(c.commands, "command")}, ${n(c.plugins, "plugin")}, ` +
    `${n(c.marketplaceEntries, "marketplace entry", "marketplace entries")}${remote}: ` +
    `${n(s.errors, "error")}, ${n(s.warnings, "warning")}, ${n(s.infos, "info", "info")}`;
}

/**
 * Prints the findings and the summary in a format: text (`FILE:LINE:COL: [LEVEL: ]REASON
 * [CODE]`, the summary last), JSON (`{ findings, summary }`), GitHub workflow commands (a
 * `::notice` with the summary last) or SARIF (the summary in the run's `properties`).
 *
 * @param findings the findings
 * @param summary the summary
 * @param format the format
 * @param relative a file as the report names it (relative to the root)
 * @param io streams
 */
export function printLint(
  findings: readonly Finding[],
  summary: LintSummary,
  format: (typeof FORMATS)[number],
  relative: (file: string) => string,
  io: Io,
): void {
  switch (format) {
    case "json":
      io.out(JSON.stringify({ findings, summary }) + "\n");
      return;
    case "github":
      for (const f of findings) {
        io.out(
          workflowCommand({
            level: f.level === "info" ? "notice" : f.level,
            file: relative(f.file),
            line: f.line,
            column: f.column,
            title: `skald ${f.code}`,
            message: f.reason,
          }) + "\n",
        );
      }
      io.out(
        workflowCommand({ level: "notice", title: "skald lint", message: summaryText(summary) }) +
          "\n",
      );
      return;
    case "sarif": {
      const log = sarifLog(
        findings.map((f) => ({
          code: f.code,
          level: f.level === "info" ? "note" : f.level,
          file: relative(f.file),
          line: f.line,
          column: f.column,
          message: f.reason,
        })),
        { version: denoJson.version },
      );
      const run = log.runs[0]!;
      const out = {
        ...log,
        runs: [{ ...run, properties: { summary, text: summaryText(summary) } }],
      };
      io.out(JSON.stringify(out, null, 2) + "\n");
      return;
    }
    case "text":
      for (const f of findings) {
        const where = f.line === undefined
          ? f.file
          : `${f.file}:${f.line}${f.column === undefined ? "" : `:${f.column}`}`;
        const level = f.level === "error" ? "" : `${f.level}: `;
        io.out(`${where}: ${level}${f.reason} [${f.code}]\n`);
      }
      io.out(summaryText(summary) + "\n");
      return;
    default: {
      const never: never = format;
      throw new Error(`unknown format ${never}`);
    }
  }
}
