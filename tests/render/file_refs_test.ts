/**
 * Step 3, the finding half (`lib/render/file_refs.ts`): which `@path` forms of a rendered text
 * are references, by the spec's sentences, with existence as data.
 */

import assert from "node:assert/strict";
import { findFileRefs, type SourcedPiece } from "../../lib/render/file_refs.ts";

const EXISTING = new Set(["notes.txt", "a.txt)", "dir with space/f.txt", "src"]);
const exists = (p: string) => EXISTING.has(p);
const text = (t: string): SourcedPiece => ({ text: t, fromOutput: false });
const output = (t: string): SourcedPiece => ({ text: t, fromOutput: true });

const CASES: { name: string; input: SourcedPiece[]; expected: string[] }[] = [
  { name: "@path at the start of the text", input: [text("@notes.txt")], expected: ["notes.txt"] },
  {
    name: "@path after whitespace (space, tab, newline)",
    input: [text("a @src\tb\t@x\n@y")],
    expected: ["src", "x", "y"],
  },
  { name: "not glued to a word (mail@notes.txt)", input: [text("mail@notes.txt")], expected: [] },
  { name: "not after a parenthesis", input: [text("(@notes.txt)")], expected: [] },
  {
    name: '@"path with spaces"',
    input: [text('see @"dir with space/f.txt" now')],
    expected: ["dir with space/f.txt"],
  },
  { name: "an unclosed quote is no reference", input: [text('@"dir with')], expected: [] },
  { name: "a quote is not closed across a line", input: [text('@"a\nb"')], expected: [] },
  ...[".", ",", ";", ":", "!", "?", ")"].map((p) => ({
    name: `sentence punctuation "${p}" is not part of the path when the path without it exists`,
    input: [text(`see @notes.txt${p}`)],
    expected: ["notes.txt"],
  })),
  {
    name: "punctuation stays when the path with it exists",
    input: [text("@a.txt)")],
    expected: ["a.txt)"],
  },
  {
    name: "several punctuation marks are taken off",
    input: [text("(see @notes.txt).")],
    expected: ["notes.txt"],
  },
  {
    name: "a path that names nothing loses its punctuation too (the attaching half drops it)",
    input: [text("@missing.txt.")],
    expected: ["missing.txt"],
  },
  { name: "each path once", input: [text("@src @src\n@src")], expected: ["src"] },
  { name: "a lone @ is nothing", input: [text("@ x @")], expected: [] },
  {
    name: "in the arguments inserted into the text",
    input: [text("Review "), text("@notes.txt"), text(" now")],
    expected: ["notes.txt"],
  },
  {
    name: "not in command output",
    input: [text("A "), output("@notes.txt @src")],
    expected: [],
  },
  {
    name: "a path in the text stops where command output begins",
    input: [text("@notes.txt"), output("x @src")],
    expected: ["notes.txt"],
  },
  {
    name: "a quoted path running into command output is no reference",
    input: [text('@"dir with '), output('space/f.txt"')],
    expected: [],
  },
  {
    name: "after whitespace that command output ends with",
    input: [output("out "), text("@src")],
    expected: ["src"],
  },
];

for (const c of CASES) {
  Deno.test(`file refs: ${c.name}`, () => {
    assert.deepEqual(findFileRefs(c.input, exists), c.expected);
  });
}
