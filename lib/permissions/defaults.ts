/**
 * What happens when no rule speaks, as Claude Code does it: reading inside the project and its
 * additional directories is allowed, writing asks (acceptEdits allows it inside), web fetches
 * and MCP tools ask, agents and skills run; protected files always ask before a write. Shell
 * commands are decided part by part in the policy, with `read_only.ts`. Pure.
 *
 * @module
 */

import type { Mode } from "./modes.ts";
import { isInside, type PathContext, resolvePath } from "./paths.ts";
import type { CallFacts } from "./rule.ts";
import { type EngineTool, READ_TOOLS, WRITE_TOOLS } from "./tool_names.ts";
import type { Verdict } from "./verdict.ts";

/** The project root and the additional directories, each as written and as real path. */
export interface WorkingDirs {
  /** The root first, then the additional directories. */
  dirs: { written: string; real: string }[];
  /** True when the absolute path and its real form both lie inside a working directory. */
  contains(path: string): boolean;
}

/**
 * The working directories: the root first, then each additional one (`~` and relative forms
 * resolved against the home and the root).
 *
 * @param ctx root, home, real paths
 * @param extra the additional directories as configured
 * @returns the working directories
 */
export function workingDirs(ctx: PathContext, extra: readonly string[]): WorkingDirs {
  const dirs = [{ written: ctx.root, real: ctx.realRoot }];
  for (const d of extra) {
    const written = resolvePath(d, ctx);
    if (!dirs.some((x) => x.written === written)) {
      dirs.push({ written, real: ctx.realPath(written) });
    }
  }
  const inside = (p: string) => dirs.some((d) => isInside(p, d.written) || isInside(p, d.real));
  return {
    dirs,
    contains: (path) => inside(path) && inside(ctx.realPath(path)),
  };
}

/**
 * Files a write to always asks for, wherever they are: shell start-up files, tool settings
 * and hooks (as Claude Code 2.1.332 protects them, observed through the oracle).
 */
const PROTECTED_NAMES: ReadonlySet<string> = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".envrc",
  ".gitconfig",
  ".gitmodules",
  ".npmrc",
  ".yarnrc",
  ".mcp.json",
  ".claude.json",
  ".pre-commit-config.yaml",
  ".lefthook.yml",
  "lefthook.yml",
]);

/** Directories everything in (and the directory itself) a write to always asks for. */
const PROTECTED_DIRS: ReadonlySet<string> = new Set([
  ".git",
  ".claude",
  ".raider", // skald's own settings and skills: a write there changes skald's policy
  ".vscode",
  ".idea",
  ".husky",
  ".devcontainer",
]);

/**
 * True for a path a write to always asks for: a protected file anywhere, or a protected
 * directory (`.git`, `.claude`, ...) or anything inside one.
 *
 * @param path an absolute path
 * @param ctx real-path lookup
 * @returns whether the path is protected
 */
export function isProtectedWrite(path: string, ctx: PathContext): boolean {
  return [path, ctx.realPath(path)].some((p) => {
    const segments = p.split("/");
    if (PROTECTED_NAMES.has(segments.at(-1) ?? "")) return true;
    return segments.some((s) => PROTECTED_DIRS.has(s));
  });
}

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
