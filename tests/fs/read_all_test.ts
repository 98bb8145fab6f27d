/**
 * Reading a stream whole: every chunk, however the reader cuts them, up to a limit.
 */

import assert from "node:assert/strict";
import { readAll, readAllSync } from "../../lib/fs/read_all.ts";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** A reader that hands out the parts one read at a time. */
function parts(...chunks: string[]) {
  const queue = chunks.map((t) => new TextEncoder().encode(t));
  const next = (b: Uint8Array) => {
    const part = queue.shift();
    if (part === undefined) return null;
    b.set(part.subarray(0, b.length));
    if (part.length > b.length) queue.unshift(part.subarray(b.length));
    return Math.min(part.length, b.length);
  };
  return { readSync: next, read: (b: Uint8Array) => Promise.resolve(next(b)) };
}

const CASES: { name: string; input: { chunks: string[]; max?: number }; expected: string }[] = [
  { name: "every chunk, in order", input: { chunks: ["hel", "lo"] }, expected: "hello" },
  { name: "one byte at a time", input: { chunks: [..."hello"] }, expected: "hello" },
  { name: "nothing", input: { chunks: [] }, expected: "" },
  { name: "up to the limit", input: { chunks: ["hel", "lo"], max: 3 }, expected: "hel" },
  {
    name: "a 200 KB input, larger than one read",
    input: { chunks: ["a".repeat(200_000)] },
    expected: "a".repeat(200_000),
  },
];

Deno.test("read all: sync and async read the same bytes", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, async () => {
      assert.equal(text(readAllSync(parts(...c.input.chunks), c.input.max)), c.expected);
      assert.equal(text(await readAll(parts(...c.input.chunks), c.input.max)), c.expected);
    });
  }
});
