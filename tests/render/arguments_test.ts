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

const SPLIT: [string, string, string[]][] = [
  ["whitespace separates", "a b  c", ["a", "b", "c"]],
  ["quotes group and are removed", `src/App.pm "be strict"`, ["src/App.pm", "be strict"]],
  ["single quotes group", `'a b' c`, ["a b", "c"]],
  ["a backslash escapes (spec's example)", `a "b c" d\\ e`, ["a", "b c", "d e"]],
  ["a backslash escapes a quote inside double quotes (Text::ParseWords)", `"a\\"b"`, ['a"b']],
  ["adjacent quoted pieces make one word", `x"y z"'w'`, ["xy zw"]],
  ["an empty quoted word is a word", `a "" b`, ["a", "", "b"]],
  ["$HOME stays literal", "$HOME x", ["$HOME", "x"]],
  ["on unbalanced quotes, split at whitespace", `a "b c`, ["a", '"b', "c"]],
  ["newlines are whitespace", "a\nb c", ["a", "b", "c"]],
  ["nothing", "", []],
  ["only blanks", "   ", []],
];

for (const [name, input, expected] of SPLIT) {
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

const EXPAND: [string, string, ExpansionContext, string, boolean][] = [
  ["$ARGUMENTS: the whole argument string", "ALL=$ARGUMENTS", ctx(`a "b c"`), `ALL=a "b c"`, true],
  ["$ARGUMENTS without arguments is ''", "ALL=$ARGUMENTS.", ctx(""), "ALL=.", true],
  ["$ARGUMENTS[N], 0-based", "$ARGUMENTS[0]/$ARGUMENTS[1]", ctx(`a "b c"`), "a/b c", true],
  [
    "$ARGUMENTS[N] stays as typed without one",
    "A5=$ARGUMENTS[5]",
    ctx("a"),
    "A5=$ARGUMENTS[5]",
    true,
  ],
  ["$N, 0-based", "$0 $1", ctx("x y"), "x y", true],
  ["$N stays as typed without one, and still counts as used", "D9=$9", ctx("x"), "D9=$9", true],
  [
    "$name for its position",
    "F=$file M=$mode",
    ctx("a.ts strict", ["file", "mode"]),
    "F=a.ts M=strict",
    true,
  ],
  ["$name without an argument is ''", "M=$mode.", ctx("a.ts", ["file", "mode"]), "M=.", true],
  [
    "a name left out (not an identifier) keeps its position",
    "M=$mode",
    ctx("a b c d", ["file", undefined, undefined, "mode"]),
    "M=d",
    true,
  ],
  ["an unknown $name stays", "H=$HOME", ctx("a", ["file"]), "H=$HOME", false],
  ["${CLAUDE_SKILL_DIR}: the entry's dir", "${CLAUDE_SKILL_DIR}/x", ctx(""), "/s/review/x", false],
  ["${CLAUDE_PROJECT_DIR}: the root", "${CLAUDE_PROJECT_DIR}", ctx(""), "/proj", false],
  ["${CLAUDE_SESSION_ID}", "${CLAUDE_SESSION_ID}", ctx(""), "SID", false],
  [
    "${CLAUDE_SESSION_ID} without a session is ''",
    "[${CLAUDE_SESSION_ID}]",
    { ...ctx(""), sessionId: "" },
    "[]",
    false,
  ],
  [
    "${CLAUDE_PLUGIN_ROOT} stays for an entry not from a plugin",
    "${CLAUDE_PLUGIN_ROOT}",
    ctx(""),
    "${CLAUDE_PLUGIN_ROOT}",
    false,
  ],
  [
    "${CLAUDE_PLUGIN_ROOT} of a plugin entry",
    "${CLAUDE_PLUGIN_ROOT}/bin",
    { ...ctx(""), pluginRoot: "/pl" },
    "/pl/bin",
    false,
  ],
  ["\\$ is a literal $", "\\$ARGUMENTS \\$0", ctx("a"), "$ARGUMENTS $0", false],
  [
    "an inserted value is never expanded again ($1 inside)",
    "$0",
    ctx(`'$1 $ARGUMENTS' b`),
    "$1 $ARGUMENTS",
    true,
  ],
  [
    "an inserted value holding !`x` stays text",
    "$ARGUMENTS",
    ctx("!`rm -rf x`"),
    "!`rm -rf x`",
    true,
  ],
  ["does not append ARGUMENTS: (render does)", "plain", ctx("a b"), "plain", false],
  ["$ARGUMENTSX is substituted (oracle)", "$ARGUMENTSX", ctx("a"), "aX", true],
  ["${ARGUMENTS} is not (oracle)", "${ARGUMENTS}", ctx("a"), "${ARGUMENTS}", false],
  ["$1x is not (oracle)", "$1x", ctx("a b"), "$1x", false],
  [
    "$file[0] and $fileX are not (oracle)",
    "$file[0] $fileX",
    ctx("a", ["file"]),
    "$file[0] $fileX",
    false,
  ],
  [
    "a $ replacement pattern in a value is inserted as written",
    "$ARGUMENTS",
    ctx("$& $$ $`"),
    "$& $$ $`",
    true,
  ],
];

for (const [name, body, c, expected, used] of EXPAND) {
  Deno.test(`expand_arguments: ${name}`, () => {
    assert.deepEqual(expandArguments(body, c), { text: expected, used });
  });
}
