/**
 * `PowerShell(...)` rules as Claude Code 2.1.332 reads and matches them (its fallback reading,
 * observed through the oracle; skald has no PowerShell parser): `X:*` is a prefix at a word
 * boundary, an unescaped `*` elsewhere a wildcard (`X *` also matches a bare `X`), anything else
 * the exact command. Matching ignores case and runs of blanks, and reads a command's first
 * word through PowerShell's aliases (`rm`, `del` are `remove-item`) and without a module
 * qualifier (`Microsoft.PowerShell.Management\Remove-Item`), on both sides.
 *
 * A deny or ask rule is held against every part of the command (split at `;`, `|`, `&`, braces,
 * parentheses and line breaks) from each of its words on (`Invoke-Command { Remove-Item x }`,
 * `& 'Remove-Item' x`); an allow rule covers a command of one part, as written. Pure.
 *
 * @module
 */

import { wildcardMatch } from "../glob/wildcard.ts";

/** A parsed PowerShell rule specifier. */
export interface PowerShellPattern {
  /** `exact` (the whole command), `prefix` (`X:*`) or `glob` (`*` elsewhere). */
  kind: "exact" | "prefix" | "glob";
  /** The normalised text (for a prefix, without `:*`). */
  text: string;
}

/** PowerShell's built-in aliases of the cmdlets a rule may name (lower case). */
const ALIASES: Readonly<Record<string, string>> = {
  rm: "remove-item",
  del: "remove-item",
  ri: "remove-item",
  rd: "remove-item",
  rmdir: "remove-item",
  erase: "remove-item",
  ls: "get-childitem",
  dir: "get-childitem",
  gci: "get-childitem",
  cat: "get-content",
  gc: "get-content",
  type: "get-content",
  cp: "copy-item",
  copy: "copy-item",
  cpi: "copy-item",
  mv: "move-item",
  move: "move-item",
  mi: "move-item",
  ni: "new-item",
  sc: "set-content",
  ac: "add-content",
  echo: "write-output",
  write: "write-output",
  cd: "set-location",
  chdir: "set-location",
  sl: "set-location",
  pwd: "get-location",
  gl: "get-location",
  ps: "get-process",
  gps: "get-process",
  kill: "stop-process",
  spps: "stop-process",
  start: "start-process",
  saps: "start-process",
  iwr: "invoke-webrequest",
  irm: "invoke-restmethod",
  iex: "invoke-expression",
  icm: "invoke-command",
  gcm: "get-command",
  gi: "get-item",
  si: "set-item",
  sls: "select-string",
  clc: "clear-content",
  cli: "clear-item",
  ren: "rename-item",
  rni: "rename-item",
};

/** A command's text made comparable: lower case, blanks folded, its first word resolved. */
export function normalizePowerShell(text: string): string {
  const words = text.trim().toLowerCase().split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return "";
  let first = words[0]!.replace(/^['"]|['"]$/g, "");
  // A module qualifier `Module\Cmdlet`, not a path (`C:\x`, `.\x`, `..\x`, `\\host`).
  const cut = first.lastIndexOf("\\");
  if (cut > 0 && !/^([a-z]:|\.\.?|\\)/.test(first)) first = first.slice(cut + 1);
  words[0] = ALIASES[first] ?? first;
  return words.join(" ");
}

/**
 * Parses a `PowerShell(...)` specifier.
 *
 * @param spec the text inside the parentheses
 * @returns the pattern, or an error for an empty one
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePowerShellSpecifier } from "./powershell_pattern.ts";
 *
 * assert.deepEqual(parsePowerShellSpecifier("del:*"), { kind: "prefix", text: "remove-item" });
 * assert.deepEqual(parsePowerShellSpecifier("Get-ChildItem *"), {
 *   kind: "glob",
 *   text: "get-childitem *",
 * });
 * ```
 */
export function parsePowerShellSpecifier(spec: string): PowerShellPattern | { error: string } {
  const trimmed = spec.trim();
  if (trimmed === "") return { error: "empty PowerShell pattern" };
  if (trimmed.endsWith(":*")) {
    return { kind: "prefix", text: normalizePowerShell(trimmed.slice(0, -2)) };
  }
  if (/(^|[^\\])\*/.test(trimmed)) return { kind: "glob", text: normalizePowerShell(trimmed) };
  return { kind: "exact", text: normalizePowerShell(trimmed.replaceAll("\\*", "*")) };
}

/** Whether a pattern matches one normalised command text. */
function matchesText(p: PowerShellPattern, text: string): boolean {
  switch (p.kind) {
    case "exact":
      return text === p.text;
    case "prefix":
      return text === p.text || text.startsWith(p.text + " ");
    case "glob":
      // `X *` matches a bare `X` too.
      return wildcardMatch(p.text, text) || (p.text.endsWith(" *") && text === p.text.slice(0, -2));
    default: {
      const never: never = p.kind;
      throw new Error(`unknown PowerShell pattern ${never}`);
    }
  }
}

/** The parts of a PowerShell command, each a list of words (quotes taken off). */
export function powerShellParts(command: string): string[][] {
  return command.split(/[;|\n\r{}()&]+/).map((part) =>
    part.trim().split(/\s+/).filter((w) => w !== "").map((w) => w.replace(/^['"]|['"]$/g, ""))
  ).filter((words) => words.length > 0);
}

/**
 * Whether a deny or ask rule reaches a command: some part, from some word on, matches.
 *
 * @param p the rule's pattern
 * @param command the command as the call gave it
 * @returns whether it matches
 */
export function powerShellDenies(p: PowerShellPattern, command: string): boolean {
  if (matchesText(p, normalizePowerShell(command))) return true;
  return powerShellParts(command).some((words) =>
    words.some((_, i) => matchesText(p, normalizePowerShell(words.slice(i).join(" "))))
  );
}

/**
 * Whether an allow rule covers a command: one part, matched as written.
 *
 * @param p the rule's pattern
 * @param command the command as the call gave it
 * @returns whether it is covered
 */
export function powerShellCovers(p: PowerShellPattern, command: string): boolean {
  return powerShellParts(command).length === 1 && matchesText(p, normalizePowerShell(command));
}
