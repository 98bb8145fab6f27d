/**
 * Replaying recorded tool calls through a policy: each call decided as the hook would decide
 * it, in the directory it ran in. Pure (the policy brings its environment).
 *
 * A tool skald does not know (`ToolSearch`, `AskUserQuestion`, ...) is decided as the hook
 * decides it: an ask that no rule gives (`basis: "default"`), since no rule of skald's can name
 * it. Sessions repeat themselves (`git status`, `npm test` in the same directory), so a
 * replayer remembers the decisions it made: the policy is only read, so a call decided once is
 * decided the same way again.
 *
 * @module
 */

import type { Policy } from "../permissions/policy.ts";
import { engineTool } from "../permissions/tool_names.ts";
import { type Decision, unknownToolDecision } from "../permissions/verdict.ts";

/** The part of a recorded call a decision depends on. */
export interface ReplayCall {
  /** The tool's name as Claude Code wrote it. */
  tool: string;
  /** The tool input. */
  input: unknown;
  /** The directory the call ran in (absolute); undefined: the root. */
  cwd: string | undefined;
}

/** Decides recorded calls against one policy. */
export type Replayer = (call: ReplayCall) => Decision;

const REMEMBERED = 50_000;

/**
 * A replayer for a policy: decides each call where it ran, and remembers the last 50,000
 * decisions (the same call in the same directory is decided once).
 *
 * @param policy the policy; it must not change while the replayer is used
 * @returns the replayer
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Policy } from "../permissions/policy.ts";
 * import { replayer } from "./replay.ts";
 *
 * const policy = new Policy({
 *   sources: [{ label: "project", scope: "project", deny: ["Read(./config/prod.json)"] }],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * const replay = replayer(policy);
 * const cat = { tool: "Bash", input: { command: "cat ../config/prod.json" }, cwd: "/proj/src" };
 * assert.equal(replay(cat).verdict, "deny");
 * assert.equal(replay({ ...cat, cwd: "/proj/src/deeper" }).verdict, "allow");
 * assert.equal(replay({ tool: "ToolSearch", input: {}, cwd: undefined }).basis, "default");
 * ```
 */
export function replayer(policy: Policy): Replayer {
  let memo = new Map<string, Decision>();
  return (call) => {
    const known = engineTool(call.tool) !== undefined || call.tool.startsWith("mcp__");
    if (!known) return unknownToolDecision(call.tool);
    // A transcript's input is parsed JSON: it has a text form.
    const key = `${call.tool}\0${call.cwd ?? ""}\0${JSON.stringify(call.input)}`;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    const decision = policy.decide({ tool: call.tool, input: call.input, cwd: call.cwd });
    if (memo.size >= REMEMBERED) memo = new Map();
    memo.set(key, decision);
    return decision;
  };
}
