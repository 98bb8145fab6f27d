/**
 * What happens when no rule speaks, as Claude Code does it: reading inside the project and its
 * additional directories is allowed, writing asks (acceptEdits allows it inside), web fetches
 * and MCP tools ask, agents and skills run. Protected files (`protected_paths.ts`) always ask
 * before a write. Shell commands are decided part by part in the policy, with `read_only/`.
 * Pure.
 *
 * @module
 */

import type { Mode } from "./modes.ts";
import type { CallFacts } from "./facts.ts";
import { type EngineTool, READ_TOOLS, WRITE_TOOLS } from "./tool_names.ts";
import type { Verdict } from "./verdict.ts";
import type { WorkingDirs } from "./working_dirs.ts";

const RUNS_FREELY: ReadonlySet<EngineTool> = new Set([
  "agent",
  "skill",
  "todo_write",
  "exit_plan_mode",
  "bash_output",
  "kill_shell",
  "slash_command",
]);

/**
 * The verdict when no rule matched, before the mode's last word (dontAsk).
 *
 * @param facts the call's facts
 * @param mode the mode in force
 * @param dirs the working directories
 * @returns the verdict, why, and whether the mode gave it
 */
export function defaultFor(
  facts: CallFacts,
  mode: Mode,
  dirs: WorkingDirs,
): { verdict: Verdict; reason: string; basis: "default" | "mode" } {
  const tool = facts.tool;
  if (facts.call.kind === "mcp" || tool === undefined) {
    return { verdict: "ask", reason: "No rule allows this MCP tool", basis: "default" };
  }
  const paths = facts.paths ?? [];
  const inside = paths.length > 0 && paths.every((p) => dirs.contains(p));
  if (READ_TOOLS.includes(tool)) {
    return inside
      ? {
        verdict: "allow",
        reason: "Reading inside the working directories is allowed",
        basis: "default",
      }
      : {
        verdict: "ask",
        reason: `Reading ${paths[0]} outside the working directories needs approval`,
        basis: "default",
      };
  }
  if (WRITE_TOOLS.includes(tool)) {
    if (mode === "acceptEdits" && inside) {
      return {
        verdict: "allow",
        reason: "Mode acceptEdits allows writing inside the working directories",
        basis: "mode",
      };
    }
    if (mode === "plan") {
      return { verdict: "ask", reason: `Mode plan does not write ${paths[0]}`, basis: "mode" };
    }
    return { verdict: "ask", reason: `Writing ${paths[0]} needs approval`, basis: "default" };
  }
  if (RUNS_FREELY.has(tool)) {
    return { verdict: "allow", reason: `No rule limits ${tool}`, basis: "default" };
  }
  return { verdict: "ask", reason: `No rule allows ${tool}`, basis: "default" };
}
