/**
 * Tool names: Claude Code's names, the engine's, and which engine tools a rule's tool name
 * speaks for (a `Read` rule guards every tool that reads files).
 */

import assert from "node:assert/strict";
import { engineTool, ruleTools } from "../../lib/permissions/tool_names.ts";

const ENGINE: { name: string; input: string; expected: string | undefined }[] = [
  { name: "Claude Code's Read is the engine's read_file", input: "Read", expected: "read_file" },
  { name: "Task is the agent tool", input: "Task", expected: "agent" },
  { name: "an engine name stands for itself", input: "web_fetch", expected: "web_fetch" },
  { name: "an unknown tool has no engine name", input: "Frobnicate", expected: undefined },
];

Deno.test("tool names: the engine tool of a name", async (t) => {
  for (const c of ENGINE) await t.step(c.name, () => assert.equal(engineTool(c.input), c.expected));
});

const RULE_TOOLS: { name: string; input: string; expected: string[] | undefined }[] = [
  {
    name: "a Read rule guards every tool that reads files",
    input: "Read",
    expected: ["read_file", "list_files", "glob", "grep"],
  },
  { name: "a Bash rule guards bash and monitor", input: "Bash", expected: ["bash", "monitor"] },
  { name: "a WebFetch rule guards web_fetch", input: "WebFetch", expected: ["web_fetch"] },
  { name: "an unknown tool guards nothing", input: "Frobnicate", expected: undefined },
];

Deno.test("tool names: the engine tools a rule's tool name speaks for", async (t) => {
  for (const c of RULE_TOOLS) {
    await t.step(c.name, () => assert.deepEqual(ruleTools(c.input), c.expected));
  }
});
