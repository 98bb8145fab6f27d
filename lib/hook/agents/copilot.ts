/**
 * GitHub Copilot CLI's `preToolUse` hook, as its documentation describes it (Copilot CLI
 * cannot run offline here; `tests/hook/copilot_contract_test.ts` cites the pages). Input:
 * `sessionId`, `timestamp`, `cwd`, `toolName`, `toolArgs` (a JSON string in the older
 * configuration page, `unknown` in the hooks reference: both read); registered under the
 * PascalCase `PreToolUse` (as in `.claude/settings.json`, which Copilot CLI also reads) it
 * sends `hook_event_name`, `tool_name` as Claude Code's name (`Bash`, `Read`, ...) and
 * `tool_input`, read too. Output: `permissionDecision` (`allow`, `deny`, `ask`) and
 * `permissionDecisionReason` at the top level. What an error does differs between the pages
 * (older: "logged and skipped", the call runs; the hooks reference: a non-zero exit denies,
 * a timeout lets it run), so every error answers an explicit deny on stdout and exits 0,
 * which blocks under both. An ask is sent as a deny unless `--ask-as ask` (the older page
 * says only `deny` is processed; the cloud agent treats an ask as a deny). Tools: `bash`,
 * `view`, `create`, `edit`, `glob`, `grep`, `web_fetch`; `powershell`, `task`, `ask_user`
 * and others have no counterpart. Pure.
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
  type MappedCall,
  reasonSent,
  verdictToSend,
} from "./agent.ts";

type Input = Record<string, unknown>;

/** Claude Code's names, as the PascalCase `PreToolUse` payload gives them, for Copilot's tools. */
const FROM_CLAUDE: Readonly<Record<string, string>> = {
  Bash: "bash",
  Read: "view",
  Write: "create",
  Edit: "edit",
  Grep: "grep",
  Glob: "glob",
  WebFetch: "web_fetch",
};

/**
 * The call one Copilot tool call stands for.
 *
 * @param tool Copilot's tool name
 * @param args the tool's arguments
 * @returns the call
 */
export function copilotCall(tool: string, args: Input): MappedCall {
  const path = args.path ?? args.file_path;
  const call = (name: string | undefined, input: Input): MappedCall => ({
    tool: name,
    agentTool: tool,
    input,
  });
  switch (tool) {
    case "bash":
      return call("Bash", { command: args.command });
    case "view":
      return call("Read", { file_path: path });
    case "create":
      return call("Write", { file_path: path, content: args.file_text ?? args.content });
    case "edit":
      return call("Edit", { file_path: path, old_string: args.old_str, new_string: args.new_str });
    case "glob":
      return call("Glob", { pattern: args.pattern, ...(path === undefined ? {} : { path }) });
    case "grep": {
      const grep = call("Grep", { pattern: args.pattern, ...(path === undefined ? {} : { path }) });
      return { ...grep, readsTree: typeof path === "string" ? path : "." };
    }
    case "web_fetch":
      return call("WebFetch", { url: args.url });
    default:
      return call(undefined, args);
  }
}

/**
 * Reads Copilot CLI's hook input.
 *
 * @param text standard input
 * @returns the request, or an error
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCopilot } from "./copilot.ts";
 *
 * const text = JSON.stringify({
 *   timestamp: 1704614600000,
 *   cwd: "/p",
 *   toolName: "bash",
 *   toolArgs: '{"command":"rm -rf dist","description":"Clean build directory"}',
 * });
 * assert.deepEqual(readCopilot(text), {
 *   event: "PreToolUse",
 *   calls: [{ tool: "Bash", agentTool: "bash", input: { command: "rm -rf dist" } }],
 *   cwd: "/p",
 *   mode: "default",
 * });
 * ```
 */
export function readCopilot(text: string): AgentRequest | { error: string } {
  const parsed = jsonObject(text);
  if ("error" in parsed) return parsed;
  const d = parsed.doc;
  if (d.hook_event_name !== undefined && d.hook_event_name !== "PreToolUse") {
    return {
      error: `skald hook --agent copilot answers preToolUse, not ${
        JSON.stringify(d.hook_event_name)
      }`,
    };
  }
  const named = d.toolName ?? d.tool_name;
  if (typeof named !== "string" || named === "") {
    return { error: 'The hook input has no "toolName" string' };
  }
  const tool = d.tool_name !== undefined && Object.hasOwn(FROM_CLAUDE, named)
    ? FROM_CLAUDE[named]!
    : named;
  let args = d.toolArgs ?? d.tool_input;
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch (e) {
      return { error: `The hook input's "toolArgs" is not JSON: ${(e as Error).message}` };
    }
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return { error: 'The hook input\'s "toolArgs" is not a JSON object' };
  }
  if (typeof d.cwd !== "string" || !d.cwd.startsWith("/")) {
    return { error: `The hook input's "cwd" is not an absolute path: ${JSON.stringify(d.cwd)}` };
  }
  return {
    event: "PreToolUse",
    calls: [copilotCall(tool, args as Input)],
    cwd: d.cwd,
    mode: "default",
  };
}

/**
 * Copilot CLI's answer for a decision.
 *
 * @param decision skald's decision
 * @param _request the request
 * @param options authoritative, and what an ask becomes
 * @returns the reply
 */
export function answerCopilot(
  decision: Decision,
  _request: AgentRequest,
  options: AnswerOptions,
): AgentReply {
  const sent = verdictToSend(decision, options, true);
  if (sent === "silent") return { stdout: "", stderr: "", outcome: "ok" };
  const body = sent === "allow" ? { permissionDecision: "allow" } : {
    permissionDecision: sent,
    permissionDecisionReason: reasonSent(decision, sent, "Copilot CLI"),
  };
  return { stdout: JSON.stringify(body) + "\n", stderr: "", outcome: "ok" };
}

/**
 * Copilot CLI's refusal: an explicit deny on stdout and exit 0 (a failing hook is skipped).
 *
 * @param error what went wrong
 * @returns the reply
 */
export function refuseCopilot(error: string): AgentReply {
  const reason = blockedReason(error);
  return {
    stdout: JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: reason }) + "\n",
    stderr: reason + "\n",
    outcome: "ok",
  };
}

/** Copilot CLI's adapter. */
export const COPILOT: AgentAdapter = {
  name: "copilot",
  read: readCopilot,
  answer: answerCopilot,
  refuse: refuseCopilot,
};
