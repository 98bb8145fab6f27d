/**
 * The Gemini CLI adapter (issue 16): each of Gemini CLI 0.61.0's tools (the 16 it offers with
 * `--yolo`, observed through the agent oracle, and the others its bundle defines) mapped onto
 * skald's, the input checks, and the answer for each verdict. The real sessions are
 * `tests/cli/agent_sessions_test.ts`.
 */

import assert from "node:assert/strict";
import { answerGemini, readGemini, refuseGemini } from "../../lib/hook/agents/gemini.ts";
import type { Decision } from "../../lib/permissions/verdict.ts";
import type { AgentRequest } from "../../lib/hook/agents/agent.ts";

const input = (tool: string, toolInput: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: "s",
    transcript_path: "/h/.gemini/tmp/p/chats/s.jsonl",
    cwd: "/p",
    hook_event_name: "BeforeTool",
    timestamp: "2026-12-01T08:23:30.843Z",
    tool_name: tool,
    tool_input: toolInput,
    ...extra,
  });

/** What each call becomes: [tool, input, cwd?, readsTree?]. */
type Mapped = [string | undefined, Record<string, unknown>, string?, string?];

const TOOLS: { name: string; tool: string; input: unknown; extra?: object; expected: Mapped[] }[] =
  [
    {
      name: "run_shell_command is Bash, run in the project",
      tool: "run_shell_command",
      input: { command: "ls", description: "list" },
      expected: [["Bash", { command: "ls" }]],
    },
    {
      name: "run_shell_command's dir_path is where it runs (README: dir_path sub runs in sub)",
      tool: "run_shell_command",
      input: { command: "cat a.txt", dir_path: "sub" },
      expected: [["Bash", { command: "cat a.txt" }, "/p/sub"]],
    },
    {
      name: "an absolute dir_path",
      tool: "run_shell_command",
      input: { command: "ls", dir_path: "/p/sub/../x", is_background: true },
      expected: [["Bash", { command: "ls" }, "/p/x"]],
    },
    {
      name: "read_file is Read; a relative path stays relative (resolved where the call runs)",
      tool: "read_file",
      input: { file_path: "./sub/../.env", start_line: 1 },
      expected: [["Read", { file_path: "./sub/../.env" }]],
    },
    {
      name: "write_file is Write",
      tool: "write_file",
      input: { file_path: "a.txt", content: "x" },
      expected: [["Write", { file_path: "a.txt", content: "x" }]],
    },
    {
      name: "replace is Edit",
      tool: "replace",
      input: { file_path: "a.txt", old_string: "a", new_string: "b", instruction: "i" },
      expected: [["Edit", { file_path: "a.txt", old_string: "a", new_string: "b" }]],
    },
    {
      name: "list_directory is LS",
      tool: "list_directory",
      input: { dir_path: "secrets" },
      expected: [["LS", { path: "secrets" }]],
    },
    {
      name: "glob is Glob (names only), dir_path its root",
      tool: "glob",
      input: { pattern: "*.ts", dir_path: "src" },
      expected: [["Glob", { pattern: "*.ts", path: "src" }]],
    },
    {
      name: "grep_search is Grep, and reads the whole tree below its root",
      tool: "grep_search",
      input: { pattern: "KEY" },
      expected: [["Grep", { pattern: "KEY" }, undefined, "."]],
    },
    {
      name: "search_file_content (grep_search's old name) too",
      tool: "search_file_content",
      input: { pattern: "KEY", dir_path: "src", include_pattern: "*.ts" },
      expected: [["Grep", { pattern: "KEY", path: "src" }, undefined, "src"]],
    },
    {
      name: "read_many_files: a file is a Read of it, a glob reads below its fixed part",
      tool: "read_many_files",
      input: { include: ["README.md", "src/**/*.ts", "**/*"], exclude: ["secrets/**"] },
      expected: [
        ["Read", { file_path: "README.md" }, undefined, "README.md"],
        ["Glob", { pattern: "src/**/*.ts" }, undefined, "src"],
        ["Glob", { pattern: "**/*" }, undefined, "."],
      ],
    },
    {
      name: "web_fetch: every http(s) URL of the prompt, as Gemini's parsePrompt reads them",
      tool: "web_fetch",
      input: {
        prompt: "Compare https://a.example/x and\nhttp://b.example/y, not ftp://c.example/",
      },
      expected: [
        ["WebFetch", { url: "https://a.example/x" }],
        ["WebFetch", { url: "http://b.example/y," }],
      ],
    },
    {
      name: "web_fetch: a github.com blob URL is fetched from raw.githubusercontent.com",
      tool: "web_fetch",
      input: { prompt: "read https://github.com/o/r/blob/main/a.md" },
      expected: [
        ["WebFetch", { url: "https://github.com/o/r/blob/main/a.md" }],
        ["WebFetch", { url: "https://raw.githubusercontent.com/o/r/main/a.md" }],
      ],
    },
    {
      name: "web_fetch's url (direct fetch mode)",
      tool: "web_fetch",
      input: { url: "https://a.example/" },
      expected: [["WebFetch", { url: "https://a.example/" }]],
    },
    {
      name: "google_web_search is WebSearch",
      tool: "google_web_search",
      input: { query: "q" },
      expected: [["WebSearch", { query: "q" }]],
    },
    {
      name: "activate_skill is Skill",
      tool: "activate_skill",
      input: { name: "review" },
      expected: [["Skill", { skill: "review" }]],
    },
    {
      name: "write_todos is TodoWrite",
      tool: "write_todos",
      input: { todos: [] },
      expected: [["TodoWrite", { todos: [] }]],
    },
    {
      name: "an MCP tool with mcp_context is exactly its server's tool (observed: my_db)",
      tool: "mcp_my_db_drop_table",
      input: {},
      extra: { mcp_context: { server_name: "my_db", tool_name: "drop_table", command: "node" } },
      expected: [["mcp__my_db__drop_table", {}]],
    },
    {
      name: "an MCP tool without mcp_context: every way the name splits",
      tool: "mcp_my_db_drop_table",
      input: {},
      expected: [
        ["mcp__my__db_drop_table", {}],
        ["mcp__my_db__drop_table", {}],
        ["mcp__my_db_drop__table", {}],
      ],
    },
    ...[
      "update_topic",
      "list_background_processes",
      "read_background_output",
      "enter_plan_mode",
      "exit_plan_mode",
      "invoke_agent",
      "ask_user",
      "complete_task",
      "get_internal_docs",
      "read_mcp_resource",
      "tracker_create_task",
      "discovered_tool_deploy",
      "mcp_nosplit",
      // A name of skald's or Claude Code's vocabulary is not taken for that tool.
      "Bash",
      "bash",
      "Read",
      "web_search",
    ].map((tool) => ({
      name: `${tool} has no counterpart: no rule of skald's can name it`,
      tool,
      input: { command: "rm -rf /", file_path: "/etc/passwd" },
      expected: [[undefined, { command: "rm -rf /", file_path: "/etc/passwd" }]] as Mapped[],
    })),
  ];

for (const c of TOOLS) {
  Deno.test(`gemini tools: ${c.name}`, () => {
    const r = readGemini(input(c.tool, c.input, c.extra as Record<string, unknown>));
    assert.ok(!("error" in r), JSON.stringify(r));
    assert.equal(r.event, "PreToolUse");
    assert.equal(r.mode, "default");
    assert.equal(r.cwd, "/p");
    assert.deepEqual(
      r.calls.map((m) => [m.tool, m.input, m.cwd, m.readsTree]),
      c.expected.map(([t, i, cwd, tree]) => [t, i, cwd, tree]),
    );
    for (const m of r.calls) assert.equal(m.agentTool, c.tool);
  });
}

const ERRORS: { name: string; text: string; error: RegExp }[] = [
  { name: "not JSON", text: "{", error: /^The hook input is not JSON/ },
  { name: "not an object", text: "[1]", error: /^The hook input is not a JSON object$/ },
  {
    name: "a key named error is not taken for an error",
    text: JSON.stringify({ error: "x", hook_event_name: "BeforeTool" }),
    error: /no "tool_name"/,
  },
  {
    name: "Claude Code's event name (Gemini rejects it as a hook event)",
    text: input("run_shell_command", { command: "ls" }, { hook_event_name: "PreToolUse" }),
    error: /answers BeforeTool, not "PreToolUse"/,
  },
  {
    name: "AfterTool",
    text: input("run_shell_command", { command: "ls" }, { hook_event_name: "AfterTool" }),
    error: /not "AfterTool"/,
  },
  {
    name: "no tool_name",
    text: input("", {}),
    error: /no "tool_name"/,
  },
  {
    name: "tool_input not an object",
    text: input("read_file", "x"),
    error: /no "tool_input" object/,
  },
  {
    name: "a relative cwd",
    text: input("read_file", { file_path: "a" }, { cwd: "p" }),
    error: /"cwd" is not an absolute path/,
  },
  {
    name: "a dir_path that is not a string",
    text: input("run_shell_command", { command: "ls", dir_path: 3 }),
    error: /"dir_path" of run_shell_command is not a string/,
  },
  {
    name: "read_many_files without a list",
    text: input("read_many_files", { include: "*.ts" }),
    error: /"include" of read_many_files is not a list of strings/,
  },
  {
    name: "web_fetch without a URL",
    text: input("web_fetch", { prompt: "summarize example.com" }),
    error: /web_fetch names no http or https URL/,
  },
];

for (const c of ERRORS) {
  Deno.test(`gemini input: ${c.name} is an error`, () => {
    const r = readGemini(c.text);
    assert.ok("error" in r);
    assert.match(r.error, c.error);
  });
}

const decision = (
  verdict: Decision["verdict"],
  basis: Decision["basis"],
  reason = "R",
): Decision => ({ verdict, basis, reason, rule: null, source: null });
const request: AgentRequest = { event: "PreToolUse", calls: [], cwd: "/p", mode: "default" };
const plain = { authoritative: false, askAs: "deny" } as const;

const ANSWERS: {
  name: string;
  decision: Decision;
  options?: { authoritative: boolean; askAs: "deny" | "ask" };
  stdout: unknown;
}[] = [
  {
    name:
      "a deny is {decision: deny} with the reason (README: blocks, the reason reaches the model)",
    decision: decision("deny", "rule", "Denied by Bash(rm:*)"),
    stdout: { decision: "deny", reason: "skald: Denied by Bash(rm:*)" },
  },
  {
    name: "an ask by a rule is a deny that says so ({decision: ask} waits forever headless)",
    decision: decision("ask", "rule", "Needs approval by Bash(git push:*)"),
    stdout: {
      decision: "deny",
      reason:
        "skald: Needs approval by Bash(git push:*) (Gemini CLI cannot ask from skald's hook here, so skald denies)",
    },
  },
  {
    name: "--ask-as ask sends the ask",
    decision: decision("ask", "guard"),
    options: { authoritative: false, askAs: "ask" },
    stdout: { decision: "ask", reason: "skald: R" },
  },
  {
    name: "an ask only because no rule speaks: nothing, Gemini decides",
    decision: decision("ask", "default"),
    stdout: undefined,
  },
  {
    name: "authoritative: the default ask is a deny too",
    decision: decision("ask", "default"),
    options: { authoritative: true, askAs: "deny" },
    stdout: {
      decision: "deny",
      reason: "skald: R (Gemini CLI cannot ask from skald's hook here, so skald denies)",
    },
  },
  { name: "an allow: nothing", decision: decision("allow", "rule"), stdout: undefined },
  {
    name: "authoritative: an allow is {decision: allow}",
    decision: decision("allow", "rule"),
    options: { authoritative: true, askAs: "deny" },
    stdout: { decision: "allow" },
  },
];

for (const c of ANSWERS) {
  Deno.test(`gemini answer: ${c.name}`, () => {
    const r = answerGemini(c.decision, request, c.options ?? plain);
    assert.equal(r.outcome, "ok");
    assert.equal(r.stderr, "");
    assert.deepEqual(r.stdout === "" ? undefined : JSON.parse(r.stdout), c.stdout);
  });
}

Deno.test("gemini refusal: the deny JSON on stdout, the reason on stderr, exit 2", () => {
  // README: exit 2 blocks only with text on stderr; JSON on stdout is honoured whatever the exit.
  const r = refuseGemini("The hook input is not JSON:\nline");
  const reason = "skald: The hook input is not JSON: line; the call is blocked";
  assert.deepEqual(r, {
    stdout: JSON.stringify({ decision: "deny", reason }) + "\n",
    stderr: reason + "\n",
    outcome: "block",
  });
});
