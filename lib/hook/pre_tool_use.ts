/**
 * skald as a Claude Code PreToolUse hook: the hook input (`tool_name`, `tool_input`, `cwd`,
 * `permission_mode`, ...) decided with the policy of the project, answered in Claude Code's
 * hook output format. A deny or ask that a rule gave is passed on with the rule and its
 * source; where no rule speaks, the hook has no opinion and Claude Code decides as usual.
 * Malformed input is an error (the caller exits 2, which blocks the call): never an allow.
 *
 * @module
 */

import { isMode } from "../permissions/modes.ts";
import { Policy } from "../permissions/policy.ts";
import type { PathEnv } from "../permissions/paths.ts";
import type { Decision } from "../permissions/verdict.ts";
import type { LoadedSettings } from "../settings/load.ts";

/** The fields of Claude Code's PreToolUse hook input skald reads. */
export interface HookInput {
  tool_name: string;
  tool_input: Record<string, unknown>;
  cwd?: string;
  permission_mode?: string;
  hook_event_name?: string;
  session_id?: string;
}

/** Claude Code's PreToolUse hook output. */
export interface HookOutput {
  hookSpecificOutput: {
    hookEventName: "PreToolUse";
    permissionDecision: "deny" | "ask";
    permissionDecisionReason: string;
  };
}

/**
 * Reads and checks the hook input.
 *
 * @param text standard input
 * @returns the input, or an error naming what is wrong
 */
export function parseHookInput(text: string): HookInput | { error: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    // One line on stderr: V8 quotes the input in its message, line breaks included.
    const message = (e as Error).message.replaceAll("\r", "\\r").replaceAll("\n", "\\n");
    return { error: `The hook input is not JSON: ${message}` };
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    return { error: "The hook input is not a JSON object" };
  }
  const d = doc as Record<string, unknown>;
  if (typeof d.tool_name !== "string" || d.tool_name === "") {
    return { error: 'The hook input has no "tool_name" string' };
  }
  const input = d.tool_input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { error: 'The hook input has no "tool_input" object' };
  }
  if (d.hook_event_name !== undefined && d.hook_event_name !== "PreToolUse") {
    return { error: `skald hook answers PreToolUse, not ${JSON.stringify(d.hook_event_name)}` };
  }
  for (const key of ["cwd", "permission_mode", "session_id"] as const) {
    if (d[key] !== undefined && typeof d[key] !== "string") {
      return { error: `The hook input's "${key}" is not a string` };
    }
  }
  return d as unknown as HookInput;
}

/**
 * The hook's answer for one decision: a deny or ask that a rule gave, else no opinion.
 *
 * @param d the decision
 * @returns the hook output, or undefined for no opinion
 */
function hookAnswer(d: Decision): HookOutput | undefined {
  if (d.error || d.rule === null || d.verdict === "allow") return undefined;
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: d.verdict,
      permissionDecisionReason: `skald: ${d.reason}`,
    },
  };
}

/**
 * Decides a hook input with the project's settings.
 *
 * @param input the hook input
 * @param settings the settings of the project (its root is the input's `cwd`)
 * @param env root, home and real paths
 * @returns the hook output, or undefined for no opinion
 */
export function answerHook(
  input: HookInput,
  settings: LoadedSettings,
  env: PathEnv,
): HookOutput | undefined {
  const mode = isMode(input.permission_mode) ? input.permission_mode : undefined;
  const policy = new Policy({ sources: settings.sources, env, mode });
  return hookAnswer(policy.decide({ tool: input.tool_name, input: input.tool_input }));
}
