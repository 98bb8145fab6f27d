/**
 * The members of a zip archive, read from its central directory at the file's end as UnZip 6.00
 * finds it: the last end record, its ZIP64 form, data before the archive (a self-extractor)
 * allowed for. Read by hand: fflate's `unzipSync` gives no external attributes (a symbolic link
 * would pass for a file), yauzl lists asynchronously, adm-zip and jszip read more than the
 * directory. A member this reader cannot name as unzip will (a name that is not printable ASCII,
 * which unzip converts; a Unicode path field, which it may prefer; an encrypted directory; an
 * archive on several disks) gives undefined. Pure: the bytes come from a function.
 *
 * @module
 */

import type { ArchiveListing, ArchiveMember } from "../permissions/paths.ts";
import { MAX_MEMBERS, type ReadAt } from "./tar_members.ts";

/** The most bytes of a central directory read. */
export const MAX_DIRECTORY_BYTES = 16 * 2 ** 20;
/** The end record (22 bytes) and the longest comment after it. */
const MAX_TAIL = 22 + 0xffff;

/**
 * The members of a zip archive.
 *
 * @param read reads the archive's bytes
 * @param size the archive's size in bytes
 * @returns the members, or undefined when the directory cannot be read whole
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zipMembers } from "./zip_members.ts";
 *
 * // An empty archive: its end record alone.
 * const bytes = new Uint8Array(22);
 * bytes.set([0x50, 0x4b, 0x05, 0x06]);
 * const read = (at: number, n: number) => bytes.subarray(at, at + n);
 * assert.deepEqual(zipMembers(read, bytes.length), { members: [] });
 * ```
 */
export function zipMembers(read: ReadAt, size: number): ArchiveListing | undefined {
  const tailFrom = Math.max(0, size - MAX_TAIL);
  const tail = read(tailFrom, size - tailFrom);
  if (tail === undefined) return undefined;
  // The end record: the last signature from the end, as unzip looks for it.
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 5 && tail[i + 3] === 6) {
      end = i;
      break;
    }
  }
  if (end === -1) return undefined;
  const e = new DataView(tail.buffer, tail.byteOffset + end, 22);
  if (e.getUint16(4, true) !== 0 || e.getUint16(6, true) !== 0) return undefined;
  let count = e.getUint16(10, true);
  let dirSize = e.getUint32(12, true);
  let endAt = tailFrom + end;
  if (count === 0xffff || dirSize === 0xffffffff || e.getUint32(16, true) === 0xffffffff) {
    // ZIP64: its locator before the end record, and the record it points to.
    if (endAt < 20) return undefined;
    const loc = read(endAt - 20, 20);
    if (loc === undefined || loc.length < 20) return undefined;
    const l = new DataView(loc.buffer, loc.byteOffset, 20);
    if (l.getUint32(0, true) !== 0x07064b50 || l.getUint32(16, true) > 1) return undefined;
    const at = Number(l.getBigUint64(8, true));
    const rec = read(at, 56);
    if (rec === undefined || rec.length < 56) return undefined;
    const r = new DataView(rec.buffer, rec.byteOffset, 56);
    if (r.getUint32(0, true) !== 0x06064b50) return undefined;
    count = Number(r.getBigUint64(32, true));
    dirSize = Number(r.getBigUint64(40, true));
    endAt = at;
  }
  if (count > MAX_MEMBERS || dirSize > MAX_DIRECTORY_BYTES || dirSize > endAt) return undefined;
  // The directory ends where the end record starts (data before the archive moves both).
  const dir = read(endAt - dirSize, dirSize);
  if (dir === undefined || dir.length < dirSize) return undefined;
  const view = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const members: ArchiveMember[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dir.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > dir.length || (flags & 0x2000) !== 0) return undefined;
    const raw = dir.subarray(at + 46, at + 46 + nameLength);
    if (raw.length === 0 || raw.some((b) => b < 0x20 || b > 0x7e)) return undefined;
    if (hasExtra(dir.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), 0x7075)) {
      return undefined;
    }
    const name = String.fromCharCode(...raw);
    const kind = (mode & 0o170000) === 0o120000
      ? "symlink"
      : name.endsWith("/") || (mode & 0o170000) === 0o040000
      ? "dir"
      : "file";
    members.push({ name, kind });
    at = next;
  }
  return { members };
}

/** True when an extra field block holds a field of the id. */
function hasExtra(extra: Uint8Array, id: number): boolean {
  const v = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.length; at += 4 + v.getUint16(at + 2, true)) {
    if (v.getUint16(at, true) === id) return true;
  }
  return false;
}
