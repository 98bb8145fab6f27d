/**
 * Archives with the names a test needs, written byte by byte (`tar` and `zip` refuse to store
 * `../x` or `/x`, which the programs' extraction is tested on): a ustar archive and a zip archive
 * of stored entries.
 */

import { crc32 } from "node:zlib";

/** An entry: a file with its text, a directory, a link. */
export type Entry =
  | { name: string; text: string }
  | { name: string; dir: true }
  | { name: string; symlink: string }
  | { name: string; hardlink: string };

const enc = new TextEncoder();

/** A ustar archive of the entries (names of at most 100 bytes). */
export function tarOf(entries: readonly Entry[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const e of entries) {
    const h = new Uint8Array(512);
    const put = (s: string, at: number) => h.set(enc.encode(s), at);
    const data = "text" in e ? enc.encode(e.text) : new Uint8Array(0);
    put(e.name, 0);
    put("dir" in e ? "0000755\0" : "0000644\0", 100);
    put("0000000\0", 108);
    put("0000000\0", 116);
    put(data.length.toString(8).padStart(11, "0") + "\0", 124);
    put("00000000000\0", 136);
    h[156] = enc.encode("text" in e ? "0" : "dir" in e ? "5" : "symlink" in e ? "2" : "1")[0]!;
    if ("symlink" in e) put(e.symlink, 157);
    if ("hardlink" in e) put(e.hardlink, 157);
    put("ustar\0", 257);
    put("00", 263);
    put("        ", 148);
    const sum = h.reduce((a, b) => a + b, 0);
    put(sum.toString(8).padStart(6, "0") + "\0 ", 148);
    blocks.push(h);
    const padded = new Uint8Array(Math.ceil(data.length / 512) * 512);
    padded.set(data);
    blocks.push(padded);
  }
  blocks.push(new Uint8Array(1024));
  return concat(blocks);
}

/** A zip archive of the entries, stored (links with their unix mode; hard links not made). */
export function zipOf(entries: readonly Entry[]): Uint8Array {
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const data = "text" in e
      ? enc.encode(e.text)
      : "symlink" in e
      ? enc.encode(e.symlink)
      : new Uint8Array(0);
    const crc = crc32(data);
    const mode = "symlink" in e ? 0o120777 : "dir" in e ? 0o040755 : 0o100644;
    const l = new DataView(new ArrayBuffer(30));
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 10, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, data.length, true);
    l.setUint32(22, data.length, true);
    l.setUint16(26, name.length, true);
    local.push(new Uint8Array(l.buffer), name, data);
    const c = new DataView(new ArrayBuffer(46));
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, (3 << 8) | 30, true);
    c.setUint16(6, 10, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, data.length, true);
    c.setUint32(24, data.length, true);
    c.setUint16(28, name.length, true);
    c.setUint32(38, (mode << 16) >>> 0, true);
    c.setUint32(42, offset, true);
    central.push(new Uint8Array(c.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const dir = concat(central);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, dir.length, true);
  end.setUint32(16, offset, true);
  return concat([...local, dir, new Uint8Array(end.buffer)]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
