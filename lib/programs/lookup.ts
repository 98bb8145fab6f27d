/**
 * A program's spec by the name it is run by: its own (`tar`), another name of it (`gtar`,
 * `bsdtar`, `gsed`), or a versioned one (`perl5.36`: `perl*`), a path taken off (`/usr/bin/tar`).
 * The tables are split into blocks on the first lookup and a program's blocks parsed the first
 * time it is asked for, once (the hook's start-up pays for the programs a command names, no
 * more). Pure.
 *
 * @module
 */

import { type Block, blocks, envLine, parseProgram } from "./_notation.ts";
import type { EnvSpec, ProgramSpec } from "./spec.ts";
import { ARCHIVES } from "./archives.ts";
import { BUILD } from "./build.ts";
import { CODE } from "./code.ts";
import { WRAPPERS } from "./wrappers.ts";
import { COREUTILS } from "./coreutils.ts";
import { GIT } from "./git.ts";
import { NET } from "./net.ts";
import { SEARCH } from "./search.ts";
import { SHELL } from "./shell.ts";
import { TEXT } from "./text.ts";

/** Every table, one per family. */
const TABLES: readonly string[] = [
  COREUTILS,
  TEXT,
  SEARCH,
  ARCHIVES,
  NET,
  GIT,
  BUILD,
  SHELL,
  CODE,
  WRAPPERS,
];

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

/** The block of the variables of every program. */
const ANY = "(any)";

let passed: ReadonlyMap<string, EnvSpec> | undefined;

/**
 * The variables held against every command that sets them: those of every program (the block
 * `(any)`: `TZ`, `LD_PRELOAD`, `PAGER`, ...) and those a program's spec marks as passed on
 * (`*GIT_EDITOR`: another program may run git). Read from the tables' `env:` lines alone (no
 * program is parsed for it).
 *
 * @returns each variable's spec, by name
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { passedVariables } from "./lookup.ts";
 *
 * assert.equal(passedVariables().get("GIT_SSH_COMMAND")?.uses[0]?.kind, "shell");
 * assert.equal(passedVariables().get("TZDIR")?.uses[0]?.kind, "read-tree");
 * assert.equal(passedVariables().get("SHELL"), undefined); // flock's, script's, su's own
 * ```
 */
export function passedVariables(): ReadonlyMap<string, EnvSpec> {
  if (passed !== undefined) return passed;
  const out = new Map<string, EnvSpec>();
  for (const table of TABLES) {
    for (const block of blocks(table)) {
      const all = block.names[0] === ANY;
      for (const line of block.lines) {
        if (!line.startsWith("env:")) continue;
        for (const e of envLine(line.slice(4), block.names.join(", "))) {
          if (all || e.passed) out.set(e.name, { ...e, passed: true });
        }
      }
    }
  }
  return passed = out;
}

/**
 * The variables a program reads: its spec's and every program's (`(any)`).
 *
 * @param name the program's name
 * @returns the variables, its own first
 */
export function programVariables(name: string): readonly EnvSpec[] {
  const own = programSpec(name);
  const any = programSpec(ANY)!;
  return own === undefined || own === any ? any.env : [...own.env, ...any.env];
}
