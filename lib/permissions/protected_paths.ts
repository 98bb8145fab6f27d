/**
 * The protected paths: files and directories a write to always asks for, whatever the rules
 * and the mode (shell start-up files, tool settings and hooks, `.git`, `.claude`, ...), as
 * Claude Code 2.1.332 protects them (observed through the oracle). Pure.
 *
 * @module
 */

import type { PathContext } from "./paths.ts";

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
