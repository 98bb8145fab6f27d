/**
 * A program spec as JSON and back, for the tables already parsed that the hook's bundle carries
 * (`lib/_generated/program_tables.ts`): `JSON.parse` of a program's text costs a fraction of
 * parsing its block in the notation when the hook first looks it up. A spec is plain data but for
 * its subcommands (a `Map`, written as its entries) and an operand list's `rest` (undefined when
 * no further operand has a role, which JSON leaves out). Pure.
 *
 * @module
 */

import type { CommandSpec, ProgramSpec } from "./spec.ts";

/**
 * A spec's JSON text.
 *
 * @param spec the spec
 * @returns the text
 */
export function specJson(spec: ProgramSpec): string {
  return JSON.stringify(spec, (_key, value) => value instanceof Map ? [...value] : value);
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

/** A command as JSON gives it: its subcommands' entries, `rest` perhaps left out. */
interface JsonCommand extends Omit<CommandSpec, "subcommands" | "otherSubcommand"> {
  subcommands: [string, JsonCommand][];
  otherSubcommand?: JsonCommand;
}

function revived(command: JsonCommand): CommandSpec {
  const spec = command as unknown as { -readonly [K in keyof CommandSpec]: CommandSpec[K] };
  spec.subcommands = new Map(command.subcommands.map(([name, sub]) => [name, revived(sub)]));
  if (command.otherSubcommand !== undefined) {
    spec.otherSubcommand = revived(command.otherSubcommand);
  }
  if (!("rest" in command.operands)) (spec.operands as { rest?: unknown }).rest = undefined;
  return spec;
}
