/**
 * `skald show NAME`: one entry's fields, frontmatter and body.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import {
  type CatalogueCliOptions,
  entryJson,
  loadCatalogue,
  notFound,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import { fail } from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `show`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerShow(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("show")
    .description("show a skill or command: its fields, frontmatter and body")
    .argument("<name>", "the name, with or without a leading /")
    .addHelpText(
      "after",
      `
Examples:
  skald show pdf
  skald show --json /frontend:component`,
    );
  withCatalogueOptions(cmd).action(async (name: string, opts: CatalogueCliOptions) => {
    const { catalogue } = await loadCatalogue(opts, io);
    const entry = catalogue.find(name);
    if (entry === undefined) {
      return done(fail(io, notFound(catalogue, name, "No skill or command named")));
    }
    const body = catalogue.body(entry.name) ?? "";
    if (opts.json) {
      io.out(JSON.stringify({ ...entryJson(entry), body }) + "\n");
      return done("ok");
    }
    const lines = [
      `name: ${entry.name}`,
      `kind: ${entry.kind}`,
      `source: ${entry.source}`,
      `file: ${entry.file}`,
      `description: ${entry.description}`,
      `user-invocable: ${entry.userInvocable}`,
      `model-invocable: ${entry.modelInvocable}`,
      "frontmatter:",
      ...Object.entries(entry.frontmatter).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`),
      "---",
      body,
    ];
    io.out(lines.join("\n") + (body.endsWith("\n") ? "" : "\n"));
    done("ok");
  });
}
