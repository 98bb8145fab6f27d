/**
 * The disk side of file attachments: kinds and real paths from the file system, files read
 * and formatted as read_file returns them, directories listed as list_files lists them.
 *
 * @module
 */

import { posix } from "../path.ts";
import { listForTool, readForTool } from "../fs/tool_files.ts";
import { readFileForTool } from "../tools/read_file.ts";
import { listFilesForTool } from "../tools/list_files.ts";
import type { FileAttacher } from "./attachments.ts";

/**
 * The disk attacher.
 *
 * @param realPath the real-path lookup the policy uses
 * @returns the attacher
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
