/**
 * Step 3 of a render, the attaching half: each file reference that names an existing file or
 * directory inside the root or an additional directory, and that no deny or ask rule for
 * reading hides, attached as the read_file or list_files tool returns it, in the spec's pair
 * of `<system-reminder>` blocks. How files are read is an interface (`FileAttacher`); the
 * disk one is `lib/fs/tool_files.ts`.
 *
 * @module
 */

/** What a render needs from the file system to attach files. */
export interface FileAttacher {
  /** The kind of an absolute path, or undefined when nothing is there. */
  kind(path: string): "file" | "directory" | undefined;
  /** The real path (symbolic links followed). */
  realPath(path: string): string;
  /** A file as read_file returns it, or why it is not attached (image, PDF, unreadable). */
  readFile(
    path: string,
  ): Promise<{ text: string; bytes?: Uint8Array; partial: boolean } | { refused: string }>;
  /**
   * A directory as list_files lists it, or why it is not.
   *
   * @param path the directory
   * @param hides whether a rule hides an entry (by absolute path) from reading: left out
   */
  listDir(
    path: string,
    hides: (path: string) => boolean,
  ): Promise<{ text: string } | { refused: string }>;
}

/** A file or directory a render attached (the spec's `files_read`). */
export interface FileRead {
  /** The real path. */
  path: string;
  /** A file (read_file) or a directory (list_files). */
  kind: "file" | "directory";
  /** A file attached whole: its bytes (for read-before-write). */
  bytes?: Uint8Array;
  /** A file attached in part (cut at the read_file caps). */
  partial?: boolean;
}

/**
 * The pair of blocks an attachment is, with the engine's tool names.
 *
 * @param tool `read_file` or `list_files`
 * @param path the real path
 * @param result what the tool returned
 * @returns the two `<system-reminder>` blocks
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { attachmentText } from "./attachments.ts";
 *
 * assert.equal(
 *   attachmentText("list_files", "/proj/src", "app.ts\nutil.ts"),
 *   [
 *     "<system-reminder>",
 *     'Called the list_files tool with the following input: {"path":"/proj/src"}',
 *     "</system-reminder>",
 *     "<system-reminder>",
 *     "Result of calling the list_files tool:",
 *     "app.ts",
 *     "util.ts",
 *     "</system-reminder>",
 *   ].join("\n"),
 * );
 * ```
 */
export function attachmentText(
  tool: "read_file" | "list_files",
  path: string,
  result: string,
): string {
  return [
    "<system-reminder>",
    `Called the ${tool} tool with the following input: ${JSON.stringify({ path })}`,
    "</system-reminder>",
    "<system-reminder>",
    `Result of calling the ${tool} tool:`,
    result,
    "</system-reminder>",
  ].join("\n");
}
