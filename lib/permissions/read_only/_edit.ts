/**
 * The file-changing commands Claude Code's `acceptEdits` mode runs (`mkdir`, `touch`, `rm`,
 * `rmdir`, `mv`, `cp`, and `sed` substituting in files): an edit when every path they change
 * is inside the working directories.
 *
 * @module
 */

import type { CommandDefault, CommandPathContext } from "./command_default.ts";
import { other, set } from "./_spec.ts";
import { _operands, _pathProblem } from "./_paths.ts";

/**
 * An edit when every path is inside the working directories.
 *
 * @param cmd the command name, for the reason
 * @param paths the paths it changes
 * @param ctx where the working directories are
 * @returns edit with the paths, or other with the reason
 */
export function _edit(cmd: string, paths: string[], ctx: CommandPathContext): CommandDefault {
  if (paths.length === 0) return other(`${cmd} without a path needs a rule`);
  for (const p of paths) {
    const problem = _pathProblem(p);
    if (problem !== undefined) return other(problem);
    if (!ctx.inWorkingDirs(p)) {
      return other(`${cmd} in '${p}' needs approval: the path is outside the working directories`);
    }
  }
  return { kind: "edit", paths };
}

/** The directory holding `p`, as written: `src` -> `.`, `.` -> `./..`, `/a` -> `/`. */
function _parent(p: string): string {
  const t = p.replace(/\/+$/, "");
  if (t === "") return p.startsWith("/") ? "/" : "..";
  if (t === "." || t === "..") return `${t}/..`;
  const i = t.lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : t.slice(0, i);
}

const MKDIR_VALUED = set("-m --mode");

/**
 * `mkdir`: every operand is a directory it creates (`-m MODE` takes a value).
 *
 * @param args the words after `mkdir`
 * @param ctx where the working directories are
 * @returns edit with the paths, or other with the reason
 */
export function _mkdir(args: string[], ctx: CommandPathContext): CommandDefault {
  return _edit("mkdir", _operands(args, MKDIR_VALUED), ctx);
}

/**
 * `rm` and `rmdir`: never a working directory itself or a directory above one.
 *
 * @param cmd `rm` or `rmdir`
 * @param args the words after the command name
 * @param ctx where the working directories are
 * @returns edit with the paths, or other with the reason
 */
export function _remove(cmd: string, args: string[], ctx: CommandPathContext): CommandDefault {
  if (args.includes("--no-preserve-root")) return other(`${cmd} --no-preserve-root needs a rule`);
  if (cmd === "rmdir" && args.some((a) => a === "--parents" || /^-[^-]*p/.test(a))) {
    return other("rmdir -p also removes the parent directories: it needs a rule");
  }
  const paths = _operands(args, undefined);
  for (const p of paths) {
    if (_pathProblem(p) === undefined && ctx.inWorkingDirs(p) && !ctx.inWorkingDirs(_parent(p))) {
      return other(`Dangerous ${cmd} operation: '${p}' is a working directory or above one`);
    }
  }
  return _edit(cmd, paths, ctx);
}

/**
 * `mv` and `cp` with no option at all (`-t DIR` would move the target out of sight).
 *
 * @param cmd `mv` or `cp`
 * @param args the words after the command name
 * @param ctx where the working directories are
 * @returns edit with the paths, or other with the reason
 */
export function _copy(cmd: string, args: string[], ctx: CommandPathContext): CommandDefault {
  return args.some((a) => a.startsWith("-"))
    ? other(`${cmd} with flags requires manual approval to ensure path safety`)
    : _edit(cmd, args, ctx);
}

/**
 * `touch` with names only: no options (`-d`, `-r`, `--`).
 *
 * @param args the words after `touch`
 * @param ctx where the working directories are
 * @returns edit with the paths, or other with the reason
 */
export function _touch(args: string[], ctx: CommandPathContext): CommandDefault {
  return args.every((a) => /^[\w./~]/.test(a))
    ? _edit("touch", args, ctx)
    : other("touch with options needs a rule");
}
