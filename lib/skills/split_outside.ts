/**
 * Splitting a frontmatter list written as one string (`allowed-tools`, `paths:`), where a
 * separator inside brackets belongs to the item (`Bash(echo a,b)`, `src/{a,b}/*.ts`). Pure.
 *
 * @module
 */

/**
 * The items of a list, split at separators outside the brackets; empty items left out.
 *
 * @param text the list
 * @param open the opening bracket
 * @param close the closing bracket
 * @param isSeparator true for a character that separates items
 * @returns the items, as written
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitOutside } from "./split_outside.ts";
 *
 * assert.deepEqual(splitOutside("a(b,c),,d", "(", ")", (c) => c === ","), ["a(b,c)", "d"]);
 * ```
 */
export function splitOutside(
  text: string,
  open: string,
  close: string,
  isSeparator: (c: string) => boolean,
): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of text) {
    if (c === open) depth++;
    else if (c === close && depth > 0) depth--;
    if (depth === 0 && isSeparator(c)) {
      if (current !== "") out.push(current);
      current = "";
    } else current += c;
  }
  if (current !== "") out.push(current);
  return out;
}
