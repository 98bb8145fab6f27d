/**
 * `skald list`: every skill and command, then the shadowed entries and the problems.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import {
  type CatalogueCliOptions,
  entryJson,
  loadCatalogue,
  shadowedJson,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import { reportProblems } from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `list`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerList(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("list")
    .description("list every skill and command: name, kind, source, who may invoke it, description")
    .addHelpText(
      "after",
      `
Examples:
  skald list
  skald list --json --plugin-dir ./my-plugin --skills ./more-skills`,
    );
  withCatalogueOptions(cmd).action(async (opts: CatalogueCliOptions) => {
    const { catalogue, problems, pluginProblems } = await loadCatalogue(opts, io);
    // An entry skillOverrides turns off is not offered to anyone (Claude Code drops it too).
    const entries = catalogue.skills().filter((e) => e.override !== "off");
    const off = catalogue.skills().filter((e) => e.override === "off");
    const skillProblems = [...pluginProblems, ...catalogue.problems()];
    if (opts.json) {
      io.out(
        JSON.stringify({
          entries: entries.map(entryJson),
          shadowed: catalogue.shadowed().map(shadowedJson),
          off: off.map((e) => ({ name: e.name, file: e.file })),
          problems: [
            ...problems.map((p) => ({ file: p.file, reason: p.message })),
            // `at` (a place in a JSON file) is lint's, which turns it into a line and column.
            ...skillProblems.map(({ at: _, ...p }) => p),
          ],
        }) + "\n",
      );
      return done("ok");
    }
    reportProblems(io, problems);
    const yes = (b: boolean) => b ? "yes" : "no";
    const rows = entries.map((e) => [
      "/" + e.name,
      e.kind,
      e.source,
      yes(e.userInvocable),
      yes(e.modelInvocable),
      e.description,
    ]);
    const lines = table([["NAME", "KIND", "SOURCE", "USER", "MODEL", "DESCRIPTION"], ...rows]);
    if (off.length > 0) {
      lines.push("", "turned off by skillOverrides:");
      for (const e of off) lines.push(`  /${e.name}  ${e.source}  ${e.file}`);
    }
    const shadowed = catalogue.shadowed();
    if (shadowed.length > 0) {
      lines.push("", "shadowed:");
      for (const s of shadowed) lines.push(`  /${s.name}  ${s.source}  (by ${s.by})  ${s.file}`);
    }
    if (skillProblems.length > 0) {
      lines.push("", "problems:");
      for (const p of skillProblems) {
        const where = p.line === undefined
          ? p.file
          : `${p.file}:${p.line}${p.column === undefined ? "" : `:${p.column}`}`;
        lines.push(`  ${where}: ${p.reason}`);
      }
    }
    io.out(lines.join("\n") + "\n");
    done("ok");
  });
}

/** Left-aligned columns; the last column is not padded. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) =>
    r.map((cell, i) => i === r.length - 1 ? cell : cell.padEnd(widths[i]!)).join("  ").trimEnd()
  );
}
