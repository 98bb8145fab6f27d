/**
 * Gemini CLI's `BeforeTool` hook (0.61.0, observed through `../shared/agent-oracles/gemini`).
 * Input: `session_id`, `transcript_path`, `cwd` (always the project), `hook_event_name`
 * (`BeforeTool`), `timestamp`, `tool_name`, `tool_input` as the model wrote it, `mcp_context`
 * for an MCP tool. Output: `{"decision": "deny", "reason": R}` on stdout blocks the call
 * (whatever the exit code); nothing, or `{"decision": "allow"}`, lets it run; Claude Code's
 * output shape is ignored; `{"decision": "ask"}` waits forever in headless mode, so an ask is
 * sent as a deny unless `--ask-as ask`. Exit 2 blocks only with text on stderr (with none the
 * call runs), exit 1 runs: every error answers the deny JSON on stdout, the reason on stderr
 * too, and exits 2. Pure.
 *
 * @module
 */

import type { Decision } from "../../permissions/verdict.ts";
import {
  type AgentAdapter,
  type AgentReply,
  type AgentRequest,
  type AnswerOptions,
  blockedReason,
  jsonObject,
  reasonSent,
  verdictToSend,
} from "./agent.ts";
import { geminiCalls } from "./gemini_tools.ts";

/**
 * Reads Gemini CLI's hook input.
 *
 * @param text standard input
 * @returns the request, or an error naming what is wrong
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readGemini } from "./gemini.ts";
 *
 * const text = JSON.stringify({
 *   hook_event_name: "BeforeTool",
 *   cwd: "/p",
 *   tool_name: "read_file",
 *   tool_input: { file_path: ".env" },
 * });
 * assert.deepEqual(readGemini(text), {
 *   event: "PreToolUse",
 *   calls: [{ tool: "Read", agentTool: "read_file", input: { file_path: ".env" } }],
 *   cwd: "/p",
 *   mode: "default",
 * });
 * ```
 */
export function readGemini(text: string): AgentRequest | { error: string } {
  const parsed = jsonObject(text);
  if ("error" in parsed) return parsed;
  const d = parsed.doc;
  if (d.hook_event_name !== "BeforeTool") {
    return {
      error: `skald hook --agent gemini answers BeforeTool, not ${
        JSON.stringify(d.hook_event_name)
      }`,
    };
  }
  if (typeof d.tool_name !== "string" || d.tool_name === "") {
    return { error: 'The hook input has no "tool_name" string' };
  }
  const input = d.tool_input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { error: 'The hook input has no "tool_input" object' };
  }
  if (typeof d.cwd !== "string" || !d.cwd.startsWith("/")) {
    return { error: `The hook input's "cwd" is not an absolute path: ${JSON.stringify(d.cwd)}` };
  }
  const calls = geminiCalls(d.tool_name, input as Record<string, unknown>, d.cwd, d.mcp_context);
  if ("error" in calls) return calls;
  return { event: "PreToolUse", calls, cwd: d.cwd, mode: "default" };
}

/**
 * Gemini CLI's answer for a decision.
 *
 * @param decision skald's decision
 * @param _request the request
 * @param options authoritative, and what an ask becomes
 * @returns the reply
 */
export function answerGemini(
  decision: Decision,
  _request: AgentRequest,
  options: AnswerOptions,
): AgentReply {
  const sent = verdictToSend(decision, options, true);
  if (sent === "silent") return { stdout: "", stderr: "", outcome: "ok" };
  const body = sent === "allow"
    ? { decision: "allow" }
    : { decision: sent, reason: reasonSent(decision, sent, "Gemini CLI") };
  return { stdout: JSON.stringify(body) + "\n", stderr: "", outcome: "ok" };
}

/**
 * Gemini CLI's refusal: the deny JSON on stdout (honoured whatever the exit code), the reason
 * on stderr and exit 2 (which blocks with text on stderr).
 *
 * @param error what went wrong
 * @returns the reply
 */
export function refuseGemini(error: string): AgentReply {
  const reason = blockedReason(error);
  return {
    stdout: JSON.stringify({ decision: "deny", reason }) + "\n",
    stderr: reason + "\n",
    outcome: "block",
  };
}

/** Gemini CLI's adapter. */
export const GEMINI: AgentAdapter = {
  name: "gemini",
  read: readGemini,
  answer: answerGemini,
  refuse: refuseGemini,
};
