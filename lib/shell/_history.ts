/**
 * History run again (class 4 of issue 10). `history -s TEXT` puts TEXT into the history,
 * where `fc -s` or `fc -e -` runs it: the text is a script, read like `eval`'s. `fc -s PAT=REP`
 * runs an entry changed as it runs, and `fc` without `-s` runs what an editor wrote: both hide
 * what runs, and so does any `fc` once `history -r`/`-n` read entries from a file. History
 * expansion (`set -H`, `set -o histexpand`) turns a later `!...` into earlier text, changed:
 * it hides what runs too.
 *
 * @module
 */

import type { SimpleCommand, Word } from "./parse.ts";
import type { Walk } from "./_walk.ts";

/** What the history builtins of a command do. */
export type HistoryUse =
  /** Nothing that runs a command. */
  | { kind: "none" }
  /** TEXT put into the history (`history -s`), a script. */
  | { kind: "script"; words: Word[] }
  /** What runs is only known when it runs. */
  | { kind: "hidden"; reason: string };

/**
 * Reads `history` and `fc`.
 *
 * @param walk the walk (`history -r` is remembered in it)
 * @param rest the command, its name first
 * @param name `history` or `fc`
 * @returns what it runs
 */
export function historyUse(walk: Walk, rest: Word[], name: string): HistoryUse {
  const args = rest.slice(1);
  const dynamic = args.find((w) => w.dynamic);
  if (name === "history") {
    const first = args[0];
    if (first === undefined || first.dynamic) {
      return dynamic
        ? { kind: "hidden", reason: `history is given ${dynamic.raw}` }
        : { kind: "none" };
    }
    if (/^-[a-z]*s/.test(first.value)) return { kind: "script", words: args.slice(1) };
    if (/^-[a-z]*[rn]/.test(first.value)) walk.historyRead = true;
    return { kind: "none" };
  }
  if (dynamic !== undefined) return { kind: "hidden", reason: `fc is given ${dynamic.raw}` };
  let rerun = false;
  let list = false;
  let j = 0;
  for (; j < args.length; j++) {
    const v = args[j]!.value;
    if (v === "--") {
      j++;
      break;
    }
    if (!/^-[a-z]+$/.test(v)) break;
    if (v.includes("l")) list = true;
    if (v.includes("s")) rerun = true;
    if (v.endsWith("e")) rerun = args[++j]?.value === "-" || rerun;
  }
  if (list) return { kind: "none" };
  if (!rerun) return { kind: "hidden", reason: "fc runs what an editor writes" };
  if (args.slice(j).some((w) => w.value.includes("="))) {
    return { kind: "hidden", reason: "fc -s runs a history entry changed as it runs (PAT=REP)" };
  }
  if (walk.historyRead) {
    return { kind: "hidden", reason: "fc runs an entry read from a history file" };
  }
  return { kind: "none" };
}

/** `set -H`, `set -o histexpand`: history expansion turns `!...` into earlier text, changed. */
export function setsHistoryExpansion(cmd: SimpleCommand, rest: Word[]): string | undefined {
  const words = rest.slice(1);
  const on = words.some((w, k) =>
    !w.dynamic && (/^-[A-Za-z]*H/.test(w.value) ||
      (w.value === "-o" && words[k + 1]?.value === "histexpand"))
  );
  return on
    ? `${cmd.text} turns on history expansion, which runs earlier lines changed`
    : undefined;
}
