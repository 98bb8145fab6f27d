/**
 * Pass 4 of a render, the file references: `@path` found in the body's text and the inserted
 * arguments, never in command output, and attached after the text in the read_file and
 * list_files formats, where the policy's own test of "inside a working directory" passes and
 * no rule for reading hides them.
 *
 * @module
 */

import { posix } from "../path.ts";
import { pathContext } from "../permissions/paths.ts";
import type { Policy } from "../permissions/policy.ts";
import { workingDirs } from "../permissions/working_dirs.ts";
import { attachmentText, type FileAttacher, type FileRead } from "./attachments.ts";
import { findFileRefs, type SourcedPiece } from "./file_refs.ts";

/** What the attach pass is given: the renderer's options it uses. */
export interface AttachPassOptions {
  /** The project root: `@path` is relative to it. */
  root: string;
  /** The session's policy: its directories, home and read rules. */
  policy?: Policy;
  /** Directories besides the root that `@path` may reach; default the policy's. */
  extraRoots?: string[] | (() => string[]);
  /** Reads files for attachments. */
  files: FileAttacher;
}

/**
 * Pass 4: the file references of the body's text and the inserted arguments (never of command
 * output), attached when they lie in a working directory and no deny or ask rule for reading
 * hides them; each recorded in `result.filesRead`.
 *
 * @param pieces the rendered text, each piece marked when it is command output
 * @param result where the files read go
 * @param options the root, the policy, the extra roots and file access
 * @returns the attachments' texts, in order
 */
export async function attachPass(
  pieces: SourcedPiece[],
  result: { filesRead: FileRead[] },
  options: AttachPassOptions,
): Promise<string[]> {
  const { root, files, policy } = options;
  const resolve = (p: string) => posix.resolve(root, p);
  // One `kind` per path: the finder's existence test and the attaching share it.
  const kinds = new Map<string, "file" | "directory" | undefined>();
  const kindOf = (abs: string) => {
    if (!kinds.has(abs)) kinds.set(abs, files.kind(abs));
    return kinds.get(abs);
  };
  const refs = findFileRefs(pieces, (p) => kindOf(resolve(p)) !== undefined);
  if (refs.length === 0) return [];
  const extra = typeof options.extraRoots === "function"
    ? options.extraRoots()
    : options.extraRoots ?? policy?.additionalDirectories ?? [];
  // The policy's own test of "inside a working directory" (the path and its real form), on
  // the renderer's root; without a policy `~` has no home and stands for the root.
  const ctx = pathContext({ root, home: policy?.ctx.home ?? root, realPath: files.realPath });
  const dirs = workingDirs(ctx, extra);
  const out: string[] = [];
  for (const ref of refs) {
    const abs = resolve(ref);
    const kind = kindOf(abs);
    if (kind === undefined || !dirs.contains(abs) || policy?.hidesRead(abs) !== undefined) {
      continue;
    }
    const real = files.realPath(abs);
    if (result.filesRead.some((f) => f.path === real)) continue;
    if (kind === "directory") {
      const hides = (p: string) => policy?.hidesRead(p) !== undefined;
      const listed = await files.listDir(abs, hides);
      if ("refused" in listed) continue;
      out.push(attachmentText("list_files", real, listed.text));
      result.filesRead.push({ path: real, kind });
    } else {
      const read = await files.readFile(abs);
      if ("refused" in read) continue;
      out.push(attachmentText("read_file", real, read.text));
      result.filesRead.push(
        read.partial
          ? { path: real, kind, partial: true }
          : { path: real, kind, bytes: read.bytes },
      );
    }
  }
  return out;
}
