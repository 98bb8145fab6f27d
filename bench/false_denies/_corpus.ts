/**
 * The corpus of `deno task false-denies`, read from `bench/false_denies/`: the commands real
 * agents ran (`corpus/commands.jsonl`, with their sources in `corpus/sources.json`; built by
 * `scripts/false_denies_corpus.ts`), the `permissions` of real public Claude Code settings
 * (`policies.json`), and skald's own `init --preset recommended`.
 *
 * @module
 */

import { RECOMMENDED } from "../../lib/settings/preset.ts";

/** Where a command came from. */
export interface CorpusSource {
  id: string;
  repo: string;
  commit: string;
  agent: string;
  format: string;
  /** The directories the agent worked in, as its commands name them. */
  roots: string[];
  /** The files its kept commands come from. */
  paths: string[];
  kept: number;
}

/** One command of the corpus, with its provenance. */
export interface CorpusCommand {
  command: string;
  source: CorpusSource;
  /** The file of the source it came from. */
  path: string;
}

/** A policy: the `permissions` of a settings file, and where it comes from. */
export interface CorpusPolicy {
  id: string;
  repo: string;
  path: string;
  commit: string;
  note?: string;
  permissions: {
    allow?: string[];
    ask?: string[];
    deny?: string[];
    additionalDirectories?: string[];
    defaultMode?: string;
  };
}

const DIR = new URL("./", import.meta.url);

/** Reads the corpus's commands. */
export async function loadCommands(): Promise<CorpusCommand[]> {
  const sources = JSON.parse(
    await Deno.readTextFile(new URL("corpus/sources.json", DIR)),
  ) as CorpusSource[];
  const text = await Deno.readTextFile(new URL("corpus/commands.jsonl", DIR));
  return text.split("\n").filter((l) => l !== "").map((line) => {
    const { c, s, f } = JSON.parse(line) as { c: string; s: number; f: number };
    const source = sources[s]!;
    return { command: c, source, path: source.paths[f]! };
  });
}

/** skald's `init --preset recommended`, as a policy. */
export const PRESET: CorpusPolicy = {
  id: "skald-recommended",
  repo: "skald",
  path: "lib/settings/preset.ts (init --preset recommended)",
  commit: "this checkout",
  permissions: { deny: RECOMMENDED.map((r) => r.rule) },
};

/** Reads the real policies, and adds the preset. */
export async function loadPolicies(): Promise<CorpusPolicy[]> {
  const policies = JSON.parse(
    await Deno.readTextFile(new URL("policies.json", DIR)),
  ) as CorpusPolicy[];
  return [...policies, PRESET];
}

/**
 * The command as it runs in the laid-out project: each directory the agent worked in
 * (`/testbed`, the author's checkout) is the project's root.
 *
 * @param c the corpus command
 * @param root the project's root on disk
 * @returns the command text to decide and run
 */
export function inProject(c: CorpusCommand, root: string): string {
  let text = c.command;
  for (const r of [...c.source.roots].sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(r, root);
  }
  return text;
}
