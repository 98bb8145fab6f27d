/**
 * The Codex CLI adapter (issue 16): Codex 0.169.0 sends Claude Code's input shape (its
 * embedded `pre-tool-use.command.input` schema; observed through the agent oracle), with its
 * own tool names for a few tools; `apply_patch` patches, whether sent as their own tool or
 * inside a Bash heredoc that Codex applies in process (observed), are writes of each file. The
 * real sessions are `tests/cli/agent_sessions_test.ts`.
 */

import assert from "node:assert/strict";
import { answerCodex, readCodex, refuseCodex } from "../../lib/hook/agents/codex.ts";
import type { AgentRequest } from "../../lib/hook/agents/agent.ts";
import type { Decision } from "../../lib/permissions/verdict.ts";

const input = (tool: string, toolInput: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: "s",
    turn_id: "t",
    transcript_path: null,
    cwd: "/p/src",
    hook_event_name: "PreToolUse",
    model: "gpt-5.1-codex",
    permission_mode: "bypassPermissions",
    tool_name: tool,
    tool_input: toolInput,
    tool_use_id: "call_2",
    ...extra,
  });

const patch = (body: string) => `*** Begin Patch\n${body}\n*** End Patch\n`;

const TOOLS: { name: string; tool: string; input: unknown; expected: [unknown, unknown][] }[] = [
  {
    name: "Bash is Bash (exec_command's cmd is tool_input.command)",
    tool: "Bash",
    input: { command: "ls" },
    expected: [["Bash", { command: "ls" }]],
  },
  {
    name: "a heredoc patch Codex applies itself: a write of each file, as written",
    tool: "Bash",
    input: { command: `apply_patch <<'EOF'\n${patch("*** Add File: a.txt\n+x")}EOF\n` },
    expected: [
      ["Bash", { command: `apply_patch <<'EOF'\n${patch("*** Add File: a.txt\n+x")}EOF\n` }],
      ["Write", { file_path: "a.txt" }],
    ],
  },
  {
    name: "after cd DIR &&: each file also in DIR",
    tool: "Bash",
    input: {
      command: `cd lib && applypatch <<EOF\n${patch("*** Update File: ../.env\n@@\n-a\n+b")}EOF`,
    },
    expected: [
      ["Bash", {
        command: `cd lib && applypatch <<EOF\n${patch("*** Update File: ../.env\n@@\n-a\n+b")}EOF`,
      }],
      ["Edit", { file_path: "../.env" }],
      ["Edit", { file_path: "lib/../.env" }],
    ],
  },
  {
    name: "apply_patch as its own tool: Write, Edit, Move to, Delete",
    tool: "apply_patch",
    input: {
      command: patch(
        "*** Add File: n.txt\n+x\n*** Update File: o.txt\n*** Move to: m.txt\n*** Delete File: d.txt",
      ),
    },
    expected: [
      ["Write", { file_path: "n.txt" }],
      ["Edit", { file_path: "o.txt" }],
      ["Write", { file_path: "m.txt" }],
      ["Edit", { file_path: "d.txt" }],
    ],
  },
  {
    name: "view_image is a Read of its path",
    tool: "view_image",
    input: { path: "secrets/shot.png" },
    expected: [["Read", { file_path: "secrets/shot.png" }]],
  },
  {
    name: "web_search is WebSearch",
    tool: "web_search",
    input: { query: "q" },
    expected: [["WebSearch", { query: "q" }]],
  },
  {
    name: "an MCP tool keeps Claude Code's name",
    tool: "mcp__github__create_issue",
    input: { title: "t" },
    expected: [["mcp__github__create_issue", { title: "t" }]],
  },
  {
    name: "Claude Code's names are read as Claude Code's",
    tool: "Read",
    input: { file_path: "/p/.env" },
    expected: [["Read", { file_path: "/p/.env" }]],
  },
  ...["update_plan", "spawn_agent", "write_stdin", "glob", "read_file", "bash"].map((tool) => ({
    name: `${tool} (a flat Codex name) has no counterpart, even one that is an engine name`,
    tool,
    input: { command: "rm -rf /" },
    expected: [[undefined, { command: "rm -rf /" }]] as [unknown, unknown][],
  })),
];

for (const c of TOOLS) {
  Deno.test(`codex tools: ${c.name}`, () => {
    const r = readCodex(input(c.tool, c.input));
    assert.ok(!("error" in r), JSON.stringify(r));
    assert.equal(r.cwd, "/p/src");
    assert.equal(r.mode, "bypassPermissions");
    assert.deepEqual(r.calls.map((m) => [m.tool, m.input]), c.expected);
  });
}

Deno.test("codex input: a mode skald does not know is read, and decided as default", () => {
  const r = readCodex(input("Bash", { command: "ls" }, { permission_mode: "yolo" }));
  assert.ok(!("error" in r), JSON.stringify(r));
  assert.equal(r.mode, "yolo");
});

const ERRORS: { name: string; text: string; error: RegExp }[] = [
  { name: "not JSON", text: "{", error: /not JSON/ },
  {
    name: "apply_patch without a patch",
    text: input("apply_patch", { input: "x" }),
    error: /no "command" string/,
  },
  {
    name: "apply_patch naming no file",
    text: input("apply_patch", { command: "*** Begin Patch\n*** End Patch" }),
    error: /names no file/,
  },
];
for (const c of ERRORS) {
  Deno.test(`codex input: ${c.name} is an error`, () => {
    const r = readCodex(c.text);
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
const pre: AgentRequest = { event: "PreToolUse", calls: [], cwd: "/p", mode: "default" };
const plain = { authoritative: false, askAs: "deny" } as const;
const deny = (reason: string) => ({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  },
});

Deno.test("codex answer: a deny is Claude Code's deny (observed: blocks)", () => {
  const r = answerCodex(decision("deny", "rule"), pre, plain);
  assert.deepEqual([JSON.parse(r.stdout), r.outcome], [deny("skald: R"), "ok"]);
});

Deno.test("codex answer: an ask is a deny saying so (Codex runs a call a hook asks for)", () => {
  for (const options of [plain, { authoritative: false, askAs: "ask" } as const]) {
    const r = answerCodex(decision("ask", "guard"), pre, options);
    assert.deepEqual(
      JSON.parse(r.stdout),
      deny("skald: R (Codex CLI cannot ask from skald's hook here, so skald denies)"),
    );
  }
});

Deno.test("codex answer: nothing for an allow, even authoritative (Codex refuses allow)", () => {
  for (const authoritative of [false, true]) {
    assert.equal(
      answerCodex(decision("allow", "rule"), pre, { authoritative, askAs: "deny" }).stdout,
      "",
    );
  }
  assert.equal(answerCodex(decision("ask", "default"), pre, plain).stdout, "");
});

Deno.test("codex answer: PermissionRequest is answered as Claude Code's", () => {
  const r = answerCodex(decision("deny", "rule"), { ...pre, event: "PermissionRequest" }, plain);
  assert.deepEqual(JSON.parse(r.stdout), {
    hookSpecificOutput: {
      hookEventName: "PermissionRequest",
      decision: { behavior: "deny", message: "skald: R" },
    },
  });
});

Deno.test("codex refusal: the reason on stderr and exit 2 (observed: blocks; exit 1 runs)", () => {
  assert.deepEqual(refuseCodex("bad"), {
    stdout: "",
    stderr: "skald: bad; the call is blocked\n",
    outcome: "block",
  });
});
