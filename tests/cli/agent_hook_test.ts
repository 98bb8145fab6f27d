/**
 * `skald hook --agent NAME` end to end (issue 16): the process, on a project with deny rules,
 * for what the adapters leave to the shared edge (a tool that reads a whole tree, every URL of
 * a prompt, every split of an MCP name, where a call runs) and for every error path, which must
 * block in that agent's own way: Gemini and Codex exit 2 with the reason on stderr (Gemini also
 * gets the deny JSON), Copilot gets an explicit deny on stdout and exit 0.
 */

import assert from "node:assert/strict";
import { skald } from "./_run.ts";

const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-agent-hook-" }));
const project = `${dir}/proj`;
for (
  const [path, text] of Object.entries({
    ".claude/settings.json": JSON.stringify({
      permissions: {
        deny: [
          "Read(./secrets/**)",
          "WebFetch(domain:raw.githubusercontent.com)",
          "mcp__my_db__drop_table",
          "Bash(rm:*)",
        ],
      },
    }),
    "secrets/k": "KEY=1\n",
    "src/a.ts": "a\n",
  })
) {
  const file = `${project}/${path}`;
  Deno.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  Deno.writeTextFileSync(file, text);
}
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const gemini = (tool: string, input: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    hook_event_name: "BeforeTool",
    cwd: project,
    tool_name: tool,
    tool_input: input,
    ...extra,
  });

const run = (args: string[], stdin: string) =>
  skald(["hook", ...args], { stdin, cwd: project, env: { CLAUDE_PROJECT_DIR: project } });

const VERDICTS: { name: string; stdin: string; denied: RegExp | null }[] = [
  {
    name: "grep_search over the project reads secrets/: denied by the Read rule",
    stdin: gemini("grep_search", { pattern: "KEY" }),
    // The file found, and the way through (issue 23).
    denied:
      /Read\(\.\/secrets\/\*\*\).*grep_search reads `\.\/secrets\/k` below `\.`; instead: search a narrower directory/,
  },
  {
    name: "grep_search in src reads no secret: allowed",
    stdin: gemini("grep_search", { pattern: "KEY", dir_path: "src" }),
    denied: null,
  },
  {
    name: "read_many_files of **/*.ts reads below .: denied",
    stdin: gemini("read_many_files", { include: ["**/*.ts"] }),
    denied: /Read\(\.\/secrets\/\*\*\)/,
  },
  {
    name: "read_many_files of a file in secrets/: denied",
    stdin: gemini("read_many_files", { include: ["src/a.ts", "secrets/k"] }),
    denied: /Read\(\.\/secrets\/\*\*\)/,
  },
  {
    name: "read_many_files of src/**: allowed",
    stdin: gemini("read_many_files", { include: ["src/**"] }),
    denied: null,
  },
  {
    name: "web_fetch of a github.com blob: Gemini fetches raw.githubusercontent.com, denied",
    stdin: gemini("web_fetch", { prompt: "read https://github.com/o/r/blob/main/a.md" }),
    denied: /WebFetch\(domain:raw\.githubusercontent\.com\)/,
  },
  {
    name: "an MCP name without mcp_context: the split a deny rule names is denied",
    stdin: gemini("mcp_my_db_drop_table", {}),
    denied: /mcp__my_db__drop_table/,
  },
  {
    name: "run_shell_command in src: cat ../secrets/k is the project's secret",
    stdin: gemini("run_shell_command", { command: "cat ../secrets/k", dir_path: "src" }),
    denied: /Read\(\.\/secrets\/\*\*\)/,
  },
  {
    name: "an unknown Gemini tool: no opinion",
    stdin: gemini("update_topic", { title: "t" }),
    denied: null,
  },
];

for (const c of VERDICTS) {
  Deno.test(`hook --agent gemini: ${c.name}`, async () => {
    const r = await run(["--agent", "gemini"], c.stdin);
    assert.equal(r.code, 0, r.stderr);
    if (c.denied === null) assert.equal(r.stdout, "");
    else {
      const out = JSON.parse(r.stdout);
      assert.equal(out.decision, "deny");
      assert.match(out.reason, c.denied);
    }
  });
}

Deno.test("hook --agent gemini --authoritative: an unknown tool is denied (no rule allows it)", async () => {
  const r = await run(["--agent", "gemini", "--authoritative"], gemini("update_topic", {}));
  assert.match(JSON.parse(r.stdout).reason, /skald knows no tool "update_topic"/);
});

Deno.test("hook --agent codex: a Bash call where it runs, in bypassPermissions", async () => {
  const stdin = JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd: `${project}/src`,
    permission_mode: "bypassPermissions",
    tool_name: "Bash",
    tool_input: { command: "rm -rf ../secrets" },
  });
  const r = await skald(["hook", "--agent", "codex"], { stdin, cwd: project });
  assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
});

/** Each agent's refusal, for one error: what it prints and how it exits. */
function refused(agent: string, r: { code: number; stdout: string; stderr: string }, why: RegExp) {
  assert.match(r.stderr, why);
  assert.match(r.stderr, /; the call is blocked\n$/);
  if (agent === "copilot") {
    assert.equal(r.code, 0);
    const out = JSON.parse(r.stdout);
    assert.equal(out.permissionDecision, "deny");
    assert.match(out.permissionDecisionReason, why);
  } else if (agent === "gemini") {
    assert.equal(r.code, 2);
    assert.equal(JSON.parse(r.stdout).decision, "deny");
  } else {
    assert.deepEqual([r.code, r.stdout], [2, ""]);
  }
}

const GOOD: Record<string, string> = {
  gemini: gemini("run_shell_command", { command: "ls" }),
  codex: JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd: project,
    tool_name: "Bash",
    tool_input: { command: "ls" },
  }),
  copilot: JSON.stringify({ cwd: project, toolName: "bash", toolArgs: '{"command":"ls"}' }),
};

for (const agent of ["gemini", "codex", "copilot"]) {
  Deno.test(`hook --agent ${agent}: every error path blocks in ${agent}'s contract`, async () => {
    refused(agent, await run(["--agent", agent], "not json"), /not JSON/);
    refused(
      agent,
      await run(["--agent", agent, "--nope"], GOOD[agent]!),
      /Unknown option "--nope"/,
    );
    refused(
      agent,
      await run(["--agent", agent, "--ask-as", "maybe"], GOOD[agent]!),
      /--ask-as takes ask or deny/,
    );
    refused(
      agent,
      await run(["--agent", agent, "--settings"], GOOD[agent]!),
      /--settings without a value/,
    );
    refused(
      agent,
      await run(["--agent", agent, "--settings", "missing.json"], GOOD[agent]!),
      /missing\.json: The settings file does not exist/,
    );
    refused(
      agent,
      await run(
        ["--agent", agent, "--settings", '{"permissions":{"deny":["Bash(rm:*"]}}'],
        GOOD[agent]!,
      ),
      /Cannot parse rule/,
    );
    const gone = GOOD[agent]!.replaceAll(project, `${project}/nowhere`);
    refused(agent, await run(["--agent", agent], gone), /does not exist/);
  });
}

Deno.test("hook --agent with an unknown agent blocks as Claude Code's hook does (exit 2)", async () => {
  const r = await run(["--agent", "cursor"], GOOD.codex!);
  assert.deepEqual([r.code, r.stdout], [2, ""]);
  assert.match(
    r.stderr,
    /Unknown agent "cursor" \(skald hook --agent takes claude, gemini, codex, copilot\)/,
  );
});

Deno.test("hook --agent claude is the default path", async () => {
  const stdin = JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd: project,
    tool_name: "Bash",
    tool_input: { command: "rm -rf x" },
  });
  const a = await run([], stdin);
  const b = await run(["--agent", "claude"], stdin);
  assert.deepEqual(b, a);
  assert.equal(JSON.parse(a.stdout).hookSpecificOutput.permissionDecision, "deny");
});
