/**
 * The protected paths: files and directories a write to always asks for, whatever the rules
 * and the mode (shell start-up files, tool settings and hooks, `.git`, `.claude`, ...), as
 * Claude Code 2.1.332 protects them (observed through the oracle), and the guard that holds a
 * call's writes against them. Pure.
 *
 * @module
 */

import { argumentPaths, type PathContext } from "./paths.ts";
import type { ShellEffects } from "./effects/shell_effects.ts";

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

/**
 * Why a write is held for approval, whatever the rules and the mode: it writes a protected
 * file, or (a shell command) a file only known when it runs; undefined when neither.
 *
 * @param paths the paths a file tool writes (every absolute form)
 * @param effects what a shell command writes, and where it runs
 * @param ctx root, home, real paths
 * @returns the reason, or undefined
 */
export function protectedWrite(
  paths: readonly string[],
  effects: ShellEffects | undefined,
  ctx: PathContext,
): string | undefined {
  const targets = [...paths];
  if (effects !== undefined) {
    if (effects.unknownWrites) return "The command writes a file only known when it runs";
    for (const w of effects.writes) {
      for (const base of effects.bases) targets.push(...argumentPaths(w, base, ctx));
    }
  }
  const hit = targets.find((p) => isProtectedWrite(p, ctx));
  return hit === undefined
    ? undefined
    : `Writing ${hit} needs approval: it is a protected file (settings, .git, shell start-up files)`;
}
