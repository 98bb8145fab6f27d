/**
 * What the list_files tool returns for a directory, shaped exactly like Claude Code's
 * directory attachment (Claude Code 2.1.332, observed through the oracle: an `@dir` becomes
 * the result of a Bash call `ls <dir>`, but the text is Claude Code's own listing, not `ls`'s).
 * Pure: the caller hands in the entries (`lib/fs/tool_files.ts` reads them).
 *
 * - One name per line, joined by LF, no trailing newline; an empty directory gives `""`.
 * - The order of the directory as the system returns it (`readdir` order, as `ls -f` shows
 *   it): **not sorted**.
 * - Hidden files (`.env`, `.git`) are listed; directories and links are **not marked**
 *   (no `/`), and nothing is recursed into.
 * - An entry the caller hides (Claude Code hides what a Read deny rule covers) is skipped.
 * - At most 1000 names, from at most the first 10000 entries; when entries are left
 *   unexamined, a last line `… and N more entries` (U+2026) counts them.
 *
 * @module
 */

/** Claude Code's listing limits. */
export const LIST_LIMITS = {
  /** Names shown at most. */
  maxEntries: 1000,
  /** Entries examined at most (hidden ones count here, not in `maxEntries`). */
  maxExamined: 10000,
} as const;

/** The entries of a directory as the edge read them. */
export interface DirListing {
  /** The first entries, in the order the system returned them (at least the first 10000). */
  entries: readonly { readonly name: string }[];
  /** How many entries the directory has; `entries.length` when left out. */
  total?: number;
}

/** Limits and what to hide; Claude Code's limits by default. */
export interface ListFilesOptions {
  /** Names shown at most: 1000. */
  maxEntries?: number;
  /** Entries examined at most: 10000. */
  maxExamined?: number;
  /** True for a name that must not be listed (a Read deny rule covers `dir/name`). */
  hides?: (name: string) => boolean;
}

/** The listing and what it left out. */
export interface ListFilesResult {
  /** The names, one per line, then the `… and N more entries` line when entries were left. */
  text: string;
  /** The names listed. */
  names: string[];
  /** Entries examined and skipped because `hides` said so. */
  hidden: number;
  /** Entries not examined (the N of the last line; 0 without one). */
  omitted: number;
}

/**
 * Claude Code's last line when entries are left unexamined.
 *
 * @param count how many entries were not examined
 * @returns the line
 */
export function moreEntriesLine(count: number): string {
  return `\u2026 and ${count} more entries`;
}

/**
 * The listing text of a directory (see the module doc for the rules).
 *
 * @param listing the entries in system order, and their total
 * @param options limits and the hiding rule
 * @returns the text, the names listed, and the counts left out
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listFilesForTool } from "./list_files.ts";
 *
 * const entries = [{ name: "b.txt" }, { name: ".env" }, { name: "src" }];
 * assert.equal(listFilesForTool({ entries }).text, "b.txt\n.env\nsrc");
 * assert.deepEqual(
 *   listFilesForTool({ entries, total: 5 }, { maxExamined: 2, hides: (n) => n === ".env" }),
 *   { text: "b.txt\n\u2026 and 3 more entries", names: ["b.txt"], hidden: 1, omitted: 3 },
 * );
 * ```
 */
export function listFilesForTool(
  listing: DirListing,
  options: ListFilesOptions = {},
): ListFilesResult {
  const maxEntries = options.maxEntries ?? LIST_LIMITS.maxEntries;
  const maxExamined = options.maxExamined ?? LIST_LIMITS.maxExamined;
  const total = Math.max(listing.total ?? listing.entries.length, listing.entries.length);
  const names: string[] = [];
  let examined = 0;
  let hidden = 0;
  const end = Math.min(total, maxExamined);
  while (examined < end && names.length < maxEntries) {
    const entry = listing.entries[examined++];
    // An entry the edge did not keep cannot be checked, so it is not shown (as Claude Code).
    if (entry === undefined || options.hides?.(entry.name) === true) hidden++;
    else names.push(entry.name);
  }
  const omitted = total - examined;
  const lines = omitted > 0 ? [...names, moreEntriesLine(omitted)] : names;
  return { text: lines.join("\n"), names, hidden, omitted };
}
