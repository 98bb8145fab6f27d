/**
 * Reading a file or a stream whole, up to a bound.
 *
 * @module
 */

/** What can be read synchronously: a file, standard input. */
export interface SyncReader {
  /** Reads into the buffer; the count read, or null at the end. */
  readSync(buffer: Uint8Array): number | null;
}

/** What can be read: a file, standard input. */
export interface Reader {
  /** Reads into the buffer; the count read, or null at the end. */
  read(buffer: Uint8Array): Promise<number | null>;
}

/** The most read at once: a hook's input is a few hundred bytes, a larger chunk is zeroed for nothing. */
const CHUNK = 64 * 1024;

/**
 * Reads until the end or `max` bytes, synchronously.
 *
 * @param reader a file or standard input
 * @param max the most bytes to read
 * @returns the bytes read
 */
export function readAllSync(reader: SyncReader, max: number = Infinity): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const chunk = new Uint8Array(Math.min(max - size, CHUNK));
    const n = reader.readSync(chunk);
    if (n === null) break;
    chunks.push(chunk.subarray(0, n));
    size += n;
  }
  return concat(chunks, size);
}

/**
 * Reads until the end or `max` bytes (plain reads: a web stream costs milliseconds to set up).
 *
 * @param reader a file or standard input
 * @param max the most bytes to read
 * @returns the bytes read
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAll } from "./read_all.ts";
 *
 * const parts = ["hel", "lo"].map((t) => new TextEncoder().encode(t));
 * const reader = {
 *   read(b: Uint8Array) {
 *     const part = parts.shift();
 *     if (part === undefined) return Promise.resolve(null);
 *     b.set(part);
 *     return Promise.resolve(part.length);
 *   },
 * };
 * assert.equal(new TextDecoder().decode(await readAll(reader)), "hello");
 * ```
 */
export async function readAll(reader: Reader, max: number = Infinity): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const chunk = new Uint8Array(Math.min(max - size, CHUNK));
    const n = await reader.read(chunk);
    if (n === null) break;
    chunks.push(chunk.subarray(0, n));
    size += n;
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
