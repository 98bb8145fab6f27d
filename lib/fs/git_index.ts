/**
 * The paths git tracks in a working tree, read from its index file (`.git/index`, format
 * versions 2 to 4, as gitformat-index describes it), for the readers that read only those
 * (`git grep`). Read by hand: git itself is not run by the hook (a repository's configuration
 * can make git run programs, `core.fsmonitor`), and no npm package reads the index without a
 * whole git implementation. An index skald cannot read whole (a split index, another hash, a
 * truncated file, one too large) gives undefined: every file then counts. Reads the disk.
 *
 * @module
 */

import type { GitRepository } from "./git_dir.ts";

/** The most of an index file read (a repository of ~300,000 files). */
export const MAX_INDEX_BYTES = 32 * 2 ** 20;

/** The tracked paths of a working tree, relative to its top. */
export interface TrackedPaths {
  /** Every tracked file (a submodule's directory and a sparse directory included). */
  files: ReadonlySet<string>;
  /** Every directory above a tracked path. */
  dirs: ReadonlySet<string>;
  /** Entries that stand for a whole directory (a sparse index's, a submodule's). */
  wholeDirs: ReadonlySet<string>;
}

/**
 * The paths a repository's index tracks, or undefined when the index cannot be read whole.
 *
 * @param repo the repository
 * @returns the paths
 */
export function trackedPaths(repo: GitRepository): TrackedPaths | undefined {
  let bytes: Uint8Array;
  try {
    const path = `${repo.gitDir}/index`;
    const info = Deno.statSync(path);
    if (!info.isFile || info.size > MAX_INDEX_BYTES) return undefined;
    bytes = Deno.readFileSync(path);
  } catch {
    return undefined;
  }
  return parseIndex(bytes);
}

/**
 * The paths an index file lists.
 *
 * @param bytes the index file
 * @returns the paths, or undefined for an index not read whole
 */
export function parseIndex(bytes: Uint8Array): TrackedPaths | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 4)) !== "DIRC") {
    return undefined;
  }
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return undefined;
  const count = view.getUint32(8);
  const decoder = new TextDecoder();
  const files = new Set<string>();
  const dirs = new Set<string>();
  const wholeDirs = new Set<string>();
  // The fixed part of an entry: times, device, inode, mode, ids, size (40 bytes), a SHA-1
  // (20), the flags (2).
  const FIXED = 62;
  let at = 12;
  // The previous entry's name, as bytes: version 4 drops a count of bytes from it.
  let previous: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < count; i++) {
    const start = at;
    if (at + FIXED > bytes.length) return undefined;
    const mode = view.getUint32(at + 24);
    const flags = view.getUint16(at + 60);
    at += FIXED;
    if (flags & 0x4000) {
      if (version < 3) return undefined;
      at += 2;
    }
    if (version === 4) {
      // The name: how many bytes of the previous one to drop (a varint), then the rest.
      let drop = 0;
      let b: number;
      let first = true;
      do {
        if (at >= bytes.length) return undefined;
        b = bytes[at++]!;
        drop = first ? b & 0x7f : ((drop + 1) << 7) | (b & 0x7f);
        first = false;
      } while (b & 0x80);
      const end = bytes.indexOf(0, at);
      if (end === -1 || drop > previous.length) return undefined;
      const kept = previous.subarray(0, previous.length - drop);
      const whole = new Uint8Array(kept.length + end - at);
      whole.set(kept);
      whole.set(bytes.subarray(at, end), kept.length);
      previous = whole;
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      if (end === -1) return undefined;
      previous = bytes.subarray(at, end);
      // Padded with 1 to 8 NULs to a multiple of 8 bytes from the entry's start.
      at = start + Math.ceil((end - start + 1) / 8) * 8;
    }
    const name = decoder.decode(previous);
    files.add(name);
    const type = mode >>> 12;
    // A submodule (gitlink, 0o16) or a sparse index's directory (0o04) stands for what is below.
    if (type === 0o16 || type === 0o04) wholeDirs.add(name.replace(/\/$/, ""));
    for (let slash = name.indexOf("/"); slash !== -1; slash = name.indexOf("/", slash + 1)) {
      dirs.add(name.slice(0, slash));
    }
  }
  // Extensions: a split index keeps its entries in another file, not read here.
  while (at + 8 <= bytes.length - 20) {
    const signature = decoder.decode(bytes.subarray(at, at + 4));
    if (signature === "link") return undefined;
    at += 8 + view.getUint32(at + 4);
  }
  return { files, dirs, wholeDirs };
}
