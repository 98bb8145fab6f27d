/**
 * The catalogue's file-system edge: directories listed and file heads read with Deno's sync
 * APIs (10,000 small files read faster without a promise each).
 *
 * @module
 */

import { posix } from "../path.ts";
import type { DirEntry, FileHead, ReadError, SkillReader } from "../skills/reader.ts";
import { realPathOnDisk } from "./real_path.ts";
import { readAllSync } from "./read_all.ts";

const STRICT = new TextDecoder("utf-8", { fatal: true });

/**
 * The buffer a file's first bytes are read into: one allocation for every file, and big enough
 * that a typical skill file is read in one call and its size known without a stat. It holds no
 * state between calls: every read opens the file again, so a changed file is read as it is now.
 */
const HEAD = new Uint8Array(16 * 1024 + 1);

/** Bytes cut at a limit, without a UTF-8 sequence the cut split. */
function wholeCharacters(data: Uint8Array): Uint8Array {
  let i = data.length - 1;
  while (i >= 0 && i >= data.length - 4 && (data[i]! & 0xc0) === 0x80) i--;
  if (i < 0 || data[i]! < 0xc0) return data;
  const need = data[i]! >= 0xf0 ? 4 : data[i]! >= 0xe0 ? 3 : 2;
  return data.length - i < need ? data.subarray(0, i) : data;
}

/**
 * Up to `max` bytes of an open file: the first ones into {@link HEAD}, the rest (when `max`
 * asks for more than it holds) read on from there; `size` when the whole file fitted.
 */
function readHead(f: Deno.FsFile, max: number): { data: Uint8Array; size?: number } {
  const n = f.readSync(HEAD) ?? 0;
  if (n < HEAD.length) return { data: HEAD.subarray(0, Math.min(max, n)), size: n };
  if (max <= n) return { data: HEAD.subarray(0, max) };
  const rest = readAllSync(f, max - n);
  const data = new Uint8Array(n + rest.length);
  data.set(HEAD);
  data.set(rest, n);
  return { data };
}

function message(e: unknown): string {
  if (e instanceof Deno.errors.PermissionDenied) return "Permission denied";
  if (e instanceof Deno.errors.IsADirectory) return "A directory stands where a file is expected";
  if (e instanceof Error) return e.message.replace(/ \(os error \d+\).*$/, "");
  return String(e);
}

/**
 * The disk reader: lists directories (links followed), reads file heads through one shared
 * buffer, decodes UTF-8 (invalid bytes as U+FFFD, flagged), and follows real paths with
 * {@link realPathOnDisk}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "npm:yaml@2.9.1";
 * import { diskSkillReader } from "./skill_reader.ts";
 * import { Catalogue } from "../skills/catalogue.ts";
 *
 * const dir = await Deno.makeTempDir();
 * try {
 *   await Deno.mkdir(`${dir}/review`);
 *   await Deno.writeTextFile(`${dir}/review/SKILL.md`, "---\ndescription: Review\n---\nBody\n");
 *   assert.deepEqual(diskSkillReader.list(dir), [
 *     { name: "review", isDirectory: true, isFile: false },
 *   ]);
 *   assert.deepEqual(diskSkillReader.read(`${dir}/review/SKILL.md`, 8), {
 *     text: "---\ndesc",
 *     truncated: true,
 *     size: 33,
 *   });
 *   assert.equal(diskSkillReader.list(`${dir}/nothing`), undefined);
 *
 *   const catalogue = new Catalogue({
 *     roots: [{ dir, source: "skills", layout: "skills" }],
 *     reader: diskSkillReader,
 *     yaml: parse,
 *   });
 *   assert.equal(catalogue.find("review")?.description, "Review");
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export const diskSkillReader: SkillReader = {
  list(dir: string): DirEntry[] | { error: string } | undefined {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
        return undefined;
      }
      return { error: `Cannot list the directory: ${message(e)}` };
    }
    return entries.map((e) => {
      if (!e.isSymlink) return { name: e.name, isDirectory: e.isDirectory, isFile: e.isFile };
      try {
        const s = Deno.statSync(posix.join(dir, e.name));
        return { name: e.name, isDirectory: s.isDirectory, isFile: s.isFile };
      } catch {
        return { name: e.name, isDirectory: false, isFile: false };
      }
    });
  },

  read(file: string, limit: number): FileHead | ReadError {
    // Only `limit` bytes are decoded (a catalogue needs the frontmatter and the first body
    // line), one more is read to tell whether the file goes on.
    let head: { data: Uint8Array; size?: number };
    try {
      using f = Deno.openSync(file);
      head = readHead(f, limit + 1);
    } catch (e) {
      // A path through a file (`one.md/SKILL.md`) names nothing either.
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
        return { error: "The file does not exist", missing: true };
      }
      return { error: `Cannot read the file: ${message(e)}` };
    }
    let data = head.data;
    const truncated = data.length > limit;
    if (truncated) data = wholeCharacters(data.subarray(0, limit));
    const size = head.size;
    try {
      return { text: STRICT.decode(data), truncated, size };
    } catch {
      return { text: new TextDecoder("utf-8").decode(data), truncated, size, invalidUtf8: true };
    }
  },

  size(file: string): number | undefined {
    try {
      return Deno.statSync(file).size;
    } catch {
      return undefined;
    }
  },

  realPath: realPathOnDisk,
};
