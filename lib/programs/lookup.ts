/**
 * A program's spec by the name it is run by: its own (`tar`), another name of it (`gtar`,
 * `bsdtar`, `gsed`), or a versioned one (`perl5.36`: `perl*`), a path taken off (`/usr/bin/tar`).
 * The tables are split into blocks on the first lookup and a program's blocks parsed the first
 * time it is asked for, once (the hook's start-up pays for the programs a command names, no
 * more). The hook's bundle installs the tables already parsed (`useParsedTables`): a lookup then
 * parses the program's JSON, a fraction of the cost of its notation. Pure but for what it keeps.
 *
 * @module
 */

import { type Block, blocks, envLine, parseProgram } from "./_notation.ts";
import type { EnvSpec, ProgramSpec } from "./spec.ts";
import { specFromJson, specJson } from "./_spec_json.ts";
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

/**
 * Every table, one per family. (The hook's bundle carries them parsed instead: its build blanks
 * these texts, `scripts/bundle_hook.ts`, and finds them by this name.)
 */
const TABLE_TEXTS: readonly string[] = [
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
  /** Each name (and other name) to its program's own name. */
  byName: Map<string, string>;
  /** Versioned names (`perl*`), each a pattern and its program's name. */
  patterns: { pattern: RegExp; name: string }[];
  /** A program's spec, by its own name, parsed (once: {@link programSpec} keeps it). */
  spec(name: string): ProgramSpec;
}

/** The tables' texts; an error where a build left them out (a lookup must never find nothing). */
function tableTexts(): readonly string[] {
  if (TABLE_TEXTS.every((t) => t === "")) {
    throw new Error("the program tables are not in this build: install the parsed ones first");
  }
  return TABLE_TEXTS;
}

let index: Index | undefined;
const parsed = new Map<string, ProgramSpec>();

/** The pattern a versioned name (`perl*`) stands for. */
function versioned(name: string): RegExp {
  const re = name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace("*", "[0-9][0-9.]*");
  return new RegExp(`^${re}$`);
}

/** The tables' blocks, by program: the index of the text, each block parsed on demand. */
function textIndex(): Index & { versionedNames: [string, string][] } {
  const byName = new Map<string, string>();
  const programs = new Map<string, { main: Block; subs: Block[] }>();
  const versionedNames: [string, string][] = [];
  for (const table of tableTexts()) {
    for (const block of blocks(table)) {
      const first = block.names[0]!;
      const program = first.split(" ")[0]!;
      if (first.includes(" ")) {
        const entry = programs.get(program);
        if (entry === undefined) throw new Error(`Program table: "${first}" before "${program}"`);
        entry.subs.push(block);
        continue;
      }
      if (programs.has(first)) throw new Error(`Program table: "${first}" twice`);
      programs.set(first, { main: block, subs: [] });
      for (const name of block.names) {
        if (name.includes("*")) versionedNames.push([name, first]);
        else byName.set(name, first);
      }
    }
  }
  return {
    byName,
    patterns: versionedNames.map(([pattern, name]) => ({ pattern: versioned(pattern), name })),
    spec: (name) => {
      const entry = programs.get(name)!;
      return parseProgram(entry.main, entry.subs);
    },
    versionedNames,
  };
}

/**
 * The tables already parsed, as the hook's bundle carries them (`lib/_generated/program_tables.ts`,
 * written by `scripts/program_tables.ts`): JSON texts, each parsed when first needed.
 */
export interface ParsedTables {
  /** Every name a program is run by and the program's own name: `[name, program][]`, JSON. */
  names: string;
  /** Versioned names (`perl*`) and the program's own name. */
  patterns: readonly (readonly [string, string])[];
  /** Each program's spec, by its own name (`_spec_json.ts`). */
  specs: Readonly<Record<string, string>>;
  /** {@link passedVariables}: `[name, spec][]`, JSON. */
  passed: string;
}

/** The tables already parsed, when installed ({@link useParsedTables}). */
let installed: ParsedTables | undefined;

/**
 * Has every lookup read the tables already parsed instead of their text: the hook's bundle does
 * (its entry, `lib/cli/hook_bundled.ts`), so that a hook call parses no notation. What a lookup
 * answers is the same (`tests/programs/parsed_tables_test.ts`).
 *
 * @param tables the tables, as {@link parsedTables} gives them; undefined: their text again
 */
export function useParsedTables(tables: ParsedTables | undefined): void {
  installed = tables;
  index = undefined;
  parsed.clear();
  byWord.clear();
  passed = undefined;
}

function parsedIndex(tables: ParsedTables): Index {
  return {
    byName: new Map(JSON.parse(tables.names) as [string, string][]),
    patterns: tables.patterns.map(([pattern, name]) => ({ pattern: versioned(pattern), name })),
    spec: (name) => specFromJson(tables.specs[name]!),
  };
}

function buildIndex(): Index {
  return installed === undefined ? textIndex() : parsedIndex(installed);
}

/**
 * The tables parsed from their text, as {@link useParsedTables} takes them.
 *
 * @returns the tables
 */
export function parsedTables(): ParsedTables {
  const text = textIndex();
  const specs: Record<string, string> = {};
  for (const name of new Set(text.byName.values())) specs[name] = specJson(text.spec(name));
  return {
    names: JSON.stringify([...text.byName]),
    patterns: text.versionedNames,
    specs,
    passed: JSON.stringify([...passedFromText()]),
  };
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
  const key = index.byName.get(name) ?? index.patterns.find((p) => p.pattern.test(name))?.name;
  let spec: ProgramSpec | undefined;
  if (key !== undefined) {
    spec = parsed.get(key);
    if (spec === undefined) {
      spec = index.spec(key);
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
  return [...new Set(index.byName.values())];
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
  passed ??= installed === undefined
    ? passedFromText()
    : new Map(JSON.parse(installed.passed) as [string, EnvSpec][]);
  return passed;
}

function passedFromText(): Map<string, EnvSpec> {
  const out = new Map<string, EnvSpec>();
  for (const table of tableTexts()) {
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
  return out;
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
