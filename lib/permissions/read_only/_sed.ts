/**
 * `sed`: the print-only and plain-substitution scripts Claude Code runs without a rule, read-only
 * on standard input and an edit on files.
 *
 * @module
 */

import type { CommandDefault, CommandPathContext } from "./command_default.ts";
import { other, READ_ONLY, set } from "./_spec.ts";
import { _outside } from "./_paths.ts";
import { _edit } from "./_edit.ts";

const SED_PRINT_OPTIONS = set(
  "-n --quiet --silent -E --regexp-extended -r -z --zero-terminated --posix",
);
const SED_EDIT_OPTIONS = set("-E --regexp-extended -r --posix -i --in-place");
const SED_SUBSTITUTE = /^s\/[^/]*\/[^/]*\/[gpimIM]*[1-9]?[gpimIM]*$/;
/** Text Claude Code refuses in a substitution (writes, commands, addresses it cannot read). */
const SED_DANGER = [
  /[^\x20-\x7e]/,
  /[{}#;]/,
  /[/\d$]!/,
  /\d\s*~\s*\d|,\s*~\s*\d|\$\s*~\s*\d/,
  /,\s*[+-]/,
  /s\\/,
  /\\[|#%@]/,
  /\/[^/]*\s+[wWeE]/,
];
/** A file after `sed -i SCRIPT` that reads as a script (BSD's `sed -i SUFFIX SCRIPT`). */
const SED_SCRIPT_LIKE = [
  /^[sy][^a-zA-Z0-9]/,
  /^[\\$:={]/,
  /^\d+[ \t]*[,!~=aAcCdDegGhHiIlnNpPqQrRsStTwWxyz]/,
  /^[aAcCdDgGhHiIlnNpPqQtTwWxz=]([\s\\;]|$)/,
  /^[rR]([\s\\;/]|\.{1,2}\/|$)/,
  /[;[\\]/,
];

function _optionsWithin(options: string[], allowed: ReadonlySet<string>): boolean {
  return options.every((o) =>
    allowed.has(o) ||
    (!o.startsWith("--") && o.length > 2 && [...o.slice(1)].every((c) => allowed.has("-" + c)))
  );
}

/**
 * `sed`: read-only when it only prints lines (`sed -n 1,5p FILE`) or substitutes on standard
 * input (`sed s/a/b/`); one plain substitution on files, with or without `-i`, is an edit.
 *
 * @param args the words after `sed`
 * @param ctx where the working directories are
 * @returns read-only, edit with the files, or other with the reason
 */
export function _sed(args: string[], ctx: CommandPathContext): CommandDefault {
  const dangerous = other(
    "sed command requires approval (contains potentially dangerous operations)",
  );
  const options = args.filter((a) => a.startsWith("-") && a !== "--");
  const [script, ...files] = args.filter((a) => !a.startsWith("-"));
  if (script === undefined) return dangerous;
  const quiet = options.some((o) => o === "--quiet" || o === "--silent" || /^-[^-]*n/.test(o));
  if (
    quiet && _optionsWithin(options, SED_PRINT_OPTIONS) &&
    script.split(";").every((c) => /^(?:\d+|\d+,\d+)?p$/.test(c.trim()))
  ) {
    const why = _outside("sed", files, ctx, "edit files in");
    return why === undefined ? READ_ONLY : other(why);
  }
  if (!SED_SUBSTITUTE.test(script.trim()) || SED_DANGER.some((r) => r.test(script))) {
    return dangerous;
  }
  if (!_optionsWithin(options, SED_EDIT_OPTIONS)) return dangerous;
  const inPlace = options.filter((o) => o === "-i" || o === "--in-place" || /^-[Er]+i$/.test(o));
  if (files.length === 0) return inPlace.length === 0 ? READ_ONLY : dangerous;
  if (inPlace.length > 1) return dangerous;
  if (inPlace.length === 1 && SED_SCRIPT_LIKE.some((r) => r.test(files[0] ?? ""))) {
    return dangerous;
  }
  return _edit("sed", files, ctx);
}
