/**
 * Step 1 of the slash-command document: splitting, names, placeholders in one pass.
 */

import assert from "node:assert/strict";
import {
  argumentNames,
  expandArguments,
  type ExpansionContext,
  splitArguments,
} from "../../lib/render/arguments.ts";

const SPLIT: { name: string; input: string; expected: string[] }[] = [
  { name: "whitespace separates", input: "a b  c", expected: ["a", "b", "c"] },
  {
    name: "quotes group and are removed",
    input: `src/App.pm "be strict"`,
    expected: ["src/App.pm", "be strict"],
  },
  { name: "single quotes group", input: `'a b' c`, expected: ["a b", "c"] },
  {
    name: "a backslash escapes (spec's example)",
    input: `a "b c" d\\ e`,
    expected: ["a", "b c", "d e"],
  },
  {
    name: "a backslash escapes a quote inside double quotes (Text::ParseWords)",
    input: `"a\\"b"`,
    expected: ['a"b'],
  },
  { name: "adjacent quoted pieces make one word", input: `x"y z"'w'`, expected: ["xy zw"] },
  { name: "an empty quoted word is a word", input: `a "" b`, expected: ["a", "", "b"] },
  { name: "$HOME stays literal", input: "$HOME x", expected: ["$HOME", "x"] },
  {
    name: "on unbalanced quotes, split at whitespace",
    input: `a "b c`,
    expected: ["a", '"b', "c"],
  },
  { name: "newlines are whitespace", input: "a\nb c", expected: ["a", "b", "c"] },
  { name: "nothing", input: "", expected: [] },
  { name: "only blanks", input: "   ", expected: [] },
];

for (const { name, input, expected } of SPLIT) {
  Deno.test(`split_arguments: ${name}`, () => assert.deepEqual(splitArguments(input), expected));
}

Deno.test("argument_names: a list, or a space-separated string; non-identifiers keep their position", () => {
  assert.deepEqual(argumentNames(["file", "mode"]), ["file", "mode"]);
  assert.deepEqual(argumentNames("target level"), ["target", "level"]);
  assert.deepEqual(argumentNames(["file", "not-an-id", "2x", "mode"]), [
    "file",
    undefined,
    undefined,
    "mode",
  ]);
  assert.deepEqual(argumentNames(undefined), []);
  assert.deepEqual(argumentNames(42), []);
});

const ctx = (args: string, names: (string | undefined)[] = []): ExpansionContext => ({
  args,
  argv: splitArguments(args),
  names,
  skillDir: "/s/review",
  projectDir: "/proj",
  sessionId: "SID",
  pluginRoot: undefined,
});

const EXPAND: {
  name: string;
  input: { body: string; ctx: ExpansionContext };
  expected: { text: string; used: boolean };
}[] = [
  {
    name: "$ARGUMENTS: the whole argument string",
    input: { body: "ALL=$ARGUMENTS", ctx: ctx(`a "b c"`) },
    expected: { text: `ALL=a "b c"`, used: true },
  },
  {
    name: "$ARGUMENTS without arguments is ''",
    input: { body: "ALL=$ARGUMENTS.", ctx: ctx("") },
    expected: { text: "ALL=.", used: true },
  },
  {
    name: "$ARGUMENTS[N], 0-based",
    input: { body: "$ARGUMENTS[0]/$ARGUMENTS[1]", ctx: ctx(`a "b c"`) },
    expected: { text: "a/b c", used: true },
  },
  {
    name: "$ARGUMENTS[N] stays as typed without one",
    input: { body: "A5=$ARGUMENTS[5]", ctx: ctx("a") },
    expected: { text: "A5=$ARGUMENTS[5]", used: true },
  },
  {
    name: "$N, 0-based",
    input: { body: "$0 $1", ctx: ctx("x y") },
    expected: { text: "x y", used: true },
  },
  {
    name: "$N stays as typed without one, and still counts as used",
    input: { body: "D9=$9", ctx: ctx("x") },
    expected: { text: "D9=$9", used: true },
  },
  {
    name: "$name for its position",
    input: { body: "F=$file M=$mode", ctx: ctx("a.ts strict", ["file", "mode"]) },
    expected: { text: "F=a.ts M=strict", used: true },
  },
  {
    name: "$name without an argument is ''",
    input: { body: "M=$mode.", ctx: ctx("a.ts", ["file", "mode"]) },
    expected: { text: "M=.", used: true },
  },
  {
    name: "a name left out (not an identifier) keeps its position",
    input: { body: "M=$mode", ctx: ctx("a b c d", ["file", undefined, undefined, "mode"]) },
    expected: { text: "M=d", used: true },
  },
  {
    name: "an unknown $name stays",
    input: { body: "H=$HOME", ctx: ctx("a", ["file"]) },
    expected: { text: "H=$HOME", used: false },
  },
  {
    name: "${CLAUDE_SKILL_DIR}: the entry's dir",
    input: { body: "${CLAUDE_SKILL_DIR}/x", ctx: ctx("") },
    expected: { text: "/s/review/x", used: false },
  },
  {
    name: "${CLAUDE_PROJECT_DIR}: the root",
    input: { body: "${CLAUDE_PROJECT_DIR}", ctx: ctx("") },
    expected: { text: "/proj", used: false },
  },
  {
    name: "${CLAUDE_SESSION_ID}",
    input: { body: "${CLAUDE_SESSION_ID}", ctx: ctx("") },
    expected: { text: "SID", used: false },
  },
  {
    name: "${CLAUDE_SESSION_ID} without a session is ''",
    input: { body: "[${CLAUDE_SESSION_ID}]", ctx: { ...ctx(""), sessionId: "" } },
    expected: { text: "[]", used: false },
  },
  {
    name: "${CLAUDE_PLUGIN_ROOT} stays for an entry not from a plugin",
    input: { body: "${CLAUDE_PLUGIN_ROOT}", ctx: ctx("") },
    expected: { text: "${CLAUDE_PLUGIN_ROOT}", used: false },
  },
  {
    name: "${CLAUDE_PLUGIN_ROOT} of a plugin entry",
    input: { body: "${CLAUDE_PLUGIN_ROOT}/bin", ctx: { ...ctx(""), pluginRoot: "/pl" } },
    expected: { text: "/pl/bin", used: false },
  },
  {
    name: "\\$ is a literal $",
    input: { body: "\\$ARGUMENTS \\$0", ctx: ctx("a") },
    expected: { text: "$ARGUMENTS $0", used: false },
  },
  {
    name: "an inserted value is never expanded again ($1 inside)",
    input: { body: "$0", ctx: ctx(`'$1 $ARGUMENTS' b`) },
    expected: { text: "$1 $ARGUMENTS", used: true },
  },
  {
    name: "an inserted value holding !`x` stays text",
    input: { body: "$ARGUMENTS", ctx: ctx("!`rm -rf x`") },
    expected: { text: "!`rm -rf x`", used: true },
  },
  {
    name: "does not append ARGUMENTS: (render does)",
    input: { body: "plain", ctx: ctx("a b") },
    expected: { text: "plain", used: false },
  },
  {
    name: "$ARGUMENTSX is substituted (oracle)",
    input: { body: "$ARGUMENTSX", ctx: ctx("a") },
    expected: { text: "aX", used: true },
  },
  {
    name: "${ARGUMENTS} is not (oracle)",
    input: { body: "${ARGUMENTS}", ctx: ctx("a") },
    expected: { text: "${ARGUMENTS}", used: false },
  },
  {
    name: "$1x is not (oracle)",
    input: { body: "$1x", ctx: ctx("a b") },
    expected: { text: "$1x", used: false },
  },
  {
    name: "$file[0] and $fileX are not (oracle)",
    input: { body: "$file[0] $fileX", ctx: ctx("a", ["file"]) },
    expected: { text: "$file[0] $fileX", used: false },
  },
  {
    name: "a $ replacement pattern in a value is inserted as written",
    input: { body: "$ARGUMENTS", ctx: ctx("$& $$ $`") },
    expected: { text: "$& $$ $`", used: true },
  },
];

for (const { name, input: { body, ctx: c }, expected: { text: expected, used } } of EXPAND) {
  Deno.test(`expand_arguments: ${name}`, () => {
    assert.deepEqual(expandArguments(body, c), { text: expected, used });
  });
}
