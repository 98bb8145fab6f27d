/**
 * The line and column of a plugin's or a marketplace's finding: each JSON file a problem names
 * by a place (`at`: keys and indices from the top) read once more with `jsonc-parser`, which
 * gives every value's offset; a file that is not JSON gives the place where it stops being
 * JSON. The file-system edge of `lint`'s places; the package is loaded by the caller.
 *
 * @module
 */

import type { Jsonc } from "../deps/lint.ts";
import { type JsonPositions, jsonPositions, type Position } from "../settings/json_positions.ts";

/** Finds places in JSON files. */
export type JsonPlacer = (
  file: string,
  at: { path: readonly (string | number)[]; key?: boolean },
) => Position | undefined;

/**
 * A placer over files read from disk (each read once).
 *
 * @param jsonc the `jsonc-parser` package
 * @param read reads a file's text (undefined when it cannot be read)
 * @returns the placer
 */
export function jsonPlacer(
  jsonc: Jsonc,
  read: (file: string) => string | undefined = readText,
): JsonPlacer {
  const files = new Map<string, JsonPositions | undefined>();
  return (file, at) => {
    if (!files.has(file)) {
      const text = read(file);
      files.set(file, text === undefined ? undefined : jsonPositions(text, jsonc));
    }
    const positions = files.get(file);
    if (positions === undefined) return undefined;
    if (positions.error !== undefined) return positions.error.position;
    // A place not in the file (a value Claude Code defaults) falls back to its parent's.
    for (let n = at.path.length; n >= 0; n--) {
      const path = at.path.slice(0, n);
      const p = at.key && n === at.path.length ? positions.key(path) : positions.value(path);
      if (p !== undefined) return p;
    }
    return undefined;
  };
}

function readText(file: string): string | undefined {
  try {
    return Deno.readTextFileSync(file);
  } catch {
    return undefined;
  }
}
