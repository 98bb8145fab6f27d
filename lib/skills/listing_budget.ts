/**
 * The skill listing as Claude Code 2.1.332 sends it to the model, budget included (measured
 * with the oracle, `tests/oracle/cases/plugins.json`, and read from its code):
 *
 * 1. Each entry is `- name: description`, the description cut to `maxDescChars - 1`
 *    characters and `…` when longer than `maxDescChars` (1,536 unless
 *    `skillListingMaxDescChars` says otherwise); an entry without a description is `- name`.
 * 2. The entries, then Claude Code's own ones (`lib/_generated/claude_builtins.ts`), are counted in terminal
 *    columns, one more per line break between entries. When that is within the budget every
 *    line goes as it is.
 * 3. Otherwise the fixed entries (most of Claude Code's own) keep their line, every other
 *    entry is counted by its name alone, and the room left is handed out in listing order:
 *    an entry keeps its description when it still fits, else it is listed by name alone. No
 *    entry is left out. (Claude Code ranks entries by how often they were used first; a fresh
 *    setup, like skald's, has no such counts.)
 *
 * The budget is `SLASH_COMMAND_TOOL_CHAR_BUDGET` when set, else
 * `skillListingBudgetFraction` (0.01) of 3,000,000 (the default model's context window in
 * characters): 30,000. Pure.
 *
 * @module
 */

import { stringWidth } from "../deps/string_width.ts";
import { type BuiltinEntry, CLAUDE_CODE_BUILTINS } from "../_generated/claude_builtins.ts";
import type { Entry } from "./entry.ts";

/** The listing's limits. */
export interface ListingOptions {
  /** The budget in columns (default {@link DEFAULT_BUDGET}). */
  budget?: number;
  /** The longest description in characters (default {@link DEFAULT_MAX_DESC_CHARS}). */
  maxDescChars?: number;
  /** Entries listed after the catalogue's, counted but not printed (default Claude Code's). */
  builtins?: readonly BuiltinEntry[];
}

/** Claude Code's default context window times characters per token. */
export const BUDGET_BASE = 3_000_000;
/** Claude Code's default `skillListingBudgetFraction`. */
export const DEFAULT_BUDGET_FRACTION = 0.01;
/** The default budget: 30,000 columns. */
export const DEFAULT_BUDGET = BUDGET_BASE * DEFAULT_BUDGET_FRACTION;
/** Claude Code's default `skillListingMaxDescChars`. */
export const DEFAULT_MAX_DESC_CHARS = 1536;

/** One line of the listing. */
export interface ListingLine {
  /** The entry. */
  entry: Entry;
  /** Its line as sent. */
  text: string;
  /** True when the budget dropped its description. */
  shortened: boolean;
}

/** The listing, with what the budget did. */
export interface Listing {
  /** The catalogue's lines, in order. */
  lines: ListingLine[];
  /** The budget applied. */
  budget: number;
  /** The columns the whole listing (built-ins included) would take unshortened. */
  total: number;
}

/**
 * The budget Claude Code applies: `SLASH_COMMAND_TOOL_CHAR_BUDGET` when it is a number other
 * than 0, else `floor(3,000,000 × skillListingBudgetFraction)` (at least 1).
 *
 * @param env the value of `SLASH_COMMAND_TOOL_CHAR_BUDGET`
 * @param fraction `skillListingBudgetFraction` of the settings
 * @returns the budget in columns
 */
export function listingBudget(env: string | undefined, fraction: number | undefined): number {
  const given = env === undefined
    ? NaN
    : Number(env.trim().replace(/^(\d{1,3})(,\d{3})+$/, (m) => m.replaceAll(",", "")));
  if (given) return given;
  return Math.max(1, Math.floor(BUDGET_BASE * (fraction ?? DEFAULT_BUDGET_FRACTION)));
}

/** Printable ASCII: one column a character, no need to ask `string-width`. */
const ASCII = /^[\x20-\x7e]*$/;
const width = (s: string) => ASCII.test(s) ? s.length : stringWidth(s);

/** A description cut as Claude Code cuts it (UTF-16 code units, then `…`). */
function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

/**
 * The listing of entries under a budget (the rules are in the module doc).
 *
 * @param listed the entries the model may see, in catalogue order
 * @param options budget, description limit and the built-in entries counted after them
 * @returns the lines, and the budget and total
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { budgetListing } from "./listing_budget.ts";
 * import type { Entry } from "./entry.ts";
 *
 * const entry = (name: string, description: string): Entry => ({
 *   name, description, kind: "skill", dir: "/s", file: `/s/${name}/SKILL.md`, source: "demo",
 *   frontmatter: {}, modelInvocable: true, userInvocable: true,
 * });
 * const listed = [entry("a", "x".repeat(40)), entry("b", "y".repeat(40))];
 * const roomy = budgetListing(listed, { builtins: [] });
 * assert.deepEqual(roomy.lines.map((l) => l.shortened), [false, false]);
 * // 44 columns of names and a line break fit in 50 with one description, not two.
 * const tight = budgetListing(listed, { budget: 50, builtins: [] });
 * assert.deepEqual(tight.lines.map((l) => l.text), ["- a: " + "x".repeat(40), "- b"]);
 * assert.equal(budgetListing([entry("c", "z".repeat(10))], { maxDescChars: 5, builtins: [] })
 *   .lines[0]!.text, "- c: zzzz…");
 * ```
 */
export function budgetListing(listed: Entry[], options: ListingOptions = {}): Listing {
  const budget = options.budget ?? DEFAULT_BUDGET;
  const max = options.maxDescChars ?? DEFAULT_MAX_DESC_CHARS;
  const line = (name: string, description: string) => ({
    short: `- ${name}`,
    full: description === "" ? `- ${name}` : `- ${name}: ${cut(description, max)}`,
  });
  const own = listed.map((e) => ({
    ...line(e.name, e.override === "name-only" ? "" : e.description),
    fixed: false,
  }));
  const builtins = (options.builtins ?? CLAUDE_CODE_BUILTINS).map((b) => ({
    ...line(b.name, b.description),
    fixed: b.fixed,
  }));
  const all = [...own, ...builtins];
  const breaks = Math.max(0, all.length - 1);
  const total = all.reduce((n, x) => n + width(x.full), 0) + breaks;
  const lines = (keep: (i: number) => boolean): ListingLine[] =>
    listed.map((entry, i) => ({
      entry,
      text: keep(i) ? own[i]!.full : own[i]!.short,
      shortened: !keep(i) && own[i]!.full !== own[i]!.short,
    }));
  if (total <= budget || all.every((x) => x.fixed)) {
    return { lines: lines(() => true), budget, total };
  }
  let room = budget - breaks -
    all.reduce((n, x) => n + width(x.fixed ? x.full : x.short), 0);
  const kept = new Set<number>();
  for (const [i, x] of all.entries()) {
    if (x.fixed) continue;
    const extra = width(x.full) - width(x.short);
    if (extra <= room) {
      kept.add(i);
      room -= extra;
    }
  }
  return { lines: lines((i) => kept.has(i)), budget, total };
}
