/**
 * A command's arguments split into options and operands, program-agnostic, for the readers of
 * what a command writes (`write_targets.ts`) and what it reads whole (`tree_reads.ts`). Pure;
 * `null` stands for a word only known when the command runs.
 *
 * @module
 */

/** A word of a command: its text, or `null` for one only known when it runs. */
export type Token = string | null;

/**
 * Splits a command's arguments into options and operands: `--` ends the options, a valued
 * option takes the next word (`-o FILE`) or its glued value (`--output=FILE`), a short cluster
 * takes the rest of the word when one of its letters is valued (`-m3`).
 *
 * @param args the words after the program (`null`: only known when it runs)
 * @param valued the options that take a value
 * @param longs the program's long options, a blank between two, when it takes a unique prefix of
 *   one for it (getopt's programs: `--deref` is `--dereference-recursive` to grep)
 * @returns the options, each with its value when it takes one, and the operands
 */
export function parseOptions(
  args: readonly Token[],
  valued: ReadonlySet<string>,
  longs?: string,
): { options: { name: string; value: Token | undefined }[]; operands: Token[] } {
  const long = (name: string) => longOption(name, longs);
  const options: { name: string; value: Token | undefined }[] = [];
  const operands: Token[] = [];
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (done || a === null || !a.startsWith("-") || a === "-") {
      operands.push(a);
      continue;
    }
    if (a === "--") {
      done = true;
      continue;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = long(eq === -1 ? a : a.slice(0, eq));
      if (eq !== -1) options.push({ name, value: a.slice(eq + 1) });
      else if (valued.has(name)) options.push({ name, value: args[++i] });
      else options.push({ name, value: undefined });
      continue;
    }
    if (valued.has(a)) {
      options.push({ name: a, value: args[++i] });
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const name = `-${a[k]}`;
      if (valued.has(name)) {
        options.push({ name, value: k + 1 < a.length ? a.slice(k + 1) : args[++i] });
        break;
      }
      options.push({ name, value: undefined });
    }
  }
  return { options, operands };
}

/** True when one of the options named was given. */
export const has = (opts: { name: string }[], ...names: string[]) =>
  opts.some((o) => names.includes(o.name));

/**
 * The value of the first of the options named that was given: `null` when it is only known at
 * run time (or missing); undefined when none was given.
 *
 * @param opts the options given
 * @param names the options asked for
 * @returns the value
 */
export function value(opts: { name: string; value: Token | undefined }[], ...names: string[]) {
  const o = opts.find((x) => names.includes(x.name));
  return o === undefined ? undefined : o.value ?? null;
}

/**
 * The long option a word's name abbreviates: a unique prefix of one of the program's long
 * options is that option, and so is a prefix of several of which one is the start of all the
 * others (curl reads `--remote-na` as `--remote-name`; getopt refuses it, which does nothing);
 * any other name as written.
 *
 * @param word a long option, with or without `=VALUE`
 * @param longs the program's long options, a blank between two
 * @returns the word with its name made whole
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { longOption } from "./_option_split.ts";
 *
 * const longs = "--in-place --no-ignore --null-data --remote-name --remote-name-all";
 * assert.equal(longOption("--in-pl", longs), "--in-place");
 * assert.equal(longOption("--in-pl=.bak", longs), "--in-place=.bak");
 * assert.equal(longOption("--remote-na", longs), "--remote-name");
 * assert.equal(longOption("--n", longs), "--n");
 * ```
 */
export function longOption(word: string, longs: string | undefined): string {
  if (longs === undefined || !word.startsWith("--")) return word;
  const eq = word.indexOf("=");
  const name = eq === -1 ? word : word.slice(0, eq);
  const known = longList(longs);
  if (known.has(name)) return word;
  const full = [...known].filter((o) => o.startsWith(name));
  const first = full.find((f) => full.every((o) => o.startsWith(f)));
  const whole = full.length === 1 ? full[0]! : first;
  return whole === undefined ? word : whole + (eq === -1 ? "" : word.slice(eq));
}

/** Each program's long options as a set, split once (a table is read for every option word). */
const LONG_SETS = new Map<string, ReadonlySet<string>>();

function longList(longs: string): ReadonlySet<string> {
  let set = LONG_SETS.get(longs);
  if (set === undefined) {
    set = new Set(longs.split(/\s+/).filter((o) => o !== ""));
    LONG_SETS.set(longs, set);
  }
  return set;
}
