/**
 * `skald split`: the parts of a shell command and whether it is opaque.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { shellParts } from "../shell/split.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `split`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerSplit(program: Command, io: Io, done: (o: Outcome) => void): void {
  program.command("split")
    .description("split a shell command into its parts and tell whether it is opaque")
    .argument("<command>", "the command text")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  skald split 'npm test && git push'
  skald split --json 'echo $(rm -rf x)'`,
    )
    .action((command: string, opts: { json?: boolean }) => {
      const r = shellParts(command);
      if (opts.json) io.out(JSON.stringify(r) + "\n");
      else {
        const lines = r.parts.map((p) => `part: ${p}`);
        lines.push(`opaque: ${r.opaque ? "yes" : "no"}`);
        for (const reason of r.reasons) lines.push(`  ${reason}`);
        io.out(lines.join("\n") + "\n");
      }
      done("ok");
    });
}
