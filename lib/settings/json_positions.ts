/**
 * Where a value of a JSON document stands: the line and column of the value at a path, or of
 * the key that names it, and of a parse error. Built on `jsonc-parser`'s syntax tree (passed in:
 * only `lint` and `doctor` load it). Pure.
 *
 * @module
 */

import type { Jsonc } from "../deps/lint.ts";

/** A place in a file: both 1-based. */
export interface Position {
  line: number;
  column: number;
}

/** A JSON document's places. */
export interface JsonPositions {
  /** The value at the path (object keys and array indices), or undefined. */
  value(path: readonly (string | number)[]): Position | undefined;
  /** The key naming the value at the path (for an array item: the item), or undefined. */
  key(path: readonly (string | number)[]): Position | undefined;
  /** The first syntax error, when the text is not JSON. */
  error?: { position: Position; message: string };
}

/**
 * The place of an offset in a text.
 *
 * @param text the text
 * @returns a function from offset to line and column
 */
export function lineColumn(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/**
 * Reads the places of a JSON text (a leading byte-order mark is skipped, columns unchanged).
 *
 * @param text the file's text
 * @param jsonc the `jsonc-parser` package
 * @returns the places
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as jsonc from "npm:jsonc-parser@3.3.1";
 * import { jsonPositions } from "./json_positions.ts";
 *
 * const at = jsonPositions('{\n  "permissions": {"deny": ["Bash(rm:*)"]}\n}\n', jsonc);
 * assert.deepEqual(at.value(["permissions", "deny", 0]), { line: 2, column: 28 });
 * assert.deepEqual(at.key(["permissions"]), { line: 2, column: 3 });
 * assert.equal(jsonPositions("{,}", jsonc).error?.position.column, 2);
 * ```
 */
export function jsonPositions(text: string, jsonc: Jsonc): JsonPositions {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = text.slice(bom);
  const place = lineColumn(body);
  const errors: { error: number; offset: number; length: number }[] = [];
  const tree = jsonc.parseTree(body, errors, { allowTrailingComma: false, disallowComments: true });
  const find = (path: readonly (string | number)[]) =>
    tree === undefined ? undefined : jsonc.findNodeAtLocation(tree, [...path]);
  const out: JsonPositions = {
    value: (path) => {
      const node = find(path);
      return node === undefined ? undefined : place(node.offset);
    },
    key: (path) => {
      const node = find(path);
      if (node === undefined) return undefined;
      const parent = node.parent;
      const keyNode = parent?.type === "property" ? parent.children?.[0] : node;
      return place((keyNode ?? node).offset);
    },
  };
  const first = errors[0];
  if (first !== undefined) {
    out.error = {
      position: place(first.offset),
      message: jsonc.printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase(),
    };
  }
  return out;
}
