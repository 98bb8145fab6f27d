/**
 * Text chunks split into lines, as they come: a transcript is read without holding it whole.
 * Pure.
 *
 * @module
 */

/**
 * The lines of a text that comes in chunks, without their `\n` (a last line without one is a
 * line too). A line split over many chunks is joined once, so a long line costs its length.
 *
 * @param chunks the text, in order
 * @returns the lines
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linesOf } from "./_lines.ts";
 *
 * const lines = [];
 * for await (const l of linesOf(["a\nb", "c\n", "\nd"])) lines.push(l);
 * assert.deepEqual(lines, ["a", "bc", "", "d"]);
 * ```
 */
export async function* linesOf(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string> {
  let parts: string[] = [];
  for await (const text of chunks) {
    let nl = text.indexOf("\n");
    if (nl === -1) {
      if (text !== "") parts.push(text);
      continue;
    }
    parts.push(text.slice(0, nl));
    yield parts.length === 1 ? parts[0]! : parts.join("");
    parts = [];
    let start = nl + 1;
    while ((nl = text.indexOf("\n", start)) !== -1) {
      yield text.slice(start, nl);
      start = nl + 1;
    }
    if (start < text.length) parts.push(text.slice(start));
  }
  if (parts.length > 0) yield parts.join("");
}
