/**
 * One option word of a command read the way its program reads it, for `command_reading.ts`: a
 * global option or a cluster of them (`-Dl debug`), an option after the subcommand read with
 * a flag table (`-qf` is `-q -f`, `-mfix` is `-m fix`, `--rec` may abbreviate `--recursive`),
 * a signal (`kill -9`, `-KILL`, `-s KILL`). Pure.
 *
 * @module
 */

import { ABBREVIATES, type FlagTable, signalName, SINGLE_DASH } from "./flag_aliases.ts";
import type { Arity, ProgramOptions } from "./global_options.ts";

/** One option of a command as read. */
export interface OptionUse {
  /** The options it sets (`-D` of git branch sets `--delete` and `--force`). */
  ids: readonly string[];
  /** Its value, when it has one for sure; null when known only at run time. */
  value?: string | null;
  /** The word after it, when it may be its value (an option whose arity is not known). */
  next?: string | null;
  /** A long spelling not in the table, which may abbreviate a longer option (`--rec`). */
  abbrev?: string;
  /** The word as written (`-qf` for each of `-q` and `-f`). */
  text: string;
  /** The spelling of this one option (`-f` of `-qf`). */
  spelling: string;
  /** A global option of the program. */
  global: boolean;
  /** Its word's position among the command's words. */
  index: number;
}

const NUMBER = /^-\d+$/;

/** What an option word leaves for the next word: its value, maybe its value, or nothing. */
export type Takes = "value" | "maybe" | "none";

/** A global option word (or cluster of them), or undefined when the table does not know it. */
export function globalWord(
  globals: ProgramOptions,
  w: string,
  index: number,
): { options: OptionUse[]; takes: Takes } | undefined {
  const use = (spelling: string, id: string, value?: string): OptionUse => ({
    ids: [id],
    ...(value === undefined ? {} : { value }),
    text: w,
    spelling,
    global: true,
    index,
  });
  const takes = (a: Arity): Takes => a === "value" ? "value" : a === "maybe" ? "maybe" : "none";
  const eq = w.indexOf("=");
  const name = eq === -1 ? w : w.slice(0, eq);
  const whole = globals.options.get(name);
  if (whole !== undefined && (w.startsWith("--") || globals.style === "go" || eq === -1)) {
    if (eq !== -1) return { options: [use(name, whole.id, w.slice(eq + 1))], takes: "none" };
    return { options: [use(name, whole.id)], takes: takes(whole.arity) };
  }
  if (w.startsWith("--") || globals.style === "go") return undefined;
  // A cluster of short global options, the last of which may take the rest as its value.
  const options: OptionUse[] = [];
  for (let k = 1; k < w.length; k++) {
    const spelling = `-${w[k]}`;
    const g = globals.options.get(spelling);
    if (g === undefined) return undefined;
    const rest = w.slice(k + 1);
    if (g.arity === "flag") {
      options.push(use(spelling, g.id));
      continue;
    }
    if (rest !== "") {
      options.push(use(spelling, g.id, rest));
      return { options, takes: "none" };
    }
    options.push(use(spelling, g.id));
    return { options, takes: takes(g.arity) };
  }
  return { options, takes: "none" };
}

/** An option word after the subcommand (or not in the global table), read with a flag table. */
export function optionWord(
  program: string,
  table: FlagTable,
  w: string,
  index: number,
): { options: OptionUse[]; takes: Takes } {
  const use = (spelling: string, extra: Partial<OptionUse> = {}): OptionUse => ({
    ids: table.sets.get(spelling) ?? [spelling],
    text: w,
    spelling,
    global: false,
    index,
    ...extra,
  });
  const known = (s: string) => table.sets.has(s) || table.values.has(s);
  const single = SINGLE_DASH.has(program);
  if (w.startsWith("--") || single || NUMBER.test(w) || known(w)) {
    const eq = w.indexOf("=");
    let name = eq === -1 ? w : w.slice(0, eq);
    if (single && name.startsWith("--")) name = name.slice(1);
    if (eq !== -1) return { options: [use(name, { value: w.slice(eq + 1) })], takes: "none" };
    const arity = table.values.get(name);
    if (arity === "value") return { options: [use(name)], takes: "value" };
    if (arity === "optional" || table.sets.has(name) || NUMBER.test(w)) {
      return { options: [use(name)], takes: "none" };
    }
    const abbrev = ABBREVIATES.has(program) && name.startsWith("--") ? { abbrev: name } : {};
    return { options: [use(name, abbrev)], takes: "maybe" };
  }
  const options: OptionUse[] = [];
  for (let k = 1; k < w.length; k++) {
    const c = w[k]!;
    const spelling = `-${c}`;
    const rest = w.slice(k + 1);
    const arity = table.values.get(spelling);
    if (arity !== undefined) {
      if (rest !== "") options.push(use(spelling, { value: rest }));
      else options.push(use(spelling));
      return { options, takes: rest === "" && arity === "value" ? "value" : "none" };
    }
    if (!/[A-Za-z]/.test(c)) {
      // `-n5`, `-C.`: what follows the letters is glued to the last of them.
      const prev = options.pop();
      const value = w.slice(k);
      if (prev === undefined) return { options: [use(w)], takes: "none" };
      options.push({ ...prev, value });
      return { options, takes: "none" };
    }
    options.push(use(spelling));
    if (k === w.length - 1 && !table.sets.has(spelling)) return { options, takes: "maybe" };
  }
  return { options, takes: "none" };
}

/** `kill -9`, `-KILL`, `-SIGKILL`, `-s KILL`, `--signal=9`: one option, `--signal=KILL`. */
export function signalWord(
  program: string,
  w: string,
  index: number,
): { options: OptionUse[]; takes: Takes } | undefined {
  const signal = (name: string): OptionUse => ({
    ids: [`--signal=${name}`],
    text: w,
    spelling: w,
    global: false,
    index,
  });
  const eq = /^--signal=(.+)$/.exec(w);
  const direct = eq?.[1] ?? (/^-([A-Za-z0-9+-]+)$/.exec(w)?.[1]);
  const name = direct === undefined ? undefined : signalName(direct);
  if (name !== undefined && (eq !== null || /^\d+$/.test(direct!) || /^[A-Z]/.test(direct!))) {
    return { options: [signal(name)], takes: "none" };
  }
  if (program === "kill" && name !== undefined && /^-[a-z]+$/.test(w) && w.length > 2) {
    return { options: [signal(name)], takes: "none" }; // bash's kill takes `-kill` too
  }
  if (w === "-s" || w === "--signal" || (program === "kill" && w === "-n")) {
    return {
      options: [{ ids: ["--signal"], text: w, spelling: w, global: false, index }],
      takes: "value",
    };
  }
  return undefined;
}
