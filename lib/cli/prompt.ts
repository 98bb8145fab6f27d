/**
 * `skald prompt`: the system-prompt block that lists the skills the model may load.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import {
  type CatalogueCliOptions,
  loadCatalogue,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `prompt`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerPrompt(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("prompt")
    .description("print the system-prompt block listing the skills the model may load")
    .addHelpText(
      "after",
      `
Prints nothing when no skill is listed. The listing is Claude Code's: descriptions cut at
skillListingMaxDescChars (1,536), and over the budget (SLASH_COMMAND_TOOL_CHAR_BUDGET, else
skillListingBudgetFraction of 3,000,000: 30,000 columns, Claude Code's own entries counted)
some entries by name alone.

Examples:
  skald prompt
  skald prompt --json`,
    );
  withCatalogueOptions(cmd).action(async (opts: CatalogueCliOptions) => {
    const { catalogue, listing } = await loadCatalogue(opts, io);
    const text = catalogue.promptText(listing);
    if (opts.json) io.out(JSON.stringify({ text: text ?? null }) + "\n");
    else if (text !== undefined) io.out(text + "\n");
    done("ok");
  });
}
