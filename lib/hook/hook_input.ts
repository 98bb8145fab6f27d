/**
 * Claude Code's hook input, read and checked: the events skald answers (`PreToolUse`,
 * `PermissionRequest`, `PreSkillShellCommand`: a skill's `` !`cmd` `` about to run), the tool
 * call, the directory it runs in and the permission mode. An input skald cannot read (not JSON,
 * a field of the wrong type) is an error, which blocks the call; an event skald does not answer
 * is `unanswered` (the hook then says so and decides nothing); a mode it does not know is
 * decided as default. Pure.
 *
 * @module
 */

/** The hook events skald answers. */
export type HookEvent = "PreToolUse" | "PermissionRequest" | "PreSkillShellCommand";

const EVENTS: readonly string[] = ["PreToolUse", "PermissionRequest", "PreSkillShellCommand"];

/** The fields of a hook input skald reads. */
export interface HookInput {
  /** The event: before a tool runs, or when Claude Code would ask for permission. */
  event: HookEvent;
  /** The tool's name as Claude Code calls it (`Bash`, `Read`, `mcp__server__tool`, ...). */
  tool: string;
  /** The tool's input. */
  input: Record<string, unknown>;
  /** The directory the call runs in (absolute); undefined when the input gave none. */
  cwd: string | undefined;
  /**
   * The permission mode's name, as Claude Code sent it (`auto` and a name skald does not know
   * are decided as `default`, see `modes.ts`).
   */
  mode: string;
}

/**
 * Reads and checks a hook input.
 *
 * @param text standard input
 * @returns the input, or an error naming what is wrong
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseHookInput } from "./hook_input.ts";
 *
 * const text = JSON.stringify({
 *   hook_event_name: "PreToolUse",
 *   tool_name: "Bash",
 *   tool_input: { command: "ls" },
 *   cwd: "/proj/src",
 *   permission_mode: "acceptEdits",
 * });
 * assert.deepEqual(parseHookInput(text), {
 *   event: "PreToolUse",
 *   tool: "Bash",
 *   input: { command: "ls" },
 *   cwd: "/proj/src",
 *   mode: "acceptEdits",
 * });
 * assert.deepEqual(parseHookInput('{"hook_event_name": "Stop"}'), { unanswered: "Stop" });
 * ```
 */
export function parseHookInput(
  text: string,
): HookInput | { error: string } | { unanswered: string } {
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
  const event = d.hook_event_name ?? "PreToolUse";
  if (typeof event !== "string") {
    return { error: 'The hook input\'s "hook_event_name" is not a string' };
  }
  if (!EVENTS.includes(event)) return { unanswered: event };
  if (typeof d.tool_name !== "string" || d.tool_name === "") {
    return { error: 'The hook input has no "tool_name" string' };
  }
  const input = d.tool_input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { error: 'The hook input has no "tool_input" object' };
  }
  for (const key of ["cwd", "session_id"] as const) {
    if (d[key] !== undefined && typeof d[key] !== "string") {
      return { error: `The hook input's "${key}" is not a string` };
    }
  }
  const cwd = d.cwd as string | undefined;
  if (cwd !== undefined && !cwd.startsWith("/")) {
    return { error: `The hook input's "cwd" is not an absolute path: ${JSON.stringify(cwd)}` };
  }
  // A mode skald does not know (a newer Claude Code's) is decided as default, never refused:
  // only a deny or ask rule that cannot be read blocks every call.
  const mode = typeof d.permission_mode === "string" ? d.permission_mode : "default";
  return {
    event: event as HookEvent,
    tool: d.tool_name,
    input: input as Record<string, unknown>,
    cwd,
    mode,
  };
}
