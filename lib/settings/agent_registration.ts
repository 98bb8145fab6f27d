/**
 * skald's hook registration in another agent's file (issue 16): where each agent reads its
 * hooks, the entry that runs `skald hook --agent NAME`, a command that blocks the call when
 * skald cannot start or crashes, and how `doctor` finds the entry again. What `init --agent`
 * writes and `doctor` looks for. Pure.
 *
 * - Gemini CLI: `hooks.BeforeTool` in `.gemini/settings.json` (`~/.gemini/settings.json`), a
 *   matcher group `{"matcher": ".*", "hooks": [{"type": "command", "command": ...}]}`; the
 *   matcher is a regex on Gemini's tool names. A command that is not found already blocks
 *   (exit 127 with text on stderr) but one that exits 1 runs the call: the fallback exits 2
 *   with text on stderr.
 * - Codex CLI: `hooks.PreToolUse` in `.codex/hooks.json` (`~/.codex/hooks.json`), Claude Code's
 *   shape; exit 1 and a command not found run the call (observed),
 *   so the fallback exits 2 with text on stderr. Codex runs a hook only once it is trusted.
 * - Copilot CLI: `hooks.preToolUse` in `.github/hooks/skald.json` (`~/.copilot/hooks/`),
 *   `{"version": 1, ...}`, the command under `bash`; a failing hook may be skipped (the older
 *   pages), so the fallback prints an explicit deny.
 *
 * `CODEX_HOME` and `COPILOT_HOME` are not read (skald's flags read a fixed list of variables):
 * the user's files are always under the home directory.
 *
 * @module
 */

import { posix } from "../path.ts";
import { DOCTOR_SESSION, isSkaldHook } from "./hook_registration.ts";

/** An agent skald registers its hook with, besides Claude Code. */
export type OtherAgent = "gemini" | "codex" | "copilot";

/** The agents, in order. */
export const OTHER_AGENTS: readonly OtherAgent[] = ["gemini", "codex", "copilot"];

/** The fallback after Gemini's and Codex's command: exit 2 with text on stderr blocks. */
const EXIT_2 = "|| { echo 'skald hook could not run' >&2; exit 2; }";

/** The fallback after Copilot's command: an explicit deny on stdout. */
const COPILOT_DENY =
  `|| { echo 'skald hook could not run' >&2; echo '{"permissionDecision":"deny",` +
  `"permissionDecisionReason":"skald hook could not run"}'; }`;

/** One skald hook found in an agent's file. */
export interface FoundAgentHook {
  /** The event it is registered for. */
  event: string;
  /** Where in the file: the group and the hook in it (Codex's trust key counts them). */
  at: [number, number];
  /** The matcher; undefined: none. */
  matcher: unknown;
  /** The command. */
  command: string;
  /** The hook entry as the file holds it. */
  entry: Record<string, unknown>;
}

/** Where an agent reads its hooks, and the shape of its entries. */
export interface AgentRegistration {
  /** The agent. */
  agent: OtherAgent;
  /** The agent's name for people. */
  title: string;
  /** The event skald answers. */
  event: string;
  /** The project's file, relative to the project. */
  projectFile: string;
  /**
   * The user's file.
   *
   * @param home the home directory
   * @returns the absolute path
   */
  userFile(home: string): string;
  /**
   * The hook command for a way of starting skald.
   *
   * @param skald the command that starts skald
   * @returns the command, with its blocking fallback
   */
  command(skald: string): string;
  /** The path, in the file, of the list the entry goes in. */
  listPath: string[];
  /** The entry to add, for a command. */
  entry(command: string): unknown;
  /** The path, below an entry of the list, of the command to bring up to date. */
  commandPath(at: [number, number]): (string | number)[];
  /** The file's other keys a new file starts with. */
  newFile: Record<string, unknown>;
  /** skald's hooks in a parsed file. */
  found(doc: unknown): FoundAgentHook[];
  /** Whether a command blocks the call when skald cannot start or fails. */
  blocksOnFailure(command: string): boolean;
  /** A harmless sample call in the agent's hook input, for `doctor`. */
  sample(root: string): string;
}

/** The command hooks of a Claude-shaped `hooks.EVENT` list (matcher groups). */
function groupHooks(doc: unknown, event: string): FoundAgentHook[] {
  const list = ((doc as { hooks?: Record<string, unknown> } | null)?.hooks ?? {})[event];
  if (!Array.isArray(list)) return [];
  const out: FoundAgentHook[] = [];
  list.forEach((group, i) => {
    const hooks = (group as { hooks?: unknown } | null)?.hooks;
    if (!Array.isArray(hooks)) return;
    hooks.forEach((h, j) => {
      const command = (h as { command?: unknown } | null)?.command;
      if ((h as { type?: unknown }).type === "command" && typeof command === "string") {
        if (isSkaldHook(command)) {
          out.push({
            event,
            at: [i, j],
            matcher: (group as { matcher?: unknown }).matcher,
            command,
            entry: h as Record<string, unknown>,
          });
        }
      }
    });
  });
  return out;
}

const endsWith = (command: string, fallback: string) =>
  command.trim().endsWith(fallback) ||
  (fallback === EXIT_2 && /\|\|\s*(\{[^}]*\bexit\s+2\s*;?\s*\}|exit\s+2)\s*$/.test(command.trim()));

/** Each agent's registration. */
export const REGISTRATIONS: Readonly<Record<OtherAgent, AgentRegistration>> = {
  gemini: {
    agent: "gemini",
    title: "Gemini CLI",
    event: "BeforeTool",
    projectFile: ".gemini/settings.json",
    userFile: (h) => posix.join(h, ".gemini/settings.json"),
    command: (skald) => `${skald} hook --agent gemini ${EXIT_2}`,
    listPath: ["hooks", "BeforeTool"],
    entry: (command) => ({ matcher: ".*", hooks: [{ type: "command", command }] }),
    commandPath: ([i, j]) => ["hooks", "BeforeTool", i, "hooks", j, "command"],
    newFile: {},
    found: (doc) => groupHooks(doc, "BeforeTool"),
    blocksOnFailure: (c) => endsWith(c, EXIT_2),
    sample: (root) =>
      JSON.stringify({
        session_id: DOCTOR_SESSION,
        cwd: root,
        hook_event_name: "BeforeTool",
        timestamp: "2026-01-01T00:00:00.000Z",
        tool_name: "read_file",
        tool_input: { file_path: ".skald-doctor-sample" },
      }),
  },
  codex: {
    agent: "codex",
    title: "Codex CLI",
    event: "PreToolUse",
    projectFile: ".codex/hooks.json",
    userFile: (h) => posix.join(h, ".codex/hooks.json"),
    command: (skald) => `${skald} hook --agent codex ${EXIT_2}`,
    listPath: ["hooks", "PreToolUse"],
    entry: (command) => ({ matcher: ".*", hooks: [{ type: "command", command }] }),
    commandPath: ([i, j]) => ["hooks", "PreToolUse", i, "hooks", j, "command"],
    newFile: {},
    found: (doc) => groupHooks(doc, "PreToolUse"),
    blocksOnFailure: (c) => endsWith(c, EXIT_2),
    sample: (root) =>
      JSON.stringify({
        session_id: DOCTOR_SESSION,
        turn_id: "skald-doctor",
        transcript_path: null,
        cwd: root,
        hook_event_name: "PreToolUse",
        model: "skald-doctor",
        permission_mode: "default",
        tool_name: "Bash",
        tool_input: { command: "true" },
        tool_use_id: "skald-doctor",
      }),
  },
  copilot: {
    agent: "copilot",
    title: "Copilot CLI",
    event: "preToolUse",
    projectFile: ".github/hooks/skald.json",
    userFile: (h) => posix.join(h, ".copilot/hooks/skald.json"),
    command: (skald) => `${skald} hook --agent copilot ${COPILOT_DENY}`,
    listPath: ["hooks", "preToolUse"],
    entry: (command) => ({ type: "command", bash: command, timeoutSec: 30 }),
    commandPath: ([i]) => ["hooks", "preToolUse", i, "bash"],
    newFile: { version: 1 },
    found: (doc) => {
      const list = ((doc as { hooks?: Record<string, unknown> } | null)?.hooks ?? {}).preToolUse;
      if (!Array.isArray(list)) return [];
      return list.flatMap((h, i) => {
        const command = (h as { bash?: unknown; command?: unknown } | null)?.bash ??
          (h as { command?: unknown } | null)?.command;
        return typeof command === "string" && isSkaldHook(command)
          ? [{
            event: "preToolUse",
            at: [i, 0] as [number, number],
            matcher: (h as { matcher?: unknown }).matcher,
            command,
            entry: h as Record<string, unknown>,
          }]
          : [];
      });
    },
    blocksOnFailure: (c) => endsWith(c, COPILOT_DENY),
    sample: (root) =>
      JSON.stringify({
        sessionId: DOCTOR_SESSION,
        timestamp: 1704614600000,
        cwd: root,
        toolName: "view",
        toolArgs: JSON.stringify({ path: ".skald-doctor-sample" }),
      }),
  },
};

/**
 * The agent a skald hook command answers (`--agent NAME`); `claude` without one.
 *
 * @param command the hook command
 * @returns the agent's name as written
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookAgent } from "./agent_registration.ts";
 *
 * assert.equal(hookAgent("/bin/skald hook --agent gemini || exit 2"), "gemini");
 * assert.equal(hookAgent("/bin/skald hook --agent=codex"), "codex");
 * assert.equal(hookAgent("/bin/skald hook"), "claude");
 * ```
 */
export function hookAgent(command: string): string {
  return /\bhook\b.*?--agent[= ]'?([A-Za-z0-9_-]+)/.exec(command)?.[1] ?? "claude";
}
