/**
 * The path checks every read-only and file-changing command shares: which words are operands,
 * which paths are refused as written, and which lie outside the working directories.
 *
 * @module
 */

import type { CommandPathContext } from "./command_default.ts";

/**
 * The words that are not options or option values; everything after `--`.
 *
 * @param args the command's arguments
 * @param valued the options whose value is the next word
 * @returns the operands, in order
 */
export function _operands(args: string[], valued: ReadonlySet<string> | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--") return out.concat(args.slice(i + 1));
    if (a.startsWith("-") && a !== "-") {
      if (valued?.has(a)) i++;
    } else out.push(a);
  }
  return out;
}

/**
 * Why a path is refused before looking where it is, or undefined.
 *
 * @param p the path as written in the command
 * @returns Claude Code's reason, or undefined when the path may be looked up
 */
export function _pathProblem(p: string): string | undefined {
  if (p.startsWith("~") && p !== "~" && !p.startsWith("~/")) {
    return "Tilde expansion variants (~user, ~+, ~-) in paths require manual approval";
  }
  if (p.includes("$") || p.includes("`") || p.startsWith("=")) {
    return "Shell expansion syntax in paths requires manual approval";
  }
  const segments = p.split("/");
  const firstDir = segments.findIndex((s) => s !== "" && s !== "." && s !== "..");
  if (firstDir !== -1 && segments.slice(firstDir + 1).includes("..")) {
    return "Path contains '..' traversal after a directory segment, which may follow a symlink outside the working directory";
  }
  return undefined;
}

/**
 * The first read path that is refused or outside the working directories, as a reason.
 *
 * @param cmd the command name, for the reason
 * @param paths the paths it reads (`""` and `-`, standard input, are skipped)
 * @param ctx where the working directories are
 * @param verb what the command does to files (`search files in`), for the reason
 * @returns the reason, or undefined when every path is inside
 */
export function _outside(
  cmd: string,
  paths: string[],
  ctx: CommandPathContext,
  verb: string,
): string | undefined {
  for (const p of paths) {
    if (p === "" || p === "-") continue; // `-` is standard input
    const problem = _pathProblem(p);
    if (problem !== undefined) return problem;
    if (!ctx.inWorkingDirs(p)) {
      return `${cmd} in '${p}' was blocked: Claude Code may only ${verb} the allowed working directories`;
    }
  }
  return undefined;
}
