/**
 * The members of a tar archive, read from its headers as GNU tar 1.34 reads them: the ustar
 * name and prefix, GNU long names and long link names (`L`, `K`), pax `path`, `linkpath`,
 * `size` and `GNU.sparse.name`, sizes in octal or base-256, to the first block of zeros (its
 * end; what follows is only said to be there, for `tar -i`). Read by hand: nanotar reads neither
 * the prefix nor long names nor pax paths, and node-tar lists only through its streams and
 * file-system layer; a member missed here would be a file written unseen, so a header this
 * reader does not know (a checksum that does not add up, an old GNU sparse or multi-volume
 * header, a global pax header that names a path, a link or directory with data) gives undefined.
 * Pure: the bytes come from a function.
 *
 * @module
 */

import type { ArchiveListing, ArchiveMember } from "../permissions/paths.ts";

/**
 * The most members read; past it the archive is not read (each member is a path held against
 * every rule: 2,000 take ~0.1 s to decide).
 */
export const MAX_MEMBERS = 2_000;
/** The most bytes of a long name or a pax header read. */
const MAX_HEADER_DATA = 2 ** 20;
/** The most bytes after the end mark looked at for more than zeros. */
const MAX_TRAILING = 2 ** 20;
const BLOCK = 512;

/** Reads `n` bytes at an offset; fewer at the end, undefined on an error. */
export type ReadAt = (at: number, n: number) => Uint8Array | undefined;

/**
 * The members of a tar archive.
 *
 * @param read reads the archive's bytes
 * @param size the archive's size in bytes
 * @returns the members, or undefined when the archive cannot be read whole
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tarMembers } from "./tar_members.ts";
 *
 * const block = new Uint8Array(512);
 * block.set(new TextEncoder().encode("a.txt"));
 * block.set(new TextEncoder().encode("0000000\0"), 100);
 * block.set(new TextEncoder().encode("00000000000\0"), 124);
 * block[156] = 0x30;
 * block.set(new TextEncoder().encode("        "), 148);
 * const sum = block.reduce((a, b) => a + b, 0);
 * block.set(new TextEncoder().encode(sum.toString(8).padStart(6, "0") + "\0 "), 148);
 * const bytes = new Uint8Array(2048);
 * bytes.set(block);
 * const read = (at: number, n: number) => bytes.subarray(at, at + n);
 * assert.deepEqual(tarMembers(read, bytes.length)?.members, [{ name: "a.txt", kind: "file" }]);
 * ```
 */
export function tarMembers(read: ReadAt, size: number): ArchiveListing | undefined {
  const members: ArchiveMember[] = [];
  const text = new TextDecoder("utf-8", { fatal: true });
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax: Map<string, string> | undefined;
  let at = 0;
  try {
    while (at + BLOCK <= size) {
      const h = read(at, BLOCK);
      if (h === undefined || h.length < BLOCK) return undefined;
      if (h.every((b) => b === 0)) {
        return { members, trailing: trailing(read, at + BLOCK, size) };
      }
      if (!checksumHolds(h)) return undefined;
      const type = String.fromCharCode(h[156]!);
      let length = number(h.subarray(124, 136));
      if (length === undefined) return undefined;
      const data = () => {
        if (length! > MAX_HEADER_DATA) return undefined;
        const d = read(at + BLOCK, length!);
        return d === undefined || d.length < length! ? undefined : d;
      };
      if (type === "L" || type === "K" || type === "x" || type === "g") {
        const d = data();
        if (d === undefined) return undefined;
        if (type === "L") longName = text.decode(cString(d));
        else if (type === "K") longLink = text.decode(cString(d));
        else {
          const records = paxRecords(d, text);
          if (records === undefined) return undefined;
          // A global header applies to every member after it: one that names a path or a size
          // is not read.
          if (type === "g") {
            if ([...records.keys()].some((k) => /^(path|linkpath|size)$|^GNU\.sparse/.test(k))) {
              return undefined;
            }
          } else pax = records;
        }
      } else if (type === "S" || type === "M" || type === "N") {
        return undefined;
      } else {
        if (pax?.has("size")) {
          const n = /^\d+$/.test(pax.get("size")!) ? Number(pax.get("size")) : undefined;
          if (n === undefined) return undefined;
          length = n;
        }
        const kind: ArchiveMember["kind"] = type === "5" || type === "D"
          ? "dir"
          : type === "2"
          ? "symlink"
          : type === "1"
          ? "hardlink"
          : "file";
        // A link, a directory, a device or a fifo with data: GNU tar's reading of its size is
        // not what this reader knows.
        if ("123456".includes(type) && length !== 0) return undefined;
        if (type !== "V") {
          const header = headerName(h, text);
          if (header === undefined) return undefined;
          const names = new Set<string>();
          const override = pax?.get("path") ?? longName;
          if (override !== undefined) names.add(override);
          if (pax?.has("path") && longName !== undefined) names.add(longName);
          const sparse = pax?.get("GNU.sparse.name");
          if (sparse !== undefined) names.add(sparse);
          if (names.size === 0 || sparse !== undefined) names.add(header);
          const target = kind === "symlink" || kind === "hardlink"
            ? pax?.get("linkpath") ?? longLink ?? text.decode(cString(h.subarray(157, 257)))
            : undefined;
          for (const name of names) {
            if (name === "") return undefined;
            members.push(target === undefined ? { name, kind } : { name, kind, target });
          }
          if (members.length > MAX_MEMBERS) return undefined;
        }
        longName = longLink = pax = undefined;
      }
      at += BLOCK + Math.ceil(length / BLOCK) * BLOCK;
    }
  } catch {
    // A name that is not UTF-8.
    return undefined;
  }
  return { members, trailing: false };
}

/** True when anything but zeros follows the end mark (looked at up to a bound: then "may"). */
function trailing(read: ReadAt, from: number, size: number): boolean {
  for (let at = from; at < size; at += 65536) {
    if (at - from >= MAX_TRAILING) return true;
    const chunk = read(at, Math.min(65536, size - at));
    if (chunk === undefined || chunk.some((b) => b !== 0)) return true;
  }
  return false;
}

/** A header's checksum as tar checks it: the bytes summed, unsigned or signed. */
function checksumHolds(h: Uint8Array): boolean {
  const stored = number(h.subarray(148, 156));
  if (stored === undefined) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : h[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

/** A numeric field: octal digits between spaces or NULs, or GNU's base-256 (positive). */
function number(field: Uint8Array): number | undefined {
  if (field[0] === 0x80) {
    let n = 0;
    for (const b of field.subarray(1)) n = n * 256 + b;
    return Number.isSafeInteger(n) ? n : undefined;
  }
  let i = 0;
  while (i < field.length && field[i] === 0x20) i++;
  let n = 0;
  let digits = 0;
  for (; i < field.length && field[i]! >= 0x30 && field[i]! <= 0x37; i++, digits++) {
    n = n * 8 + field[i]! - 0x30;
  }
  // What follows the digits: spaces and NULs only.
  for (; i < field.length; i++) if (field[i] !== 0x20 && field[i] !== 0) return undefined;
  return digits === 0 || Number.isSafeInteger(n) ? n : undefined;
}

/** A header's name: the ustar prefix and name (POSIX magic), else the name. */
function headerName(h: Uint8Array, text: TextDecoder): string | undefined {
  const name = text.decode(cString(h.subarray(0, 100)));
  const magic = String.fromCharCode(...h.subarray(257, 263));
  if (magic !== "ustar\0") return name;
  const prefix = text.decode(cString(h.subarray(345, 500)));
  // star's prefix is 131 bytes, GNU tar may read the header as star's: not read.
  if (prefix.length > 130) return undefined;
  return prefix === "" ? name : `${prefix}/${name}`;
}

/** The bytes before the first NUL. */
function cString(b: Uint8Array): Uint8Array {
  const end = b.indexOf(0);
  return end === -1 ? b : b.subarray(0, end);
}

/** The records of a pax header (`LEN key=value\n`); undefined when one does not add up. */
function paxRecords(bytes: Uint8Array, text: TextDecoder): Map<string, string> | undefined {
  const out = new Map<string, string>();
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] === 0) break;
    const space = bytes.indexOf(0x20, at);
    if (space === -1) return undefined;
    const len = text.decode(bytes.subarray(at, space));
    if (!/^\d+$/.test(len)) return undefined;
    const end = at + Number(len);
    if (end > bytes.length || bytes[end - 1] !== 0x0a) return undefined;
    const record = text.decode(bytes.subarray(space + 1, end - 1));
    const eq = record.indexOf("=");
    if (eq === -1) return undefined;
    out.set(record.slice(0, eq), record.slice(eq + 1));
    at = end;
  }
  return out;
}
