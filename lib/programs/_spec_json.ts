/**
 * A program spec as JSON and back, for the tables already parsed that the hook's bundle carries
 * (`lib/_generated/program_tables.ts`): `JSON.parse` of a program's text costs a fraction of
 * parsing its block in the notation when the hook first looks it up. A spec is plain data but for
 * its subcommands (a `Map`, written as its entries) and an operand list's `rest` (undefined when
 * no further operand has a role, which JSON leaves out). An option is written short (every byte
 * of the bundle is loaded by every hook call): its spellings, and its arity, uses, traits and id
 * only when they are not the most common (no value, none, none, the first long spelling or else
 * the first). Pure.
 *
 * @module
 */

import type { CommandSpec, OptionSpec, ProgramSpec } from "./spec.ts";

/** An option as written: `n` its spellings, then what is not the default. */
interface ShortOption {
  n: readonly string[];
  a?: OptionSpec["arity"];
  u?: OptionSpec["uses"];
  t?: OptionSpec["traits"];
  i?: string;
}

/** The id the notation gives an option: its first long spelling, else its first. */
function defaultId(names: readonly string[]): string {
  for (const n of names) if (n.startsWith("--")) return n;
  return names[0]!;
}

function short(o: OptionSpec): ShortOption {
  const s: ShortOption = { n: o.names };
  if (o.arity.kind !== "none") s.a = o.arity;
  if (o.uses.length > 0) s.u = o.uses;
  if (o.traits.length > 0) s.t = o.traits;
  if (o.id !== defaultId(o.names)) s.i = o.id;
  return s;
}

/**
 * A spec's JSON text.
 *
 * @param spec the spec
 * @returns the text
 */
export function specJson(spec: ProgramSpec): string {
  return JSON.stringify(
    spec,
    (key, value) =>
      value instanceof Map
        ? [...value]
        : key === "options" && Array.isArray(value)
        ? (value as OptionSpec[]).map(short)
        : value,
  );
}

/**
 * The spec a text of {@link specJson} holds.
 *
 * @param text the text
 * @returns the spec
 */
export function specFromJson(text: string): ProgramSpec {
  return revived(JSON.parse(text)) as ProgramSpec;
}

/** A command as JSON gives it: its subcommands' entries, options short, `rest` perhaps left out. */
interface JsonCommand extends Omit<CommandSpec, "subcommands" | "otherSubcommand" | "options"> {
  options: ShortOption[];
  subcommands: [string, JsonCommand][];
  otherSubcommand?: JsonCommand;
}

function revived(command: JsonCommand): CommandSpec {
  const spec = command as unknown as { -readonly [K in keyof CommandSpec]: CommandSpec[K] };
  spec.options = command.options.map((o) => ({
    id: o.i ?? defaultId(o.n),
    names: o.n,
    arity: o.a ?? { kind: "none" },
    uses: o.u ?? [],
    traits: o.t ?? [],
  }));
  spec.subcommands = new Map(command.subcommands.map(([name, sub]) => [name, revived(sub)]));
  if (command.otherSubcommand !== undefined) {
    spec.otherSubcommand = revived(command.otherSubcommand);
  }
  if (!("rest" in command.operands)) (spec.operands as { rest?: unknown }).rest = undefined;
  return spec;
}
