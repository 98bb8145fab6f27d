/**
 * `explain`: every rule a call was held against, whether it matched and what it matched (the
 * part of a command, the path form), next to the decision. Pure.
 *
 * @module
 */

import { candidateText, coversPart, denyMatch } from "./bash_pattern.ts";
import { toToolCall } from "./call.ts";
import { pathPatternMatches } from "./path_pattern.ts";
import type { PathContext } from "./paths.ts";
import type { CallRequest, Policy } from "./policy.ts";
import { type CallFacts, callFacts } from "./facts.ts";
import { callToolName, type Rule, ruleMatchesFacts } from "./rule.ts";
import type { Decision } from "./verdict.ts";

/** One rule and what it made of the call. */
export interface RuleExplanation {
  /** The rule as written. */
  rule: string;
  /** Where it came from. */
  source: string;
  /** `allow`, `ask` or `deny`. */
  kind: Rule["kind"];
  /** The rule's error, for an invalid rule (it never matches). */
  error?: string;
  /** True when the rule applies to the call. */
  matches: boolean;
  /** What it matched, or why not, in a few words. */
  detail: string;
  /**
   * How a deny or ask rule read the command it matched, when not as written: one sentence
   * each (`` `-C .` is a git global option ``, `` `-fr` read as `-f -r` ``).
   */
  readings?: string[];
}

/** A decision and the rules behind it. */
export interface Explanation {
  /** The decision, as {@link Policy.decide} gives it. */
  decision: Decision;
  /** Every rule of a tool the call uses, in source order (grants, the run rules, last). */
  rules: RuleExplanation[];
}

/**
 * Explains a decision: every rule of a tool the call uses (and every invalid rule), whether
 * it matched and what. An allow rule that covers one part of a command of several counts as
 * matching. A call that cannot be read gets its decision and no rules.
 *
 * @param policy the policy
 * @param request the call
 * @returns the decision and every rule considered
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { explain } from "./explain.ts";
 * import { Policy } from "./policy.ts";
 *
 * const policy = new Policy({
 *   sources: [{
 *     label: "project",
 *     scope: "project",
 *     allow: ["Bash(git status)"],
 *     deny: ["Bash(rm:*)", "Read(./.env)"],
 *   }],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * const e = explain(policy, { tool: "Bash", input: { command: "git status && rm -rf build" } });
 * assert.equal(e.decision.verdict, "deny");
 * assert.deepEqual(e.rules.map((r) => [r.rule, r.matches, r.detail]), [
 *   ["Bash(rm:*)", true, 'matches "rm -rf build"'],
 *   ["Bash(git status)", true, 'covers "git status" as written'],
 * ]);
 * ```
 */
export function explain(policy: Policy, request: CallRequest): Explanation {
  const decision = policy.decide(request);
  const call = toToolCall(request.tool, request.input, request.server);
  if ("error" in call) return { decision, rules: [] };
  const ctx = policy.contextAt(request.cwd);
  const facts = callFacts(call, ctx);
  if ("error" in facts) return { decision, rules: [] };
  const rules: RuleExplanation[] = [];
  for (const rule of [...policy.rules, ...policy.runRules]) {
    const mcp = rule.family === "mcp" && call.kind === "mcp";
    // A rule of another tool can decide too: a Read rule on a shell command's paths or on a
    // write, an Edit allow rule on a read.
    const decided = rule.text === decision.rule && rule.source === decision.source;
    if (decided && rule.isValid && !(facts.tool !== undefined && rule.tools.includes(facts.tool))) {
      rules.push({
        rule: rule.text,
        source: rule.source,
        kind: rule.kind,
        matches: true,
        detail: `decided the call: ${decision.reason}`,
      });
      continue;
    }
    const named = rule.family === "glob" || (rule.toolName !== undefined &&
      rule.toolName === callToolName(call));
    if (
      !mcp && !named && (facts.tool === undefined || !rule.tools.includes(facts.tool)) &&
      rule.isValid
    ) {
      continue;
    }
    const out: RuleExplanation = {
      rule: rule.text,
      source: rule.source,
      kind: rule.kind,
      matches: false,
      detail: "",
    };
    if (!rule.isValid) {
      if (facts.tool === undefined) continue;
      out.error = rule.error;
      out.detail = "invalid: never matches";
      rules.push(out);
      continue;
    }
    out.matches = ruleMatchesFacts(rule, facts, ctx) || coversSomePart(rule, facts);
    out.detail = detail(rule, facts, out.matches, ctx);
    const readings = readingsOf(rule, facts);
    if (readings.length > 0) out.readings = readings;
    rules.push(out);
  }
  return { decision, rules };
}

/** The readings a deny or ask Bash rule took to match the first candidate it matches. */
function readingsOf(rule: Rule, facts: CallFacts): string[] {
  const parsed = rule.parsed;
  const command = facts.command;
  if (rule.kind === "allow" || parsed?.family !== "bash" || command === undefined) return [];
  if (command.view.hidden.length > 0) return [];
  for (const c of command.view.candidates) {
    const notes = denyMatch(parsed.bash, c);
    if (notes !== undefined) return notes;
  }
  return [];
}

/** An allow rule covering one part of a command of several counts as matching it. */
function coversSomePart(rule: Rule, facts: CallFacts): boolean {
  const parsed = rule.parsed;
  const command = facts.command;
  if (rule.kind !== "allow" || parsed?.family !== "bash" || command === undefined) return false;
  return !command.opaque && command.topLevel.some((p) => coversPart(parsed.bash, p));
}

function detail(rule: Rule, facts: CallFacts, matches: boolean, ctx: PathContext): string {
  const parsed = rule.parsed;
  if (rule.family === "glob") return matches ? "the tool's name" : "not this tool's name";
  const param = rule.param;
  const value = param === undefined ? undefined : facts.call.input[param.key];
  if (matches && param !== undefined && value !== undefined && typeof value !== "object") {
    return `the call's ${param.key} is ${JSON.stringify(value)}`;
  }
  if (parsed === undefined) return matches ? "every call of the tool" : "not this tool";
  switch (parsed.family) {
    case "powershell":
      return matches ? "matches the command" : "matches no part";
    case "bash": {
      const command = facts.command;
      if (command === undefined) return matches ? "matches" : "no match";
      if (rule.kind === "allow") {
        if (command.opaque) return `the command is opaque: ${command.reasons.join("; ")}`;
        const covered = command.topLevel.filter((p) => coversPart(parsed.bash, p));
        if (covered.length === 0) return "covers no part as written";
        return `covers ${covered.map((p) => `"${p.text}"`).join(", ")} as written`;
      }
      if (command.view.hidden.length > 0) return `a hidden part: ${command.view.hidden[0]!.reason}`;
      const hit = command.view.candidates.find((c) => denyMatch(parsed.bash, c) !== undefined);
      if (hit === undefined) return matches ? "matches the whole command" : "matches no part";
      return `matches ${candidateText(hit)}`;
    }
    case "path": {
      const paths = facts.paths ?? [];
      const hits = paths.filter((p) => pathPatternMatches(parsed.path, p, ctx));
      if (hits.length === 0) return `names none of ${paths.join(", ")}`;
      return `names ${hits.join(" and ")}${hits.length < paths.length ? " (not every form)" : ""}`;
    }
    case "domain":
      return matches ? "the URL's host" : "another host";
    case "named":
      return matches ? "that name" : "another name";
    default: {
      const never: never = parsed;
      throw new Error(`unknown specifier ${JSON.stringify(never)}`);
    }
  }
}
