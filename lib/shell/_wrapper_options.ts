/**
 * The options of a wrapper (`sudo -u root`, `timeout -s KILL 5`, `env -S '...'`), read by the
 * wrapper's {@link WrapperSpec} to find what it runs: a command, a script given as an option,
 * a shell reading stdin, or nothing. An option the table does not know gives up the reading:
 * every later word is then tried as the command.
 *
 * @module
 */

import type { Word } from "./parse.ts";
import { literal } from "./_walk.ts";
import type { WrapperSpec } from "./wrappers.ts";

/** What a wrapper runs, as its options say. */
export type OptionsRead =
  /** No command (`command -v rm`, `sudo -l`). */
  | { kind: "none" }
  /** A shell that reads its script from stdin (`sudo -s`). */
  | { kind: "shell" }
  /** An option the table does not know, or a dynamic word: every word from `index` is tried. */
  | { kind: "scan"; index: number }
  /** A script given as an option (`su -c SCRIPT`), then the words from `index`. */
  | { kind: "script"; script: Word; index: number }
  /** The command that starts at `index`. */
  | { kind: "command"; index: number };

/**
 * Reads the options of the wrapper `rest[0]`.
 *
 * @param rest the wrapper and the words after it
 * @param spec how the wrapper's options are read
 * @returns what it runs
 */
export function readOptions(rest: Word[], spec: WrapperSpec): OptionsRead {
  let j = 1;
  let operands = spec.operands;
  let options = true;
  // `sudo -s` / `sudo -i` without a command: a shell that reads its script from stdin.
  let shell = false;
  while (j < rest.length) {
    const w = rest[j]!;
    if (w.dynamic) return { kind: "scan", index: j };
    const v = w.value;
    if (options && v === "--") {
      options = false;
      j++;
    } else if (options && v === "-" && spec.dashIsFlag) {
      j++;
    } else if (options && v.startsWith("--") && v.length > 2) {
      const eq = v.indexOf("=");
      const name = eq === -1 ? v.slice(2) : v.slice(2, eq);
      if (spec.longScriptArgs?.includes(name)) {
        return scriptOption(rest, j, eq === -1 ? undefined : v.slice(eq + 1));
      }
      if (spec.longShellFlags?.includes(name)) shell = true;
      if (spec.longArgs.includes(name)) j += eq === -1 ? 2 : 1;
      else if (spec.longFlags.includes(name)) j++;
      else return { kind: "scan", index: j + 1 };
    } else if (options && v.startsWith("-") && v.length > 1) {
      if (spec.numericFlags && /^-\d+$/.test(v)) {
        j++;
        continue;
      }
      let consumed = 1;
      for (let k = 1; k < v.length; k++) {
        const ch = v[k]!;
        if (spec.noExec?.includes(ch)) return { kind: "none" };
        if (spec.shellFlags?.includes(ch)) shell = true;
        if (spec.scriptArgs?.includes(ch)) {
          return scriptOption(rest, j, k + 1 < v.length ? v.slice(k + 1) : undefined);
        }
        if (spec.shortArgs.includes(ch)) {
          if (k + 1 === v.length) consumed = 2;
          break;
        }
        if (spec.shortOptional?.includes(ch)) break;
        if (!spec.shortFlags.includes(ch)) return { kind: "scan", index: j + 1 };
      }
      j += consumed;
    } else if (operands > 0) {
      operands--;
      j++;
    } else {
      return { kind: "command", index: j };
    }
  }
  return shell ? { kind: "shell" } : { kind: "none" };
}

/**
 * The script of the script option `rest[j]`: glued to it (`-cSCRIPT`, `--command=SCRIPT`) or
 * the next word; no command when it is missing.
 */
function scriptOption(rest: Word[], j: number, glued: string | undefined): OptionsRead {
  if (glued !== undefined) return { kind: "script", script: literal(glued), index: j + 1 };
  const script = rest[j + 1];
  return script ? { kind: "script", script, index: j + 2 } : { kind: "none" };
}
