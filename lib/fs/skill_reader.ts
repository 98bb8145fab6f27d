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

/** The shared buffer heads are read into (one allocation instead of one per file). */
const HEAD = new Uint8Array(16 * 1024 + 1);

/** Bytes cut at a limit, without a UTF-8 sequence the cut split. */
function wholeCharacters(data: Uint8Array): Uint8Array {
  let i = data.length - 1;
  while (i >= 0 && i >= data.length - 4 && (data[i]! & 0xc0) === 0x80) i--;
  if (i < 0 || data[i]! < 0xc0) return data;
  const need = data[i]! >= 0xf0 ? 4 : data[i]! >= 0xe0 ? 3 : 2;
  return data.length - i < need ? data.subarray(0, i) : data;
}

/** The file whose head the buffer holds, and how many bytes of it. */
const last = { file: "", size: 0 };

/** Up to `max` bytes of a file. */
function readAll(file: string, max: number): Uint8Array {
  using f = Deno.openSync(file, { read: true });
  return readAllSync(f, max);
}

function message(e: unknown): string {
  if (e instanceof Deno.errors.PermissionDenied) return "Permission denied";
  if (e instanceof Deno.errors.IsADirectory) return "A directory stands where a file is expected";
  if (e instanceof Error) return e.message.replace(/ \(os error \d+\).*$/, "");
  return String(e);
}

/**
 * The disk reader: lists directories (links followed), reads file heads into one shared
 * buffer (a second read of the same file is answered from it), decodes UTF-8 (invalid bytes
 * as U+FFFD, flagged), and follows real paths with {@link realPathOnDisk}.
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
    // The first 16 KiB of a skill file go into one shared buffer and only `limit` bytes of
    // them are decoded: a catalogue needs the frontmatter and the first body line. Asked
    // again for the same file (a longer frontmatter), the buffer answers without a read.
    if (file !== last.file) {
      let f: Deno.FsFile;
      try {
        f = Deno.openSync(file);
      } catch (e) {
        last.file = "";
        if (e instanceof Deno.errors.NotFound) {
          return { error: "The file does not exist", missing: true };
        }
        return { error: `Cannot read the file: ${message(e)}` };
      }
      try {
        last.size = f.readSync(HEAD) ?? 0;
        last.file = file;
      } catch (e) {
        last.file = "";
        return { error: `Cannot read the file: ${message(e)}` };
      } finally {
        f.close();
      }
    }
    let data: Uint8Array;
    if (limit < last.size || last.size < HEAD.length) {
      data = HEAD.subarray(0, Math.min(limit + 1, last.size));
    } else {
      try {
        data = readAll(file, limit + 1);
      } catch (e) {
        return { error: `Cannot read the file: ${message(e)}` };
      }
    }
    const truncated = data.length > limit;
    if (truncated) data = wholeCharacters(data.subarray(0, limit));
    const size = last.file === file && last.size < HEAD.length ? last.size : undefined;
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
