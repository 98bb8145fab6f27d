/**
 * The disk side of file attachments: kinds and real paths from the file system, files read
 * and formatted as read_file returns them, directories listed as list_files lists them.
 *
 * @module
 */

import { posix } from "../path.ts";
import { listForTool, readForTool } from "./tool_files.ts";
import { readFileForTool } from "../tools/read_file.ts";
import { listFilesForTool } from "../tools/list_files.ts";
import type { FileAttacher } from "../render/attachments.ts";

/**
 * The disk attacher: kinds from `stat` (links followed), files read and shaped as read_file
 * returns them (a file cut at the token cap is attached in part, with its note; an image, a
 * PDF, a binary or too large a file is refused), directories listed as list_files lists them.
 *
 * @param realPath the real-path lookup the policy uses
 * @returns the attacher
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diskAttacher } from "./disk_attacher.ts";
 * import { realPathOnDisk } from "./real_path.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.writeTextFile(`${dir}/a.txt`, "hello\n");
 *   await Deno.writeTextFile(`${dir}/logo.png`, "");
 *   const files = diskAttacher(realPathOnDisk);
 *   assert.equal(files.kind(`${dir}/a.txt`), "file");
 *   assert.equal(files.kind(`${dir}/missing`), undefined);
 *   const read = await files.readFile(`${dir}/a.txt`);
 *   assert.ok("text" in read && read.text === "1\thello\n2\t" && !read.partial);
 *   assert.ok("refused" in await files.readFile(`${dir}/logo.png`));
 *   const listed = await files.listDir(dir, (p) => p.endsWith(".png"));
 *   assert.deepEqual(listed, { text: "a.txt" });
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function diskAttacher(realPath: (path: string) => string): FileAttacher {
  return {
    kind(path) {
      try {
        const s = Deno.statSync(path);
        return s.isFile ? "file" : s.isDirectory ? "directory" : undefined;
      } catch {
        return undefined;
      }
    },
    realPath,
    async readFile(path) {
      const content = await readForTool(path);
      if ("error" in content) return { refused: content.error };
      const r = readFileForTool(content, { toolName: "read_file" });
      switch (r.kind) {
        case "text":
          return r.partial
            ? { text: `${r.text}\n\n${r.note}`, partial: true }
            : { text: r.text, bytes: content.bytes, partial: false };
        case "empty":
          return { text: r.text, bytes: content.bytes, partial: false };
        default:
          return { refused: r.reason };
      }
    },
    async listDir(path, hides) {
      const listing = await listForTool(path);
      if ("error" in listing) return { refused: listing.error };
      const r = listFilesForTool(listing, { hides: (name) => hides(posix.join(path, name)) });
      return { text: r.text };
    },
  };
}
