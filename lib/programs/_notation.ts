/**
 * The text notation the program specs are written in, and its parser. A table is text so that
 * the hook's start-up pays next to nothing for it: a block is parsed the first time its program
 * is looked up (`lookup.ts`).
 *
 * A table is blocks. `#` lines before a block's header are its sources (the `--help` or man page
 * of the version checked). The header names the program and the other names it is run by, a
 * comma between two (`tar, gtar, bsdtar:`; `*` in a name stands for a version: `perl*` is
 * `perl5.36`), or a subcommand (`git checkout:`; `git *:` for one the table does not list), then
 * its syntax and traits:
 *
 * - `getopt` (with `abbreviates`, `stops`, `letters`), `curl` or `single-dash` (with `stops`):
 *   see `Syntax` in `spec.ts`; a subcommand reads as its program does, minus `stops` and
 *   `letters`, unless it says otherwise;
 * - then the traits of running it (`rewrites`, `follows-links`, ...: `Trait` in `spec.ts`).
 *
 * Each indented line is an option, `operands:` or `env:`:
 *
 * - an option: its spellings, then ` : ` and what it is. A spelling with `=VALUE` takes a value
 *   (the next word, or glued: `-oFILE`, `--output=FILE`), with `[=VALUE]` or `[VALUE]` an
 *   optional one (glued only: `--backup[=CONTROL]`, `-i[SUFFIX]`; `-l[DIGITS]` only digits); a word without a dash after
 *   a spelling is a value it takes (`-o FILE`; two words, two values: `-fprintf FILE FORMAT`;
 *   `CMD...;+` every word up to `;` or `+`). What one spelling of a line takes, all take. What
 *   it is: the uses of its value (`text`, `reads`, `reads@` for `@FILE`, `reads-field` for
 *   `NAME=@FILE`, `reads-name-at` for `NAME@FILE`, `reads-no-equals`, `reads-list`, `writes`, `output`, `archive`, `read-tree`, `write-tree`, `cwd`,
 *   `into`, `prefix`, `work-tree`, `code=LANG`, `code-file`, `runs`, `shell`, `shell=PREFIX` for a
 *   script only in a value `PREFIX...`, `library`, the filters `include-glob`,
 *   `exclude-glob`, `exclude-dir-glob`, `override-glob`, `override-iglob`) and the traits
 *   giving it means (`recursive`, or `recursive=recurse` for one value only);
 * - `operands:` the roles of the operands, by position: the uses above, `ROLE...` for every
 *   further one (`any...`: nothing known of them), the roles after it for the last ones; `default=WORD` the operand taken when
 *   there is none, `remote` for `HOST:PATH` operands;
 * - `env:` the environment variables it reads, each `NAME` or `NAME=USE,USE` with the uses of its
 *   value (`GIT_INDEX_FILE=writes`, `GIT_SSH=runs`, `TZDIR=read-tree`), `*NAME` for one held
 *   against every command that sets it (another program may run this one: `*GIT_EDITOR=shell`).
 *   The block `(any)` holds the variables of every program (the C library's, the conventions).
 *
 * @module
 */

import type {
  Arity,
  CommandSpec,
  EnvSpec,
  Operands,
  OptionSpec,
  OptionTrait,
  ProgramSpec,
  Syntax,
  Trait,
  Use,
} from "./spec.ts";

/** One block of a table: its header's names, and its lines (sources first), unparsed. */
export interface Block {
  names: readonly string[];
  header: string;
  lines: readonly string[];
  sources: readonly string[];
}

/**
 * Splits a table into its blocks, without parsing them.
 *
 * @param table the table's text
 * @returns the blocks, in order
 */
export function blocks(table: string): Block[] {
  const out: Block[] = [];
  let sources: string[] = [];
  let current: { names: string[]; header: string; lines: string[]; sources: string[] } | undefined;
  for (const raw of table.split("\n")) {
    const line = raw.trimEnd();
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      if (current !== undefined && /^\s/.test(raw)) continue;
      sources.push(line.replace(/^#\s?/, ""));
      current = undefined;
      continue;
    }
    if (/^\s/.test(line)) {
      if (current === undefined) {
        throw new Error(`Program table: a line outside a block: "${line}"`);
      }
      if (!line.trim().startsWith("#")) current.lines.push(line.trim());
      continue;
    }
    const colon = line.indexOf(":");
    if (colon === -1) throw new Error(`Program table: a header without ":": "${line}"`);
    const names = line.slice(0, colon).split(",").map((n) => n.trim()).filter((n) => n !== "");
    current = { names, header: line.slice(colon + 1).trim(), lines: [], sources };
    sources = [];
    out.push(current);
  }
  return out;
}

const TRAITS: ReadonlySet<string> = new Set<Trait>([
  "first",
  "recursive",
  "follows-links",
  "no-follow",
  "in-place",
  "stdout",
  "list",
  "dry-run",
  "removes-sources",
  "remote-name",
  "server-name",
  "unknown-output",
  "symbolic",
  "directory",
  "create",
  "extract",
  "append",
  "update",
  "rewrites",
  "keeps-tree",
  "index-only",
  "worktree",
  "new-branch",
  "object-paths",
  "history-paths",
  "response-files",
  "leading",
  "no-exec",
  "info",
  "skips-hidden",
  "skips-ignored",
  "tracked-only",
  "hidden",
  "no-ignore",
  "untracked",
  "no-index",
  "no-config",
  "starts-shell",
]);

/** A use word (`reads@`, `code=sed`), or undefined for a word that is none. */
function use(word: string): Use | undefined {
  switch (word) {
    case "text":
    case "writes":
    case "output":
    case "archive":
    case "read-tree":
    case "write-tree":
    case "cwd":
    case "into":
    case "prefix":
    case "work-tree":
    case "code-file":
    case "runs":
    case "shell":
    case "library":
      return { kind: word };
    case "reads":
      return { kind: "reads", form: "path" };
    case "reads@":
      return { kind: "reads", form: "at" };
    case "reads-field":
      return { kind: "reads", form: "field" };
    case "reads-name-at":
      return { kind: "reads", form: "name-at" };
    case "reads-no-equals":
      return { kind: "reads", form: "no-equals" };
    case "reads-list":
      return { kind: "reads", form: "list" };
  }
  if (word.startsWith("code=")) return { kind: "code", lang: word.slice(5) };
  if (word.startsWith("shell=")) return { kind: "shell", prefix: word.slice(6) };
  switch (word) {
    case "include-glob":
      return { kind: "filter", filter: "include" };
    case "exclude-glob":
      return { kind: "filter", filter: "exclude" };
    case "exclude-dir-glob":
      return { kind: "filter", filter: "exclude-dir" };
    case "override-glob":
      return { kind: "filter", filter: "override" };
    case "override-iglob":
      return { kind: "filter", filter: "ioverride" };
  }
  return undefined;
}

/** A trait word (`recursive`, `recursive=recurse`), or undefined for a word that is none. */
function trait(word: string): OptionTrait | undefined {
  const eq = word.indexOf("=");
  const name = eq === -1 ? word : word.slice(0, eq);
  if (!TRAITS.has(name)) return undefined;
  return eq === -1 ? { trait: name as Trait } : { trait: name as Trait, when: word.slice(eq + 1) };
}

/** The syntax and traits of a header's words, over the syntax a subcommand inherits. */
function header(words: readonly string[], inherited: Syntax | undefined, where: string) {
  let syntax: Syntax | undefined = inherited;
  const traits: Trait[] = [];
  const flags = new Set<string>();
  for (const w of words) {
    if (w === "getopt" || w === "curl" || w === "single-dash") {
      syntax = w === "getopt"
        ? { kind: "getopt", abbreviates: false, stops: false, letters: false }
        : w === "curl"
        ? { kind: "curl" }
        : { kind: "single-dash", stops: false };
    } else if (w === "abbreviates" || w === "stops" || w === "letters") flags.add(w);
    else {
      const t = trait(w);
      if (t === undefined || t.when !== undefined) {
        throw new Error(`Program table: "${w}" is no syntax or trait (${where})`);
      }
      traits.push(t.trait);
    }
  }
  if (syntax === undefined) throw new Error(`Program table: no syntax (${where})`);
  if (syntax.kind === "getopt") {
    syntax = {
      kind: "getopt",
      abbreviates: syntax.abbreviates || flags.has("abbreviates"),
      stops: flags.has("stops"),
      letters: flags.has("letters"),
    };
  } else if (syntax.kind === "single-dash") {
    syntax = { kind: "single-dash", stops: flags.has("stops") };
  }
  return { syntax, traits };
}

/** One option line. */
export function optionLine(line: string, where: string): OptionSpec {
  const cut = line.search(/\s:(\s|$)/);
  const spellings = (cut === -1 ? line : line.slice(0, cut)).split(/\s+/).filter((w) => w !== "");
  const what = cut === -1 ? [] : line.slice(cut + 2).split(/\s+/).filter((w) => w !== "");
  const names: string[] = [];
  let values = 0;
  let optional: "rest" | "digits" | undefined;
  let ends: string[] | undefined;
  for (const s of spellings) {
    if (!/^[-+]/.test(s)) {
      // A value the previous spelling takes: `-o FILE`, `-exec CMD...;+`.
      const until = /^[A-Z_]+\.\.\.(.+)$/.exec(s);
      if (until !== null) ends = [...until[1]!];
      else values++;
      continue;
    }
    const m = /^([-+][^=[]*)(?:=([A-Z_][A-Z0-9_]*)|\[=?([A-Z_][A-Z0-9_]*)\])?$/.exec(s);
    if (m === null) throw new Error(`Program table: "${s}" is no spelling (${where})`);
    names.push(m[1]!);
    if (m[2] !== undefined) values = Math.max(values, 1);
    if (m[3] !== undefined) optional = m[3] === "DIGITS" ? "digits" : "rest";
  }
  if (names.length === 0) throw new Error(`Program table: an option without a name (${where})`);
  const arity: Arity = ends !== undefined
    ? { kind: "until", ends }
    : optional !== undefined
    ? { kind: "optional", digits: optional === "digits" }
    : values > 0
    ? { kind: "required", count: values }
    : { kind: "none" };
  const uses: Use[] = [];
  const traits: OptionTrait[] = [];
  for (const w of what) {
    const u = use(w);
    if (u !== undefined) {
      uses.push(u);
      continue;
    }
    const t = trait(w);
    if (t === undefined) throw new Error(`Program table: "${w}" is no use or trait (${where})`);
    traits.push(t);
  }
  const id = names.find((n) => n.startsWith("--")) ?? names[0]!;
  return { id, names, arity, uses, traits };
}

/** An `operands:` line's words. */
function operandsLine(words: readonly string[], where: string): Operands {
  const head: Use[] = [];
  const tail: Use[] = [];
  let rest: Use | undefined;
  let repeated = false;
  let fallback: string | undefined;
  let remote = false;
  for (const w of words) {
    if (w.startsWith("default=")) {
      fallback = w.slice(8);
      continue;
    }
    if (w === "remote") {
      remote = true;
      continue;
    }
    const repeats = w.endsWith("...");
    // `any...`: operands nothing is known of (`ln`'s targets before its link).
    if (w === "any...") {
      repeated = true;
      continue;
    }
    const u = use(repeats ? w.slice(0, -3) : w);
    if (u === undefined) throw new Error(`Program table: "${w}" is no operand role (${where})`);
    if (repeats) {
      rest = u;
      repeated = true;
    } else (repeated ? tail : head).push(u);
  }
  return { head, rest, tail, ...(fallback === undefined ? {} : { default: fallback }), remote };
}

/**
 * An `env:` line's words: `NAME`, `NAME=USE,USE`, `*NAME=...`.
 *
 * @param text the words after `env:`
 * @param where the block, for errors
 * @returns the variables
 */
export function envLine(text: string, where: string): EnvSpec[] {
  return text.trim().split(/\s+/).filter((w) => w !== "").map((word) => {
    const passed = word.startsWith("*");
    const w = passed ? word.slice(1) : word;
    const eq = w.indexOf("=");
    if (eq === -1) return { name: w, uses: [], passed };
    const uses = w.slice(eq + 1).split(",").map((u) => {
      const got = use(u);
      if (got === undefined) throw new Error(`Program table: "${u}" is no use (${where}, ${w})`);
      return got;
    });
    return { name: w.slice(0, eq), uses, passed };
  });
}

/** Operands nothing is known of: each may be anything. */
export const UNKNOWN_OPERANDS: Operands = { head: [], rest: undefined, tail: [] };

/**
 * Parses one block into a command (without its subcommands).
 *
 * @param block the block
 * @param inherited the program's syntax, for a subcommand's block
 * @returns the command
 */
export function parseBlock(block: Block, inherited?: Syntax): CommandSpec {
  const where = block.names.join(", ");
  const { syntax, traits } = header(
    block.header.split(/\s+/).filter((w) => w !== ""),
    inherited,
    where,
  );
  const options: OptionSpec[] = [];
  let operands = UNKNOWN_OPERANDS;
  const env: EnvSpec[] = [];
  for (const line of block.lines) {
    if (line.startsWith("operands:")) {
      operands = operandsLine(line.slice(9).trim().split(/\s+/).filter((w) => w !== ""), where);
    } else if (line.startsWith("env:")) env.push(...envLine(line.slice(4), where));
    else options.push(optionLine(line, where));
  }
  return {
    name: block.names[0]!,
    syntax,
    options,
    operands,
    traits,
    subcommands: new Map(),
    env,
    sources: block.sources,
  };
}

/**
 * A program from its block and its subcommands' blocks (`git`, then `git checkout`, ...): each
 * subcommand under its parent, an unlisted one under `*`.
 *
 * @param main the program's block
 * @param subs the blocks of its subcommands, each name the program's and the subcommand's words
 * @returns the program
 */
export function parseProgram(main: Block, subs: readonly Block[]): ProgramSpec {
  const program = parseBlock(main);
  const nodes = new Map<string, CommandSpec>([[program.name, program]]);
  const inherited: Syntax = program.syntax.kind === "getopt"
    ? { ...program.syntax, stops: false, letters: false }
    : program.syntax.kind === "single-dash"
    ? { kind: "single-dash", stops: false }
    : program.syntax;
  // Parents before children: `git stash` before `git stash list`.
  const sorted = subs.flatMap((b) => b.names.map((n) => ({ name: n, block: b })))
    .sort((a, b) => a.name.split(" ").length - b.name.split(" ").length);
  for (const { name, block } of sorted) {
    const words = name.split(" ");
    const parent = nodes.get(words.slice(0, -1).join(" "));
    if (parent === undefined) throw new Error(`Program table: "${name}" has no parent block`);
    const spec = { ...parseBlock(block, inherited), name };
    const last = words.at(-1)!;
    if (last === "*") (parent as { otherSubcommand?: CommandSpec }).otherSubcommand = spec;
    else (parent.subcommands as Map<string, CommandSpec>).set(last, spec);
    nodes.set(name, spec);
  }
  return { ...program, aliases: main.names.slice(1) };
}
