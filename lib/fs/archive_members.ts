/**
 * What an archive or a patch file on disk holds, for the engine's view of what `tar -x`,
 * `unzip` and `patch` write (`PathEnv.archiveMembers`, `PathEnv.patchText`). A tar archive is
 * read as GNU tar reads it: plain (its headers only, by seeking), or gzip-compressed (node's
 * `gunzipSync`, every member of the stream, within a bound, when the caller loaded it: importing
 * `node:zlib` costs the hook ~60 ms at start, so it loads it only for a call that names tar);
 * bzip2, xz, zstd, lzip and compress are not read. A zip archive by its central directory. Only
 * a regular file is opened (a fifo would block the hook). Reads the disk.
 *
 * @module
 */

import type { ArchiveListing } from "../permissions/paths.ts";
import { type ReadAt, tarMembers } from "./tar_members.ts";
import { zipMembers } from "./zip_members.ts";

/** The most bytes of a gzip-compressed archive read. */
export const MAX_GZIP_BYTES = 16 * 2 ** 20;
/** The most bytes a gzip-compressed archive is read to. */
export const MAX_GUNZIP_BYTES = 64 * 2 ** 20;
/** The most bytes of a patch file read. */
export const MAX_PATCH_BYTES = 4 * 2 ** 20;

/** Decompresses a gzip stream (every member), to at most `max` bytes; throws past it. */
export type Gunzip = (bytes: Uint8Array, max: number) => Uint8Array;

/**
 * Node's `gunzipSync`, loaded on demand.
 *
 * @returns the decompressor
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gzipSync } from "node:zlib";
 * import { loadGunzip } from "./archive_members.ts";
 *
 * const gunzip = await loadGunzip();
 * assert.deepEqual([...gunzip(gzipSync(new Uint8Array([1, 2])), 16)], [1, 2]);
 * ```
 */
export async function loadGunzip(): Promise<Gunzip> {
  const { gunzipSync } = await import("node:zlib");
  return (bytes, max) => gunzipSync(bytes, { maxOutputLength: max });
}

/**
 * The members of an archive file.
 *
 * @param path an absolute path
 * @param format how the program reads it: `tar` (plain or gzip) or `zip`
 * @param gunzip the gzip decompressor (without it, a gzip-compressed tar is not read)
 * @returns the members; "missing" when no file is there; undefined when it cannot be read whole
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { archiveMembers } from "./archive_members.ts";
 *
 * assert.equal(archiveMembers("/nonexistent/x.tar", "tar"), "missing");
 * ```
 */
export function archiveMembers(
  path: string,
  format: "tar" | "zip",
  gunzip?: Gunzip,
): ArchiveListing | "missing" | undefined {
  const file = openFile(path);
  if (file === undefined || file === "missing") return file;
  try {
    const size = file.statSync().size;
    const read = windowed(file);
    if (format === "zip") return zipMembers(read, size);
    const head = read(0, 6) ?? new Uint8Array(0);
    if (head[0] === 0x1f && head[1] === 0x8b) {
      if (gunzip === undefined || size > MAX_GZIP_BYTES) return undefined;
      const bytes = read(0, size);
      if (bytes === undefined) return undefined;
      let plain: Uint8Array;
      try {
        plain = gunzip(bytes, MAX_GUNZIP_BYTES);
      } catch {
        return undefined;
      }
      return tarMembers((at, n) => plain.subarray(at, at + n), plain.length);
    }
    if (compressed(head)) return undefined;
    return tarMembers(read, size);
  } finally {
    file.close();
  }
}

/**
 * The text of a patch file.
 *
 * @param path an absolute path
 * @returns the text; "missing" when no file is there; undefined when it is not a regular file,
 *   too large, or not UTF-8
 */
export function patchText(path: string): string | "missing" | undefined {
  const file = openFile(path);
  if (file === undefined || file === "missing") return file;
  try {
    const size = file.statSync().size;
    if (size > MAX_PATCH_BYTES) return undefined;
    const bytes = readAt(file, 0, size);
    if (bytes === undefined) return undefined;
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  } finally {
    file.close();
  }
}

/** A regular file opened for reading; "missing" when nothing is there. */
function openFile(path: string): Deno.FsFile | "missing" | undefined {
  try {
    if (!Deno.statSync(path).isFile) return undefined;
    return Deno.openSync(path);
  } catch (e) {
    return e instanceof Deno.errors.NotFound ? "missing" : undefined;
  }
}

/**
 * Reads of a file through a window of {@link WINDOW} bytes: the headers of a tar archive of small
 * files are read a window at a time, not a seek and a read each.
 */
function windowed(file: Deno.FsFile): ReadAt {
  let start = 0;
  let window: Uint8Array = new Uint8Array(0);
  return (at, n) => {
    if (at >= start && at + n <= start + window.length) {
      return window.subarray(at - start, at - start + n);
    }
    if (n > WINDOW) return readAt(file, at, n);
    const got = readAt(file, at, WINDOW);
    if (got === undefined) return undefined;
    start = at;
    window = got;
    return window.subarray(0, Math.min(n, window.length));
  };
}

/** The bytes read at once by {@link windowed}. */
const WINDOW = 256 * 1024;

/** `n` bytes of a file at an offset (fewer at its end); undefined on an error. */
function readAt(file: Deno.FsFile, at: number, n: number): Uint8Array | undefined {
  try {
    file.seekSync(at, Deno.SeekMode.Start);
    const out = new Uint8Array(n);
    let got = 0;
    while (got < n) {
      const k = file.readSync(out.subarray(got));
      if (k === null) break;
      got += k;
    }
    return out.subarray(0, got);
  } catch {
    return undefined;
  }
}

/** The magic of a compression tar reads that is not read here (bzip2, xz, zstd, lzip, ...). */
function compressed(head: Uint8Array): boolean {
  const starts = (...b: number[]) => b.every((x, i) => head[i] === x);
  return starts(0x42, 0x5a, 0x68) || starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00) ||
    starts(0x28, 0xb5, 0x2f, 0xfd) || starts(0x4c, 0x5a, 0x49, 0x50) || starts(0x1f, 0x9d) ||
    starts(0x1f, 0xa0) || starts(0x5d, 0x00, 0x00) || starts(0x89, 0x4c, 0x5a, 0x4f);
}
