/**
 * The read state of a run (the spec's `FileTools::ReadState`, ADR 0023): which files the model
 * has seen, whole with their bytes or only in part, so that a write can be refused unless the
 * file was read whole and has not changed since. Files attached by `@path` count as read.
 *
 * Immutable: `recordRead` returns a new state. Paths are keys as given; pass real absolute
 * paths (the attachment's `path`). A later record of a path replaces the earlier one.
 *
 * The refusal texts are Claude Code's (2.1.332). Claude Code itself also refuses a write to a
 * file it has not seen read only on a guess of its own (the oracle saw a Write to an unread file
 * succeed); skald keeps the plain rule: read whole and unchanged, or a new file.
 *
 * @module
 */

/** How a file was read. */
export type ReadRecord =
  /** Read whole: these are the bytes the model saw. */
  | { kind: "whole"; bytes: Uint8Array }
  /** Only part of it (a file cut to its first lines). */
  | { kind: "partial" };

/** The files read in a run. */
export interface ReadState {
  /** Each file read, by real absolute path. */
  readonly files: ReadonlyMap<string, ReadRecord>;
}

/** Why a write is allowed or refused. */
export type WriteCheck =
  | { kind: "allow"; why: "new_file" | "read_whole_unchanged" }
  | { kind: "refuse"; code: "not_read" | "partial" | "changed"; message: string };

/** Claude Code's refusal of a write to a file not read (or read only in part), verbatim. */
export const NOT_READ_MESSAGE = "File has not been read yet. Read it first before writing to it.";

/** Claude Code's refusal of a write to a file changed since it was read, verbatim. */
export const CHANGED_MESSAGE: string =
  "File has been modified since read, either by the user or by a " +
  "linter. Read it again before attempting to write it.";

/**
 * A read state with nothing read (a run begins with one).
 *
 * @returns the empty state
 */
export function emptyReadState(): ReadState {
  return { files: new Map() };
}

/**
 * The state with one more file read. Record a file the model wrote as read whole with the
 * bytes written: it has seen them.
 *
 * @param state the state so far
 * @param path the file's real absolute path
 * @param record whole with its bytes, or partial
 * @returns the new state
 */
export function recordRead(state: ReadState, path: string, record: ReadRecord): ReadState {
  const files = new Map(state.files);
  // A copy: bytes the caller changes later must not change what was read.
  files.set(
    path,
    record.kind === "whole" ? { kind: "whole", bytes: record.bytes.slice() } : record,
  );
  return { files };
}

/**
 * Whether a file was read at all, whole or in part.
 *
 * @param state the state
 * @param path the file's real absolute path
 * @returns true when there is a record for it
 */
export function wasRead(state: ReadState, path: string): boolean {
  return state.files.has(path);
}

/**
 * Whether a write to a path is allowed: to a file that does not exist, or to one read whole
 * whose bytes are still those read.
 *
 * @param state the state
 * @param path the file's real absolute path
 * @param current the file's bytes now; undefined when it does not exist
 * @returns allow with the reason, or refuse with a code and Claude Code's message
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkWrite, emptyReadState, recordRead } from "./read_state.ts";
 *
 * const bytes = new TextEncoder().encode("x");
 * const state = recordRead(emptyReadState(), "/p/a.txt", { kind: "whole", bytes });
 * assert.deepEqual(checkWrite(state, "/p/a.txt", bytes), {
 *   kind: "allow",
 *   why: "read_whole_unchanged",
 * });
 * assert.equal(checkWrite(state, "/p/a.txt", new TextEncoder().encode("y")).kind, "refuse");
 * assert.equal(checkWrite(emptyReadState(), "/p/b.txt", bytes).kind, "refuse");
 * assert.deepEqual(checkWrite(emptyReadState(), "/p/new.txt", undefined), {
 *   kind: "allow",
 *   why: "new_file",
 * });
 * ```
 */
export function checkWrite(
  state: ReadState,
  path: string,
  current: Uint8Array | undefined,
): WriteCheck {
  if (current === undefined) return { kind: "allow", why: "new_file" };
  const record = state.files.get(path);
  if (record === undefined) return { kind: "refuse", code: "not_read", message: NOT_READ_MESSAGE };
  switch (record.kind) {
    case "partial":
      return { kind: "refuse", code: "partial", message: NOT_READ_MESSAGE };
    case "whole":
      return sameBytes(record.bytes, current)
        ? { kind: "allow", why: "read_whole_unchanged" }
        : { kind: "refuse", code: "changed", message: CHANGED_MESSAGE };
    default: {
      const never: never = record;
      throw new Error(`Unknown read record ${JSON.stringify(never)}`);
    }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
