/**
 * The GitHub Copilot CLI adapter against Copilot CLI's documented hook contract (issue 16).
 * Copilot CLI cannot run offline (it needs a GitHub sign-in and its service), so the judge is
 * its documentation, as the github/docs repository holds it (read 2026-12-01; the pages carry
 * no date of their own, so each is cited by its commit there):
 *
 * - HOOKS_CONFIGURATION: "Hooks configuration",
 *   https://docs.github.com/en/copilot/reference/hooks-configuration
 *   (`content/copilot/reference/hooks-configuration.md` at github/docs commit 1912b4fc):
 *   `.github/hooks/*.json`, `{"version": 1, "hooks": {"preToolUse": [...]}}`; input
 *   `{timestamp, cwd, toolName, toolArgs}` with `toolArgs` "JSON string containing the tool's
 *   arguments"; output `{permissionDecision, permissionDecisionReason}` ("only "deny" is
 *   currently processed").
 * - CLI_HOOKS_REFERENCE: "GitHub Copilot CLI hooks reference",
 *   https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference
 *   (`content/copilot/reference/copilot-cli-reference/cli-hooks-reference.md` at 927566b0):
 *   `toolArgs: unknown`; the PascalCase `PreToolUse` payload `{hook_event_name, session_id,
 *   timestamp, cwd, tool_name, tool_input}`; tool names `bash`, `create`, `edit`, `glob`,
 *   `grep`, `powershell`, `task`, `view`, `web_fetch`, `ask_user`; "Hook failures (non-zero
 *   exit codes or timeouts) are logged and skipped—they never block agent execution."
 * - HOOKS_REFERENCE: "GitHub Copilot hooks reference",
 *   https://docs.github.com/en/copilot/reference/hooks-reference (`hooks-reference.md` at
 *   05da5bc3; it redirects from both pages above): `preToolUse` command hooks are fail-closed
 *   on a non-zero exit and fail-open on a timeout; the PascalCase payload gives `tool_name` as
 *   Claude Code's name (`bash` -> `Bash`, `view` -> `Read`, `create` -> `Write`, `edit` ->
 *   `Edit`, ...); Copilot CLI also runs the hooks of `.claude/settings.json`.
 *
 * Where the pages disagree (what an error does), skald answers so that the call is blocked
 * under each: an explicit deny on stdout, exit 0.
 */

import assert from "node:assert/strict";
import { answerCopilot, readCopilot, refuseCopilot } from "../../lib/hook/agents/copilot.ts";
import type { AgentRequest } from "../../lib/hook/agents/agent.ts";
import type { Decision } from "../../lib/permissions/verdict.ts";

const camel = (toolName: string, toolArgs: unknown) =>
  JSON.stringify({ timestamp: 1704614600000, cwd: "/path/to/project", toolName, toolArgs });

const INPUTS: { name: string; text: string; expected: [unknown, unknown] }[] = [
  {
    name: "HOOKS_CONFIGURATION's example input: bash with toolArgs a JSON string",
    text: JSON.stringify({
      timestamp: 1704614600000,
      cwd: "/path/to/project",
      toolName: "bash",
      toolArgs: '{"command":"rm -rf dist","description":"Clean build directory"}',
    }),
    expected: ["Bash", { command: "rm -rf dist" }],
  },
  {
    name: "CLI_HOOKS_REFERENCE: toolArgs as an object (typed unknown)",
    text: camel("bash", { command: "ls" }),
    expected: ["Bash", { command: "ls" }],
  },
  {
    name: "view is Read (HOOKS_CONFIGURATION's example reads .toolArgs.path)",
    text: camel("view", JSON.stringify({ path: "/path/to/project/.env" })),
    expected: ["Read", { file_path: "/path/to/project/.env" }],
  },
  {
    name: "create is Write",
    text: camel("create", JSON.stringify({ path: "src/a.ts", file_text: "x" })),
    expected: ["Write", { file_path: "src/a.ts", content: "x" }],
  },
  {
    name: "edit is Edit",
    text: camel("edit", JSON.stringify({ path: "src/a.ts", old_str: "a", new_str: "b" })),
    expected: ["Edit", { file_path: "src/a.ts", old_string: "a", new_string: "b" }],
  },
  {
    name: "glob is Glob",
    text: camel("glob", JSON.stringify({ pattern: "**/*.ts" })),
    expected: ["Glob", { pattern: "**/*.ts" }],
  },
  {
    name: "grep is Grep",
    text: camel("grep", JSON.stringify({ pattern: "KEY", path: "src" })),
    expected: ["Grep", { pattern: "KEY", path: "src" }],
  },
  {
    name: "web_fetch is WebFetch",
    text: camel("web_fetch", JSON.stringify({ url: "https://example.com/" })),
    expected: ["WebFetch", { url: "https://example.com/" }],
  },
  ...["powershell", "task", "ask_user", "Bash", "read_file", "github-mcp-server-get_issue"].map((
    tool,
  ) => ({
    name: `${tool} has no counterpart`,
    text: camel(tool, JSON.stringify({ command: "rm -rf /" })),
    expected: [undefined, { command: "rm -rf /" }] as [unknown, unknown],
  })),
  {
    name: "HOOKS_REFERENCE: the PascalCase PreToolUse payload, Claude Code's tool name",
    text: JSON.stringify({
      hook_event_name: "PreToolUse",
      session_id: "s",
      timestamp: "2026-01-01T00:00:00.000Z",
      cwd: "/path/to/project",
      tool_name: "Read",
      tool_input: { path: "secrets/k" },
    }),
    expected: ["Read", { file_path: "secrets/k" }],
  },
];

for (const c of INPUTS) {
  Deno.test(`copilot input: ${c.name}`, () => {
    const r = readCopilot(c.text);
    assert.ok(!("error" in r), JSON.stringify(r));
    assert.equal(r.cwd, "/path/to/project");
    assert.deepEqual([r.calls[0]!.tool, r.calls[0]!.input], c.expected);
  });
}

Deno.test("copilot input: grep reads the tree below its path (. without one)", () => {
  const r = readCopilot(camel("grep", { pattern: "KEY" }));
  assert.ok(!("error" in r));
  assert.equal(r.calls[0]!.readsTree, ".");
});

const ERRORS: { name: string; text: string; error: RegExp }[] = [
  { name: "not JSON", text: "nope", error: /not JSON/ },
  {
    name: "toolArgs a string that is not JSON",
    text: camel("bash", "{"),
    error: /"toolArgs" is not JSON/,
  },
  { name: "toolArgs a list", text: camel("bash", "[]"), error: /not a JSON object/ },
  {
    name: "no toolName",
    text: JSON.stringify({ cwd: "/p", toolArgs: "{}" }),
    error: /no "toolName"/,
  },
  {
    name: "a relative cwd",
    text: JSON.stringify({ cwd: "p", toolName: "bash", toolArgs: "{}" }),
    error: /"cwd"/,
  },
  {
    name: "another event",
    text: JSON.stringify({
      hook_event_name: "PostToolUse",
      cwd: "/p",
      tool_name: "Bash",
      tool_input: {},
    }),
    error: /answers preToolUse, not "PostToolUse"/,
  },
];
for (const c of ERRORS) {
  Deno.test(`copilot input: ${c.name} is an error`, () => {
    const r = readCopilot(c.text);
    assert.ok("error" in r);
    assert.match(r.error, c.error);
  });
}

const decision = (verdict: Decision["verdict"], basis: Decision["basis"]): Decision => ({
  verdict,
  basis,
  reason: "R",
  rule: null,
  source: null,
});
const req: AgentRequest = { event: "PreToolUse", calls: [], cwd: "/p", mode: "default" };
const plain = { authoritative: false, askAs: "deny" } as const;

Deno.test("copilot answer: a deny is the documented output, at the top level", () => {
  const r = answerCopilot(decision("deny", "rule"), req, plain);
  assert.deepEqual([JSON.parse(r.stdout), r.outcome], [
    { permissionDecision: "deny", permissionDecisionReason: "skald: R" },
    "ok",
  ]);
});

Deno.test("copilot answer: an ask is a deny unless --ask-as ask", () => {
  assert.deepEqual(JSON.parse(answerCopilot(decision("ask", "rule"), req, plain).stdout), {
    permissionDecision: "deny",
    permissionDecisionReason:
      "skald: R (Copilot CLI cannot ask from skald's hook here, so skald denies)",
  });
  const asked = answerCopilot(decision("ask", "rule"), req, { authoritative: false, askAs: "ask" });
  assert.deepEqual(JSON.parse(asked.stdout), {
    permissionDecision: "ask",
    permissionDecisionReason: "skald: R",
  });
});

Deno.test("copilot answer: nothing where skald has no opinion; an allow only authoritative", () => {
  assert.equal(answerCopilot(decision("allow", "rule"), req, plain).stdout, "");
  assert.equal(answerCopilot(decision("ask", "default"), req, plain).stdout, "");
  const r = answerCopilot(decision("allow", "rule"), req, { authoritative: true, askAs: "deny" });
  assert.deepEqual(JSON.parse(r.stdout), { permissionDecision: "allow" });
});

Deno.test("copilot refusal: an explicit deny on stdout and exit 0 (blocks under every page)", () => {
  const r = refuseCopilot("The hook input is not JSON");
  const reason = "skald: The hook input is not JSON; the call is blocked";
  assert.deepEqual(r, {
    stdout: JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: reason }) + "\n",
    stderr: reason + "\n",
    outcome: "ok",
  });
});
