/**
 * Shell injection placeholders: where `` !`cmd` `` and ```` ```! ```` are commands.
 */

import assert from "node:assert/strict";
import { parseTemplate } from "../../lib/render/template.ts";
import { withinCpu } from "../_cpu.ts";

const commands = (body: string) =>
  parseTemplate(body).flatMap((s) => s.kind === "command" ? [s.template] : []);

const CASES: { name: string; input: string; expected: string[] }[] = [
  { name: "at the start of a line", input: "!`git status`", expected: ["git status"] },
  { name: "after a space", input: "Status: !`git status`", expected: ["git status"] },
  { name: "after a tab", input: "x\t!`a`", expected: ["a"] },
  { name: "not glued to a word (oracle)", input: "x!`a`", expected: [] },
  { name: "not after a parenthesis (oracle)", input: "(!`a`)", expected: [] },
  { name: "several on a line", input: "!`a` and !`b`", expected: ["a", "b"] },
  { name: "an unclosed one is text", input: "!`a", expected: [] },
  {
    name: "a fenced block opened by ```! and closed by ```",
    input: "Before\n```!\necho one\necho two\n```\nAfter",
    expected: ["echo one\necho two"],
  },
  { name: "an unclosed fence is text", input: "```!\necho one", expected: [] },
  { name: "a plain fence is text", input: "```\necho one\n```", expected: [] },
];

for (const { name, input: body, expected } of CASES) {
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
  // A blow-up guard in CPU time (`../_cpu.ts`).
  const segs = withinCpu(40, () => parseTemplate(body));
  assert.deepEqual(segs.map((s) => s.kind), ["text"]);
  assert.deepEqual(commands("```!\na\n```!\nb\n```\n```!\nc"), ["a\n```!\nb"]);
});
