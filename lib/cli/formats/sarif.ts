/**
 * SARIF 2.1.0, the format GitHub code scanning uploads (`github/codeql-action/upload-sarif`):
 * one run of the tool `skald`, one rule per finding code, one result per finding with its
 * file, line and column. Pure.
 *
 * @module
 */

/** One result to report. */
export interface SarifFinding {
  /** The rule: skald's finding code. */
  code: string;
  level: "error" | "warning" | "note";
  /** The file, relative to the repository's root (`uriBaseId` `%SRCROOT%`). */
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/**
 * A SARIF log of one run.
 *
 * @param findings the results
 * @param tool the tool's version and where it is documented
 * @returns the log, as JSON-ready data
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sarifLog } from "./sarif.ts";
 *
 * const log = sarifLog([{
 *   code: "unknown-key",
 *   level: "error",
 *   file: ".claude/settings.json",
 *   line: 2,
 *   column: 3,
 *   message: "Unknown key",
 * }], { version: "0.1.0" });
 * assert.equal(log.version, "2.1.0");
 * assert.equal(log.runs[0]?.results[0]?.ruleId, "unknown-key");
 * ```
 */
export function sarifLog(
  findings: readonly SarifFinding[],
  tool: { version: string; informationUri?: string },
): {
  $schema: string;
  version: "2.1.0";
  runs: {
    tool: { driver: Record<string, unknown> };
    results: { ruleId: string; [k: string]: unknown }[];
  }[];
} {
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{
      tool: {
        driver: {
          name: "skald",
          version: tool.version,
          ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
          rules: codes.map((id) => ({ id, shortDescription: { text: id } })),
        },
      },
      results: findings.map((f) => ({
        ruleId: f.code,
        ruleIndex: codes.indexOf(f.code),
        level: f.level,
        message: { text: f.message },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: encodeURI(f.file), uriBaseId: "%SRCROOT%" },
            ...(f.line === undefined ? {} : {
              region: { startLine: f.line, ...(f.column ? { startColumn: f.column } : {}) },
            }),
          },
        }],
      })),
    }],
  };
}
