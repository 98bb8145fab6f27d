/**
 * `skald activate PATH...`: the skills touching these files makes available (nested
 * `.claude/skills` and conditional `paths:` skills), as the announce text.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { Command } from "../deps/cli.ts";
import { diskSkillReader } from "../fs/skill_reader.ts";
import { nestedRoots } from "../skills/discovery.ts";
import type { Entry } from "../skills/entry.ts";
import {
  type CatalogueCliOptions,
  entryJson,
  loadCatalogue,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `activate`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerActivate(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("activate")
    .description("print the skills that touching these files makes available")
    .argument("<paths...>", "files the session touched, relative to the root or absolute")
    .addHelpText(
      "after",
      `
Prints nothing when no skill becomes available.

Examples:
  skald activate src/report.pdf
  skald activate --json apps/web/index.js`,
    );
  withCatalogueOptions(cmd).action(async (paths: string[], opts: CatalogueCliOptions) => {
    const { catalogue, project: { root } } = await loadCatalogue(opts, io);
    const fresh: Entry[] = [];
    for (const p of paths) {
      const abs = posix.resolve(root, p);
      fresh.push(...catalogue.addRoots(...nestedRoots(abs, root, diskSkillReader)));
      fresh.push(...catalogue.activateFor(abs));
    }
    const available = [...new Set(fresh)].filter((e) => catalogue.isListed(e));
    const text = catalogue.announceText(available);
    if (opts.json) {
      io.out(JSON.stringify({ entries: available.map(entryJson), text: text ?? null }) + "\n");
    } else if (text !== undefined) io.out(text + "\n");
    done("ok");
  });
}
