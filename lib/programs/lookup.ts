/**
 * A program's spec by the name it is run by: its own (`tar`), another name of it (`gtar`,
 * `bsdtar`, `gsed`), or a versioned one (`perl5.36`: `perl*`), a path taken off (`/usr/bin/tar`).
 * The tables are split into blocks on the first lookup and a program's blocks parsed the first
 * time it is asked for, once (the hook's start-up pays for the programs a command names, no
 * more). Pure.
 *
 * @module
 */

import { type Block, blocks, parseProgram } from "./_notation.ts";
import type { ProgramSpec } from "./spec.ts";
import { ARCHIVES } from "./archives.ts";
import { BUILD } from "./build.ts";
import { COREUTILS } from "./coreutils.ts";
import { GIT } from "./git.ts";
import { NET } from "./net.ts";
import { SEARCH } from "./search.ts";
import { SHELL } from "./shell.ts";
import { TEXT } from "./text.ts";

/** Every table, one per family. */
const TABLES: readonly string[] = [COREUTILS, TEXT, SEARCH, ARCHIVES, NET, GIT, BUILD, SHELL];

interface Index {
  /** Each name (and other name) to its program's blocks. */
  byName: Map<string, { main: Block; subs: Block[] }>;
  /** Versioned names (`perl*`), each a pattern and its program's name. */
  patterns: { pattern: RegExp; name: string }[];
}

let index: Index | undefined;
const parsed = new Map<string, ProgramSpec>();

function buildIndex(): Index {
  const byName = new Map<string, { main: Block; subs: Block[] }>();
  const patterns: { pattern: RegExp; name: string }[] = [];
  for (const table of TABLES) {
    for (const block of blocks(table)) {
      const first = block.names[0]!;
      const program = first.split(" ")[0]!;
      if (first.includes(" ")) {
        const entry = byName.get(program);
        if (entry === undefined) throw new Error(`Program table: "${first}" before "${program}"`);
        entry.subs.push(block);
        continue;
      }
      if (byName.has(first)) throw new Error(`Program table: "${first}" twice`);
      const entry = { main: block, subs: [] };
      for (const name of block.names) {
        if (name.includes("*")) {
          const re = name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace("*", "[0-9][0-9.]*");
          patterns.push({ pattern: new RegExp(`^${re}$`), name: first });
        } else byName.set(name, entry);
      }
    }
  }
  return { byName, patterns };
}

/**
 * The spec of the program a command word runs, or undefined for one no table holds.
 *
 * @param word the command word (a path's last part is its name)
 * @returns the spec
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { programSpec } from "./lookup.ts";
 *
 * assert.equal(programSpec("gtar")?.name, "tar");
 * assert.equal(programSpec("/usr/bin/gsed")?.name, "sed");
 * assert.equal(programSpec("perl5.36")?.name, "perl");
 * assert.equal(programSpec("no-such-program"), undefined);
 * ```
 */
export function programSpec(word: string): ProgramSpec | undefined {
  const known = byWord.get(word);
  if (known !== undefined) return known ?? undefined;
  const name = word.slice(word.lastIndexOf("/") + 1);
  index ??= buildIndex();
  const entry = index.byName.get(name) ??
    index.byName.get(index.patterns.find((p) => p.pattern.test(name))?.name ?? "");
  let spec: ProgramSpec | undefined;
  if (entry !== undefined) {
    const key = entry.main.names[0]!;
    spec = parsed.get(key);
    if (spec === undefined) {
      spec = parseProgram(entry.main, entry.subs);
      parsed.set(key, spec);
    }
  }
  // Each word's answer, kept (the engines ask for every command several times).
  if (byWord.size >= 4096) byWord.clear();
  byWord.set(word, spec ?? null);
  return spec;
}

/** The spec each command word asked for names (null: none). */
const byWord = new Map<string, ProgramSpec | null>();

/**
 * Every program the tables hold, by its own name (for the tests that hold each spec against
 * its program).
 *
 * @returns the names
 */
export function programNames(): string[] {
  index ??= buildIndex();
  return [...new Set([...index.byName.values()].map((e) => e.main.names[0]!))];
}
