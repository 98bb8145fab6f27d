/**
 * Reading a file or a stream whole, synchronously, up to a bound.
 *
 * @module
 */

/** What can be read synchronously: a file, standard input. */
export interface SyncReader {
  /** Reads into the buffer; the count read, or null at the end. */
  readSync(buffer: Uint8Array): number | null;
}

/**
 * Reads until the end or `max` bytes, in chunks of at most 64 KiB (a hook's input is a few
 * hundred bytes: a larger chunk is memory zeroed for nothing).
 *
 * @param reader a file or standard input
 * @param max the most bytes to read
 * @returns the bytes read
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAllSync } from "./read_all.ts";
 *
 * const data = new TextEncoder().encode("hello");
 * let at = 0;
 * const reader = {
 *   readSync(b: Uint8Array) {
 *     if (at === data.length) return null;
 *     b[0] = data[at++]!;
 *     return 1;
 *   },
 * };
 * assert.equal(new TextDecoder().decode(readAllSync(reader, 3)), "hel");
 * ```
 */
export function readAllSync(reader: SyncReader, max: number = Infinity): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const chunk = new Uint8Array(Math.min(max - size, 64 * 1024));
    const n = reader.readSync(chunk);
    if (n === null) break;
    chunks.push(chunk.subarray(0, n));
    size += n;
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
