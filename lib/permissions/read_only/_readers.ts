/**
 * `find`, `jq` and `uniq`: readers whose arguments follow rules of their own, so the generic
 * option parser cannot tell their file operands apart.
 *
 * @module
 */

import type { CommandDefault, CommandPathContext } from "./command_default.ts";
import { other, READ_ONLY, set } from "./_spec.ts";
import { _outside } from "./_paths.ts";
import { findActions } from "../prefix_escapes.ts";
const FIND_PATH_TESTS = set(
  "-newer -anewer -cnewer -mnewer -samefile -path -wholename -ilname -lname -ipath -iwholename",
);

/**
 * `find`: start paths and file tests are checked; actions that run or write need a rule.
 *
 * @param args the words after `find`
 * @param ctx where the working directories are
 * @returns read-only, or other with the reason
 */
export function _find(args: string[], ctx: CommandPathContext): CommandDefault {
  // What a prefix rule does not cover, and `-files0-from`: it reads paths the check cannot see.
  const actions = findActions();
  const action = args.find((a) => actions.has(a) || a === "-files0-from");
  if (action !== undefined) {
    return other(`find with '${action}' executes commands or modifies files`);
  }
  const follow = args.find((a) => a === "-L" || a === "-follow");
  if (follow !== undefined) {
    return other(`find ${follow} follows symbolic links out of the project`);
  }
  const paths: string[] = [];
  let expression = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "-H" || a === "-P") continue;
    if (a.startsWith("-") && a.length > 1) {
      expression = true;
      if (FIND_PATH_TESTS.has(a) || /^-newer[aBcmt][aBcmt]$/.test(a)) paths.push(args[++i] ?? "");
    } else if (!expression) paths.push(a);
  }
  const why = _outside("find", paths, ctx, "search files in");
  return why === undefined ? READ_ONLY : other(why);
}

const JQ_DANGER =
  /^-[a-zA-Z]*[fL]|^--(?:from-file|rawfile|slurpfile|argfile|run-tests|library-path)|\b(?:env|include|import)\b|\bsystem\s*\(|\$(?:\s|#.*\n)*ENV\b/;

/**
 * `jq`: files, modules, the environment and `system` need a rule; input files are checked.
 *
 * @param args the words after `jq`
 * @param ctx where the working directories are
 * @returns read-only, or other with the reason
 */
export function _jq(args: string[], ctx: CommandPathContext): CommandDefault {
  const bad = args.find((a) => JQ_DANGER.test(a));
  if (bad !== undefined) return other(`jq '${bad}' could read other files or the environment`);
  const files: string[] = [];
  let filter = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    // Only the options surely followed by values skip words: a skipped file is never checked.
    if (a === "--arg" || a === "--argjson") i += 2;
    else if (a === "--indent") i++;
    else if (!a.startsWith("-") || a === "-") {
      if (filter) files.push(a);
      filter = true;
    }
  }
  const why = _outside("jq", files, ctx, "process JSON from files in");
  return why === undefined ? READ_ONLY : other(why);
}

/**
 * `uniq` reading standard input only (`uniq IN OUT` writes OUT).
 *
 * @param args the words after `uniq`
 * @returns read-only, or other with the reason
 */
export function _uniq(args: string[]): CommandDefault {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (/^-[fsw]$/.test(a) && /^\d+$/.test(args[i + 1] ?? "")) i++;
    else if (!/^(-[a-zA-Z]+|--[a-zA-Z-]+(=\S+)?)$/.test(a)) {
      return other("uniq with a file operand needs a rule (it writes the second one)");
    }
  }
  return READ_ONLY;
}
