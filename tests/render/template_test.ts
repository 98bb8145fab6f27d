/**
 * Shell injection placeholders: where `` !`cmd` `` and ```` ```! ```` are commands.
 */

import assert from "node:assert/strict";
import { parseTemplate } from "../../lib/render/template.ts";

const commands = (body: string) =>
  parseTemplate(body).flatMap((s) => s.kind === "command" ? [s.template] : []);

const CASES: [string, string, string[]][] = [
  ["at the start of a line", "!`git status`", ["git status"]],
  ["after a space", "Status: !`git status`", ["git status"]],
  ["after a tab", "x\t!`a`", ["a"]],
  ["not glued to a word (oracle)", "x!`a`", []],
  ["not after a parenthesis (oracle)", "(!`a`)", []],
  ["several on a line", "!`a` and !`b`", ["a", "b"]],
  ["an unclosed one is text", "!`a", []],
  [
    "a fenced block opened by ```! and closed by ```",
    "Before\n```!\necho one\necho two\n```\nAfter",
    ["echo one\necho two"],
  ],
  ["an unclosed fence is text", "```!\necho one", []],
  ["a plain fence is text", "```\necho one\n```", []],
];

for (const [name, body, expected] of CASES) {
  Deno.test(`shell injection: ${name}`, () => assert.deepEqual(commands(body), expected));
}

Deno.test("template: the text around commands is kept exactly", () => {
  const segs = parseTemplate("A !`x` B\n```!\ny\n```\nC\n");
  const rebuilt = segs.map((s) => s.kind === "text" ? s.text : `<${s.template}>`).join("");
  assert.equal(rebuilt, "A <x> B\n<y>\nC\n");
  assert.deepEqual(segs.flatMap((s) => s.kind === "command" ? [s.raw] : []), [
    "!`x`",
    "```!\ny\n```",
  ]);
});

Deno.test("template: many unclosed fences are read in linear time (a body is up to 8 MB)", () => {
  const body = "```!\n".repeat(50_000);
  const start = performance.now();
  const segs = parseTemplate(body);
  assert.ok(performance.now() - start < 1000, `${performance.now() - start} ms`);
  assert.deepEqual(segs.map((s) => s.kind), ["text"]);
  assert.deepEqual(commands("```!\na\n```!\nb\n```\n```!\nc"), ["a\n```!\nb"]);
});
