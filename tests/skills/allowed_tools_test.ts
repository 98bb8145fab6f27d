/**
 * `allowed-tools`: the frontmatter value (either spelling), split into rules outside
 * parentheses, the variables expanded in them, invalid rules set apart with their error.
 */

import assert from "node:assert/strict";
import {
  allowedTools,
  allowedToolsValue,
  allowedToolVars,
  splitAllowedTools,
} from "../../lib/skills/allowed_tools.ts";

const SPLIT: { name: string; input: string; expected: string[] }[] = [
  {
    name: "commas and whitespace outside parentheses separate",
    input: "Bash(git add:*), Bash(git commit -m:*) Read",
    expected: ["Bash(git add:*)", "Bash(git commit -m:*)", "Read"],
  },
  { name: "nothing: no rules", input: "", expected: [] },
];

Deno.test("allowed-tools: split into rules", async (t) => {
  for (const c of SPLIT) {
    await t.step(c.name, () => assert.deepEqual(splitAllowedTools(c.input), c.expected));
  }
});

Deno.test("allowed-tools: the rules, and the invalid ones with their error", () => {
  assert.deepEqual(allowedTools(["Bash(npm test:*)", "Frob, Read"]), {
    rules: ["Bash(npm test:*)", "Read"],
    invalid: [{ text: "Frob", error: 'Cannot parse rule "Frob": unknown tool "Frob"' }],
  });
});

const VALUES: { name: string; input: Record<string, unknown>; expected: unknown }[] = [
  { name: "allowed_tools is read too", input: { allowed_tools: "Read" }, expected: "Read" },
  { name: "allowed-tools", input: { "allowed-tools": ["Read"] }, expected: ["Read"] },
  { name: "neither: none", input: { description: "x" }, expected: undefined },
];

Deno.test("allowed-tools: the frontmatter's value, either spelling", async (t) => {
  for (const c of VALUES) {
    await t.step(c.name, () => assert.deepEqual(allowedToolsValue(c.input), c.expected));
  }
});

Deno.test("allowed-tools: a plugin command's variables (no skill directory in a command)", () => {
  assert.deepEqual(
    allowedToolVars({ kind: "command", dir: "/p/commands", pluginRoot: "/p" }, "/proj"),
    { CLAUDE_PROJECT_DIR: "/proj", CLAUDE_PLUGIN_ROOT: "/p" },
  );
});
