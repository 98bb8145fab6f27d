/**
 * The read state: read-before-write. Cases cite the spec ("The files attached count as read
 * for read-before-write (ADR 0023): ... a file attached whole with its bytes, a part of one as
 * partial") and the oracle's perm runs of Read then Write/Edit in one session (Claude Code
 * 2.1.332), whose refusal texts are frozen here.
 */

import assert from "node:assert/strict";
import {
  checkWrite,
  emptyReadState,
  type ReadRecord,
  type ReadState,
  recordRead,
  wasRead,
  type WriteCheck,
} from "../../lib/tools/read_state.ts";

const enc = (s: string) => new TextEncoder().encode(s);

// Frozen from the oracle's Write results.
const NOT_READ = "File has not been read yet. Read it first before writing to it.";
const CHANGED = "File has been modified since read, either by the user or by a linter. Read it " +
  "again before attempting to write it.";

const P = "/proj/a.txt";

const CASES: {
  name: string;
  reads: [string, ReadRecord][];
  /** The file's bytes when the write is checked; undefined: it does not exist. */
  now: Uint8Array | undefined;
  expected: WriteCheck;
}[] = [
  {
    name: "oracle Write new.txt: a file that does not exist may be written unread",
    reads: [],
    now: undefined,
    expected: { kind: "allow", why: "new_file" },
  },
  {
    name: "oracle Read b.txt then Write: read whole and unchanged: allowed",
    reads: [[P, { kind: "whole", bytes: enc("b1\nb2\nb3\n") }]],
    now: enc("b1\nb2\nb3\n"),
    expected: { kind: "allow", why: "read_whole_unchanged" },
  },
  {
    name: "oracle Read d.txt, 'echo more >> d.txt', Write: changed since read: Claude Code's text",
    reads: [[P, { kind: "whole", bytes: enc("d\n") }]],
    now: enc("d\nmore\n"),
    expected: { kind: "refuse", code: "changed", message: CHANGED },
  },
  {
    name: "spec: never read: refused with Claude Code's text",
    reads: [],
    now: enc("x\n"),
    expected: { kind: "refuse", code: "not_read", message: NOT_READ },
  },
  {
    name: "spec: attached only in part (cut to its first lines): refused as not read",
    reads: [[P, { kind: "partial" }]],
    now: enc("x\n"),
    expected: { kind: "refuse", code: "partial", message: NOT_READ },
  },
  {
    name: "spec: a later whole read replaces a partial one",
    reads: [[P, { kind: "partial" }], [P, { kind: "whole", bytes: enc("x\n") }]],
    now: enc("x\n"),
    expected: { kind: "allow", why: "read_whole_unchanged" },
  },
  {
    name: "spec: a later partial read replaces a whole one",
    reads: [[P, { kind: "whole", bytes: enc("x\n") }], [P, { kind: "partial" }]],
    now: enc("x\n"),
    expected: { kind: "refuse", code: "partial", message: NOT_READ },
  },
  {
    name: "spec: another file's read does not count",
    reads: [["/proj/b.txt", { kind: "whole", bytes: enc("x\n") }]],
    now: enc("x\n"),
    expected: { kind: "refuse", code: "not_read", message: NOT_READ },
  },
  {
    name: "spec: an empty file read whole may be written while still empty",
    reads: [[P, { kind: "whole", bytes: new Uint8Array(0) }]],
    now: new Uint8Array(0),
    expected: { kind: "allow", why: "read_whole_unchanged" },
  },
  {
    name: "spec: same length, one byte changed: changed",
    reads: [[P, { kind: "whole", bytes: enc("abc") }]],
    now: enc("abd"),
    expected: { kind: "refuse", code: "changed", message: CHANGED },
  },
  {
    name: "spec: a file written by the model is recorded whole with the bytes written",
    reads: [[P, { kind: "whole", bytes: enc("old\n") }], [P, {
      kind: "whole",
      bytes: enc("new\n"),
    }]],
    now: enc("new\n"),
    expected: { kind: "allow", why: "read_whole_unchanged" },
  },
];

function stateOf(reads: [string, ReadRecord][]): ReadState {
  return reads.reduce((s, [path, r]) => recordRead(s, path, r), emptyReadState());
}

Deno.test("read_state: read-before-write", async (t) => {
  for (const c of CASES) {
    await t.step(
      c.name,
      () => assert.deepEqual(checkWrite(stateOf(c.reads), P, c.now), c.expected),
    );
  }
});

Deno.test("read_state: wasRead", async (t) => {
  const s = stateOf([
    ["/proj/whole.txt", { kind: "whole", bytes: enc("x") }],
    ["/proj/part.txt", { kind: "partial" }],
  ]);
  const cases: [string, string, boolean][] = [
    ["spec: a file attached whole was read", "/proj/whole.txt", true],
    ["spec: a part of one counts as read (partial)", "/proj/part.txt", true],
    ["spec: an unread file was not", "/proj/other.txt", false],
    ["paths are keys as given: no normalisation", "/proj/./whole.txt", false],
  ];
  for (const [name, path, expected] of cases) {
    await t.step(name, () => assert.equal(wasRead(s, path), expected));
  }
});

Deno.test("read_state: immutable", async (t) => {
  await t.step("recordRead leaves the old state as it was", () => {
    const empty = emptyReadState();
    const one = recordRead(empty, P, { kind: "partial" });
    assert.equal(wasRead(empty, P), false);
    assert.equal(wasRead(one, P), true);
  });
  await t.step("bytes changed by the caller after recording do not change what was read", () => {
    const bytes = enc("abc");
    const s = recordRead(emptyReadState(), P, { kind: "whole", bytes });
    bytes[0] = 0x7a;
    assert.deepEqual(checkWrite(s, P, enc("abc")), { kind: "allow", why: "read_whole_unchanged" });
  });
});
