/**
 * Codex CLI's `PreToolUse` hook (0.169.0, observed through `../shared/agent-oracles/codex`, and
 * its embedded `pre-tool-use.command.input` schema): Claude Code's input shape (`tool_name`
 * `Bash` with `tool_input.command` for `exec_command`, `cwd` the command's `workdir`,
 * `permission_mode`, `turn_id`), and Claude Code's output: `permissionDecision: "deny"` blocks.
 * Codex refuses `permissionDecision` `allow` and `ask` as unsupported and runs the call, so an
 * ask is answered as a deny that says it needs approval, and an allow is not sent. Exit 1 runs;
 * exit 2 blocks with the reason on stderr, which is every error's answer. Tools: `Bash`,
 * `apply_patch` (`tool_input.command` the patch: a Write or Edit of each file), `view_image`
 * (a Read of `path`), `web_search`, `mcp__server__tool`, and Claude Code's names; any other is
 * a tool skald has no counterpart for. `PermissionRequest` is answered as Claude Code's. Pure.
 *
 * @module
 */

import { decidedMode } from "../../permissions/modes.ts";
import { CLAUDE_TOOLS } from "../../permissions/tool_names.ts";
import type { Decision } from "../../permissions/verdict.ts";
import { hookAnswer } from "../hook_answer.ts";
import { parseHookInput } from "../hook_input.ts";
import {
  type AgentAdapter,
  type AgentReply,
  type AgentRequest,
  type AnswerOptions,
  blockedReason,
  type MappedCall,
  reasonSent,
  verdictToSend,
} from "./agent.ts";
import { patchTargets } from "./apply_patch.ts";

/**
 * The calls one Codex tool call stands for.
 *
 * @param tool Codex's hook tool name
 * @param input the tool input
 * @returns the calls, or an error
 */
export function codexCalls(
  tool: string,
  input: Record<string, unknown>,
): MappedCall[] | { error: string } {
  switch (tool) {
    case "apply_patch": {
      if (typeof input.command !== "string") {
        return { error: 'The apply_patch input has no "command" string' };
      }
      const targets = patchTargets(input.command);
      if ("error" in targets) return targets;
      return targets.map((t) => ({ tool: t.tool, agentTool: tool, input: { file_path: t.path } }));
    }
    case "Bash":
      return [{ tool, agentTool: tool, input }, ...inlinePatch(input.command)];
    case "view_image":
      return [{ tool: "Read", agentTool: tool, input: { file_path: input.path } }];
    case "web_search":
      return [{ tool: "WebSearch", agentTool: tool, input: { query: input.query ?? "" } }];
    default: {
      const known = Object.hasOwn(CLAUDE_TOOLS, tool) || tool.startsWith("mcp__");
      return [{ tool: known ? tool : undefined, agentTool: tool, input }];
    }
  }
}

/**
 * The writes of a patch that a shell command hands to Codex: Codex applies
 * `apply_patch <<'EOF' ... EOF` (also `applypatch`, also after `cd DIR &&`) itself, in process,
 * while its hook sees only a Bash command (observed with 0.169.0: the file was written). Any
 * command that holds a patch's header lines is held against the Edit and Write rules for each
 * file they name, where the command runs and in the directory a leading `cd` names.
 */
function inlinePatch(command: unknown): MappedCall[] {
  if (typeof command !== "string" || !command.includes("*** Begin Patch")) return [];
  const targets = patchTargets(command);
  if ("error" in targets) return [];
  const cd = /^\s*cd\s+(?:'([^']*)'|"([^"]*)"|([^\s;&|]+))\s*&&/.exec(command);
  const dir = cd === null ? undefined : cd[1] ?? cd[2] ?? cd[3];
  return targets.flatMap((t) => {
    const here = { tool: t.tool, agentTool: "apply_patch", input: { file_path: t.path } };
    return dir === undefined || t.path.startsWith("/")
      ? [here]
      : [here, { ...here, input: { file_path: `${dir}/${t.path}` } }];
  });
}

/**
 * Reads Codex CLI's hook input.
 *
 * @param text standard input
 * @returns the request, or an error
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCodex } from "./codex.ts";
 *
 * const text = JSON.stringify({
 *   hook_event_name: "PreToolUse",
 *   cwd: "/p/sub",
 *   permission_mode: "bypassPermissions",
 *   tool_name: "Bash",
 *   tool_input: { command: "ls" },
 * });
 * assert.deepEqual(readCodex(text), {
 *   event: "PreToolUse",
 *   calls: [{ tool: "Bash", agentTool: "Bash", input: { command: "ls" } }],
 *   cwd: "/p/sub",
 *   mode: "bypassPermissions",
 * });
 * ```
 */
export function readCodex(text: string): AgentRequest | { error: string } {
  const input = parseHookInput(text);
  if ("error" in input) return input;
  if ("unanswered" in input) {
    return {
      error: `skald hook answers PreToolUse and PermissionRequest of Codex CLI, not ` +
        JSON.stringify(input.unanswered),
    };
  }
  const calls = codexCalls(input.tool, input.input);
  if ("error" in calls) return calls;
  return { event: input.event, calls, cwd: input.cwd, mode: input.mode };
}

/**
 * Codex CLI's answer for a decision.
 *
 * @param decision skald's decision
 * @param request the request
 * @param options authoritative (an ask is always a deny: Codex cannot ask from a hook)
 * @returns the reply
 */
export function answerCodex(
  decision: Decision,
  request: AgentRequest,
  options: AnswerOptions,
): AgentReply {
  if (request.event === "PermissionRequest") {
    const answer = hookAnswer(
      "PermissionRequest",
      decision,
      options.authoritative,
      decidedMode(request.mode),
    );
    return { stdout: answer ? JSON.stringify(answer) + "\n" : "", stderr: "", outcome: "ok" };
  }
  const sent = verdictToSend(decision, options, false);
  if (sent !== "deny") return { stdout: "", stderr: "", outcome: "ok" };
  const answer = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reasonSent(decision, sent, "Codex CLI"),
    },
  };
  return { stdout: JSON.stringify(answer) + "\n", stderr: "", outcome: "ok" };
}

/**
 * Codex CLI's refusal: the reason on stderr, exit 2.
 *
 * @param error what went wrong
 * @returns the reply
 */
export function refuseCodex(error: string): AgentReply {
  return { stdout: "", stderr: blockedReason(error) + "\n", outcome: "block" };
}

/** Codex CLI's adapter. */
export const CODEX: AgentAdapter = {
  name: "codex",
  read: readCodex,
  answer: answerCodex,
  refuse: refuseCodex,
};
