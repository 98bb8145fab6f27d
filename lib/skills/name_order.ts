/**
 * The order Claude Code sorts names and paths in: JavaScript's `localeCompare` (ICU's root
 * collation: `_` before `-` before `.`, `p.q` before `Sp ace`, a prefix first), in a fixed
 * locale so that the user's does not change it. `Intl.Collator` is slow for thousands of
 * names, so names made of lowercase letters, digits and `_ - : . /` (nearly all) are compared
 * by a translation that keeps the collator's order; `tests/skills/name_order_test.ts` holds
 * the two against each other. Pure.
 *
 * @module
 */

const COLLATOR = new Intl.Collator("en");
const FAST = /^[a-z0-9_\-:./]*$/;
/** The collator's order of the punctuation the fast path allows, below digits and letters. */
const RANK: Record<string, string> = {
  "_": "\x01",
  "-": "\x02",
  ":": "\x03",
  ".": "\x04",
  "/": "\x05",
};
const translate = (s: string) => s.replace(/[_\-:./]/g, (c) => RANK[c]!);

/**
 * Compares two names in Claude Code's order.
 *
 * @param a a name
 * @param b another
 * @returns negative, zero or positive, as for `Array.prototype.sort`
 */
export function compareNames(a: string, b: string): number {
  if (FAST.test(a) && FAST.test(b)) {
    const x = translate(a), y = translate(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return COLLATOR.compare(a, b);
}

/**
 * Sorts items by a name each, in Claude Code's order ({@link compareNames}), translating each
 * name once.
 *
 * @param items the items
 * @param nameOf an item's name
 * @returns the items, sorted (a new array)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sortByName } from "./name_order.ts";
 *
 * assert.deepEqual(sortByName(["b.md", "a-b.md", "a.md"], (s) => s), ["a-b.md", "a.md", "b.md"]);
 * ```
 */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, name: nameOf(item) }));
  if (keyed.every((k) => FAST.test(k.name))) {
    const fast = keyed.map((k) => ({ item: k.item, key: translate(k.name) }));
    fast.sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
    return fast.map((k) => k.item);
  }
  return keyed.sort((a, b) => COLLATOR.compare(a.name, b.name)).map((k) => k.item);
}
