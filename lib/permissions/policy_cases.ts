/**
 * Policy tests for CI: the calls a team expects to be allowed, asked and denied, read from a
 * YAML (or JSON) document, held against a policy, each disagreement named. Pure: the document
 * comes in parsed.
 *
 * ```yaml
 * - bash: "git push --force"
 *   expect: deny
 * - name: reading the sources is fine
 *   read: src/app.ts
 *   expect: allow
 * - tool: WebFetch
 *   input: { url: "https://example.com" }
 *   expect: ask
 *   mode: dontAsk
 * ```
 *
 * @module
 */

import { inputForSubject, type ToolInput } from "./call.ts";
import { isModeName } from "./modes.ts";
import type { CallRequest, Policy } from "./policy.ts";
import { CLAUDE_TOOLS, ENGINE_TOOLS } from "./tool_names.ts";
import type { Verdict } from "./verdict.ts";

/** One expected decision. */
export interface PolicyCase {
  /** 1-based position in the document. */
  index: number;
  /** The case's name, when it has one. */
  name?: string;
  /** The call to decide. */
  call: CallRequest;
  /** How the call is shown in reports: `Bash "git push --force"`. */
  label: string;
  /** The verdict expected. */
  expect: Verdict;
  /** The mode to decide in (a name, `manual` and `auto` included); the policy's own without one. */
  mode?: string;
}

/** A case's outcome. */
export interface CaseResult {
  /** The case. */
  case: PolicyCase;
  /** The verdict the policy gave. */
  got: Verdict;
  /** The policy's reason. */
  reason: string;
  /** True when the verdict is the one expected (a call that cannot be read never passes). */
  pass: boolean;
}

const VERDICTS: ReadonlySet<string> = new Set(["allow", "ask", "deny"]);
const TOOL_NAMES = new Map<string, string>(
  [...ENGINE_TOOLS, ...Object.keys(CLAUDE_TOOLS)].map((n) => [n.toLowerCase(), n]),
);

/**
 * Reads the cases of a document (the shape is in the module doc). A case that cannot be read
 * is left out and named in `problems`; the others still count.
 *
 * @param doc the parsed YAML or JSON: a list of cases
 * @returns the cases, and one message per case that cannot be read
 */
export function readPolicyCases(doc: unknown): { cases: PolicyCase[]; problems: string[] } {
  const cases: PolicyCase[] = [];
  const problems: string[] = [];
  if (!Array.isArray(doc)) return { cases, problems: ["The cases are not a list"] };
  doc.forEach((raw, i) => {
    const index = i + 1;
    const where = `Case ${index}`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      problems.push(`${where} is not a mapping`);
      return;
    }
    const c = raw as Record<string, unknown>;
    if (typeof c.expect !== "string" || !VERDICTS.has(c.expect)) {
      problems.push(`${where}: "expect" must be allow, ask or deny`);
      return;
    }
    if (c.mode !== undefined && !isModeName(c.mode)) {
      problems.push(`${where}: "mode" is not a mode: ${JSON.stringify(c.mode)}`);
      return;
    }
    let call: CallRequest;
    let label: string;
    if (typeof c.tool === "string") {
      if (typeof c.input !== "object" || c.input === null || Array.isArray(c.input)) {
        problems.push(`${where}: "tool" needs an "input" mapping`);
        return;
      }
      call = { tool: c.tool, input: c.input as ToolInput };
      label = `${c.tool} ${JSON.stringify(c.input)}`;
    } else {
      const keys = Object.keys(c).filter((k) => !["expect", "name", "mode"].includes(k));
      const tool = keys.length === 1 ? TOOL_NAMES.get(keys[0]!.toLowerCase()) : undefined;
      const subject = keys.length === 1 ? c[keys[0]!] : undefined;
      if (tool === undefined || typeof subject !== "string") {
        problems.push(
          `${where}: expected one tool key with a subject (bash: "...") or tool + input`,
        );
        return;
      }
      const made = inputForSubject(tool, subject);
      if ("error" in made) {
        problems.push(`${where}: ${made.error}`);
        return;
      }
      call = { tool, input: made.input };
      label = `${tool} ${JSON.stringify(subject)}`;
    }
    cases.push({
      index,
      name: typeof c.name === "string" ? c.name : undefined,
      call,
      label,
      expect: c.expect as Verdict,
      mode: c.mode as string | undefined,
    });
  });
  return { cases, problems };
}

/**
 * Holds each case against a policy.
 *
 * @param cases the cases
 * @param policyFor the policy for a mode (undefined: the policy's own mode)
 * @returns one result per case
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPolicyCases, runPolicyCases } from "./policy_cases.ts";
 * import { Policy } from "./policy.ts";
 *
 * const policyFor = (mode: string | undefined) =>
 *   new Policy({
 *     sources: [{ label: "project", scope: "project", deny: ["Bash(git push --force:*)"] }],
 *     env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 *     mode,
 *   });
 * const { cases } = readPolicyCases([
 *   { bash: "git push --force origin", expect: "deny" },
 *   { edit: "src/app.ts", expect: "allow" },
 *   { edit: "src/app.ts", expect: "allow", mode: "acceptEdits" },
 * ]);
 * const results = runPolicyCases(cases, policyFor);
 * assert.deepEqual(results.map((r) => [r.got, r.pass]), [
 *   ["deny", true],
 *   ["ask", false],
 *   ["allow", true],
 * ]);
 * ```
 */
export function runPolicyCases(
  cases: PolicyCase[],
  policyFor: (mode: string | undefined) => Policy,
): CaseResult[] {
  return cases.map((c) => {
    const d = policyFor(c.mode).decide(c.call);
    return { case: c, got: d.verdict, reason: d.reason, pass: !d.error && d.verdict === c.expect };
  });
}
