/**
 * `readUpTo`: the bytes of a file as they are when read, whatever size the stat gave before,
 * and never more than the cap (one byte past read_file's size cap tells a file that grew past
 * it).
 */

import assert from "node:assert/strict";
import { readUpTo } from "../../lib/fs/tool_files.ts";

/** A file of `length` bytes, handed out `chunk` bytes a read at most. */
function fakeFile(length: number, chunk = 7) {
  const data = Uint8Array.from({ length }, (_, i) => i % 251);
  let at = 0;
  return {
    data,
    read(p: Uint8Array): Promise<number | null> {
      if (at === data.length) return Promise.resolve(null);
      const n = Math.min(p.length, chunk, data.length - at);
      p.set(data.subarray(at, at + n));
      at += n;
      return Promise.resolve(n);
    },
  };
}

const CASES: { name: string; length: number; expected: number; max: number; want: number }[] = [
  { name: "the size the stat gave", length: 100, expected: 100, max: 1000, want: 100 },
  { name: "a file that grew since the stat", length: 300, expected: 10, max: 1000, want: 300 },
  { name: "a file that shrank since the stat", length: 10, expected: 300, max: 1000, want: 10 },
  {
    name: "a file that grew past the cap: the cap",
    length: 5000,
    expected: 10,
    max: 1001,
    want: 1001,
  },
  { name: "an empty file", length: 0, expected: 0, max: 1000, want: 0 },
  { name: "a file the stat called empty", length: 50, expected: 0, max: 1000, want: 50 },
];

for (const c of CASES) {
  Deno.test(`readUpTo: ${c.name}`, async () => {
    const file = fakeFile(c.length);
    const got = await readUpTo(file, c.max, c.expected);
    assert.deepEqual(got, file.data.subarray(0, c.want));
  });
}

Deno.test("readUpTo: a buffer the size of the file, not of the cap", async () => {
  const file = fakeFile(10, 1000);
  const got = await readUpTo(file, 256 * 1024, 10);
  assert.equal(got.length, 10);
  assert.ok(got.buffer.byteLength <= 11, `buffer of ${got.buffer.byteLength} bytes`);
});
