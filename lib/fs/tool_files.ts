/**
 * The file-system edge of the read_file and list_files tools: a file's size and, when the
 * format shows it, its bytes; a directory's entries in system order. The shaping is pure
 * (`lib/tools/read_file.ts`, `lib/tools/list_files.ts`); this module only reads.
 *
 * @module
 */

import { type FileContent, fileKindOf, READ_LIMITS } from "../tools/read_file.ts";
import { type DirListing, LIST_LIMITS } from "../tools/list_files.ts";

/** Why a path could not be read. */
export type ToolFsErrorCode = "not_found" | "is_directory" | "not_directory" | "not_file" | "io";

/** A path that could not be read, as a value. */
export interface ToolFsError {
  /** What went wrong, for a program. */
  code: ToolFsErrorCode;
  /** What went wrong, for a person: `Cannot read "/p/x": it does not exist`. */
  error: string;
}

/** The kind of a directory entry (links not followed). */
export type EntryKind = "file" | "directory" | "symlink" | "other";

/** One entry of a directory. */
export interface ToolDirEntry {
  /** The entry's name in the directory. */
  name: string;
  /** What it is, a link not followed. */
  kind: EntryKind;
}

/** A directory's first entries and how many it has. */
export interface ToolDirListing extends DirListing {
  /** The first entries, in system order. */
  entries: ToolDirEntry[];
  /** How many entries the directory has. */
  total: number;
}

/**
 * A file for the read_file format: its size, and its bytes when the format shows them (a
 * text-kind file not over `maxSizeBytes`); an image, a PDF, a binary extension or a file over
 * the cap is not read at all. Links are followed; a directory, a device, a FIFO or a socket
 * is an error (a FIFO is never opened, so nothing blocks).
 *
 * @param path an absolute path
 * @param maxSizeBytes the size cap, Claude Code's 256 KB by default
 * @returns the file, or an error value
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readForTool } from "./tool_files.ts";
 * import { readFileForTool } from "../tools/read_file.ts";
 *
 * const dir = await Deno.makeTempDir();
 * try {
 *   await Deno.writeTextFile(`${dir}/a.txt`, "hello");
 *   const file = await readForTool(`${dir}/a.txt`);
 *   assert.ok(!("error" in file));
 *   assert.equal(file.size, 5);
 *   assert.equal(readFileForTool(file).kind, "text");
 *   assert.deepEqual(await readForTool(`${dir}/none`), {
 *     code: "not_found",
 *     error: `Cannot read "${dir}/none": it does not exist`,
 *   });
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export async function readForTool(
  path: string,
  maxSizeBytes: number = READ_LIMITS.maxSizeBytes,
): Promise<FileContent | ToolFsError> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch (e) {
    return fsError("read", path, e);
  }
  if (info.isDirectory) {
    return { code: "is_directory", error: `Cannot read "${path}": it is a directory` };
  }
  if (!info.isFile) {
    return {
      code: "not_file",
      error: `Cannot read "${path}": not a regular file (device, FIFO, or socket)`,
    };
  }
  if (fileKindOf(path) !== "text" || info.size > maxSizeBytes) {
    return { path, bytes: new Uint8Array(0), size: info.size };
  }
  try {
    // One byte past the cap tells a file that grew since the stat.
    using f = await Deno.open(path, { read: true });
    const bytes = await readUpTo(f, maxSizeBytes + 1, info.size);
    // The bytes read are the file now; past the cap, the stat may know more of its size.
    const size = bytes.length > maxSizeBytes ? Math.max(info.size, bytes.length) : bytes.length;
    return { path, bytes, size };
  } catch (e) {
    return fsError("read", path, e);
  }
}

/**
 * A directory's entries for the list_files format, in the order the system returns them
 * (not sorted, as Claude Code lists them): the first `keep` entries and the total count.
 *
 * @param dir an absolute path
 * @param keep how many entries to keep, Claude Code's 10000 examined by default
 * @returns the listing, or an error value
 */
export async function listForTool(
  dir: string,
  keep: number = LIST_LIMITS.maxExamined,
): Promise<ToolDirListing | ToolFsError> {
  const entries: ToolDirEntry[] = [];
  let total = 0;
  try {
    for await (const e of Deno.readDir(dir)) {
      if (total++ < keep) entries.push({ name: e.name, kind: entryKind(e) });
    }
  } catch (e) {
    return fsError("list", dir, e);
  }
  return { entries, total };
}

function entryKind(e: Deno.DirEntry): EntryKind {
  return e.isSymlink ? "symlink" : e.isDirectory ? "directory" : e.isFile ? "file" : "other";
}

/** Up to `max` bytes of a file. */
/**
 * Up to `max` bytes of an open file, into a buffer sized by the size the stat gave (one byte
 * more, to see the end), grown when the file grew since.
 *
 * @param file the open file
 * @param max the most bytes to read
 * @param expected the size the stat gave
 * @returns the bytes read
 */
export async function readUpTo(
  file: { read(p: Uint8Array): Promise<number | null> },
  max: number,
  expected: number,
): Promise<Uint8Array> {
  let out = new Uint8Array(Math.max(1, Math.min(max, expected + 1)));
  let size = 0;
  for (;;) {
    if (size === out.length) {
      if (out.length >= max) break;
      const grown = new Uint8Array(Math.min(max, out.length * 2));
      grown.set(out);
      out = grown;
    }
    const n = await file.read(out.subarray(size));
    if (n === null) break;
    size += n;
  }
  return out.subarray(0, size);
}

function fsError(verb: "read" | "list", path: string, e: unknown): ToolFsError {
  if (e instanceof Deno.errors.NotFound) {
    return { code: "not_found", error: `Cannot ${verb} "${path}": it does not exist` };
  }
  if (e instanceof Deno.errors.NotADirectory) {
    const what = verb === "list" ? "it is not a directory" : "a part of it is not a directory";
    return { code: "not_directory", error: `Cannot ${verb} "${path}": ${what}` };
  }
  const why = e instanceof Error ? e.message : String(e);
  return { code: "io", error: `Cannot ${verb} "${path}": ${why}` };
}
