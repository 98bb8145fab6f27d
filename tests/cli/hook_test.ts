/**
 * `skald hook`: Claude Code's PreToolUse hook input on stdin, its hook output on stdout.
 */

import assert from "node:assert/strict";
import { REPO, skald } from "./_run.ts";
import { memoryIo } from "./_memory_io.ts";
import { hookTest } from "./_hook_runs.ts";

const project = `${REPO}/examples/project`;
const input = (tool: string, toolInput: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: "s1",
    transcript_path: "/tmp/t.jsonl",
    cwd: project,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: toolInput,
    ...extra,
  });

hookTest("hook: a deny rule denies, naming the rule and its source", async (hook) => {
  const r = await hook([], { stdin: input("Bash", { command: "sudo rm -rf /" }) });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason:
        'skald: Denied by Bash(rm:*) from .claude/settings.json (matches "rm -rf /" inside sudo)',
    },
  });
});

hookTest(
  "hook: PreSkillShellCommand is answered in its own shape (Claude Code 2.1.332's input)",
  async (hook) => {
    // The input Claude Code 2.1.332 sent for `/inj foo` (oracle, issue 21).
    const extra = {
      hook_event_name: "PreSkillShellCommand",
      tool_use_id: "0d1decca:inner:preamble-0",
      command_name: "inj",
      command_source: "projectSettings",
      invoked_by: "user",
    };
    const r = await hook([], { stdin: input("Bash", { command: "sudo rm -rf /" }, extra) });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      hookSpecificOutput: {
        hookEventName: "PreSkillShellCommand",
        permissionDecision: "deny",
        permissionDecisionReason:
          'skald: Denied by Bash(rm:*) from .claude/settings.json (matches "rm -rf /" inside sudo)',
      },
    });
    const ok = await hook([], { stdin: input("Bash", { command: "ls" }, extra) });
    assert.deepEqual([ok.code, ok.stdout], [0, ""]);
  },
);

hookTest(
  "hook: an event skald does not answer decides nothing, blocks nothing, and says so",
  async (hook) => {
    for (const event of ["PostToolUse", "Stop", "SessionStart", "PreModelSwitch"]) {
      const stdin = input("Bash", { command: "rm -rf /" }, { hook_event_name: event });
      const r = await hook([], { stdin });
      assert.equal(r.code, 0, `${event}: ${r.stderr}`);
      const out = JSON.parse(r.stdout);
      assert.equal(out.hookSpecificOutput, undefined);
      assert.match(out.systemMessage, new RegExp(`decided nothing for "${event}"`));
    }
  },
);

hookTest("hook: skald's stricter deny (bash -c) reaches Claude Code", async (hook) => {
  const r = await hook([], { stdin: input("Bash", { command: "bash -c 'rm -rf src'" }) });
  assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
});

Deno.test("hook: an input larger than one read (a 200 KB command) is read whole", async () => {
  const command = `echo ${"a".repeat(200_000)}; rm -rf src`;
  const r = await skald(["hook"], { stdin: input("Bash", { command }) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
});

hookTest("hook: an ask rule asks", async (hook) => {
  const r = await hook([], { stdin: input("Bash", { command: "git push origin main" }) });
  assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "ask");
});

hookTest("hook: a Read deny rule on a file tool", async (hook) => {
  const r = await hook([], {
    stdin: input("Read", { file_path: `${project}/secrets/api-key.txt` }),
  });
  assert.match(
    JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason,
    /Read\(\.\/secrets\/\*\*\)/,
  );
});

hookTest("hook: no opinion where no rule speaks, or a rule allows", async (hook) => {
  for (
    const stdin of [
      input("Bash", { command: "mytool --flag" }),
      input("Bash", { command: "npm run test" }),
      input("Write", { file_path: `${project}/README.md`, content: "x" }),
      input("TodoWrite", { todos: [] }),
      input("SomeNewTool", { x: 1 }),
    ]
  ) {
    const r = await hook([], { stdin });
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "", ""], stdin);
  }
});

hookTest("hook: --settings adds a source", async (hook) => {
  const settings = '{"permissions": {"deny": ["Bash(mytool:*)"]}}';
  const r = await hook(["--settings", settings], {
    stdin: input("Bash", { command: "mytool x" }),
  });
  assert.match(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason, /from --settings/);
  const joined = await hook([`--settings=${settings}`], {
    stdin: input("Bash", { command: "mytool x" }),
  });
  assert.deepEqual(joined, r, "--settings=VALUE");
});

Deno.test("hook: the full CLI's hook (the library's runCli) answers as the fast path", async () => {
  const { runCli } = await import("../../lib/cli/app.ts");
  const settings = '{"permissions": {"deny": ["Bash(mytool:*)"]}}';
  for (
    const stdin of [
      input("Bash", { command: "mytool x" }),
      input("Bash", { command: "ls" }),
      "not json",
    ]
  ) {
    const fast = await skald(["hook", "--settings", settings], { stdin });
    const io = memoryIo(stdin);
    const outcome = await runCli(["hook", "--settings", settings], io);
    assert.deepEqual(
      [outcome === "ok" ? 0 : 2, io.output(), io.errors()],
      [fast.code, fast.stdout, fast.stderr],
      stdin,
    );
  }
});

hookTest("hook: CLAUDE_PROJECT_DIR names the project over the input's cwd", async (hook) => {
  const stdin = input("Bash", { command: "rm -rf x" }, { cwd: "/" });
  const r = await hook([], { stdin, env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
  const without = await hook([], { stdin });
  assert.deepEqual([without.code, without.stdout], [0, ""]);
});

hookTest(
  "hook: malformed input is an error and exit 2 (Claude Code blocks the call), never an allow",
  async (hook) => {
    const cases: [string, RegExp][] = [
      ["not json", /not JSON/],
      ["not json\n", /not JSON/],
      ['{"tool_name": "Bash",\r\n  "tool_input": {},\n  oops}', /not JSON/],
      ["[]", /not a JSON object/],
      ['{"tool_input": {}}', /no "tool_name"/],
      ['{"tool_name": "Bash"}', /no "tool_input"/],
      ['{"tool_name": "Bash", "tool_input": "ls"}', /no "tool_input"/],
      ['{"tool_name": "Bash", "tool_input": {}, "hook_event_name": 7}', /not a string/],
      ['{"tool_name": "Bash", "tool_input": {}, "cwd": 7}', /"cwd" is not a string/],
      ['{"tool_name": "Bash", "tool_input": {"command": 7}}', /no "command" string/],
    ];
    for (const [stdin, re] of cases) {
      const r = await hook([], { stdin });
      assert.equal(r.code, 2, stdin);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, re);
      assert.match(r.stderr, /^skald: [^\n]+\n$/, `one line: ${stdin}`);
    }
  },
);

Deno.test("hook: an internal error blocks the call (exit 2), one line on stderr, no answer", async () => {
  // Exit 1 would be a non-blocking error: Claude Code would go on without skald's deny.
  const { hookMain } = await import("../../lib/cli/hook.ts");
  const io = memoryIo(input("Bash", { command: "ls" }), () => {
    throw new Error("the environment cannot be read");
  });
  const outcome = await hookMain({ settings: [], authoritative: false }, io);
  assert.deepEqual([outcome, io.output()], ["block", ""]);
  assert.match(
    io.errors(),
    /^skald: internal error: the environment cannot be read; the call is blocked\n$/,
  );
});

hookTest(
  "hook: a command of 12,000 path parts is decided (it overflowed the stack: exit 1)",
  async (hook) => {
    const command = `cat secrets/api-key.txt; cat ${"m/".repeat(12_000)}x`;
    const r = await hook([], { stdin: input("Bash", { command }) });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
  },
);

hookTest("hook: a Bash call without a command blocks (skald cannot read it)", async (hook) => {
  const r = await hook([], { stdin: input("Bash", { cmd: "ls" }) });
  assert.deepEqual([r.code, r.stdout], [2, ""]);
  assert.equal(
    r.stderr,
    'skald: The call cannot be read: The bash call has no "command" string; the call is blocked\n',
  );
});

Deno.test("hook: --help goes through the full CLI; a wrong option blocks (exit 2)", async () => {
  const r = await skald(["hook", "--help"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /PreToolUse/);
  const bad = await skald(["hook", "--nope"], { stdin: input("Bash", { command: "ls" }) });
  assert.deepEqual([bad.code, bad.stdout, bad.stderr], [
    2,
    "",
    'skald: Unknown option "--nope" (skald hook takes --settings FILE, --authoritative, ' +
    "--agent NAME and --ask-as ask|deny); the call is blocked\n",
  ]);
});

Deno.test("hook: a wrong option blocks before reading the input, however large (exit 2)", async () => {
  // Claude Code's pipe is then closed unread: the answer is still the block (the test runner
  // once failed here with BrokenPipe, writing the input after the hook had exited).
  const stdin = input("Bash", { command: `echo ${"a".repeat(2_000_000)}` });
  const r = await skald(["hook", "--nope"], { stdin });
  assert.deepEqual([r.code, r.stdout], [2, ""]);
  assert.match(r.stderr, /^skald: Unknown option "--nope"/);
});

hookTest("hook: an alias of the repository's git configuration is what it runs", async (hook) => {
  // `.git/config` says `[alias] p = push`: `git p` is `git push`, under the example's ask rule
  // `Bash(git push:*)`; and the user's `~/.gitconfig` alias `zap = !rm -rf src` under `Bash(rm:*)`.
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-hook-gitalias-" }));
  try {
    await Deno.mkdir(`${dir}/home`);
    await Deno.mkdir(`${dir}/p/.claude`, { recursive: true });
    await Deno.mkdir(`${dir}/p/.git`);
    await Deno.copyFile(`${project}/.claude/settings.json`, `${dir}/p/.claude/settings.json`);
    await Deno.writeTextFile(`${dir}/p/.git/config`, "[alias]\n\tp = push\n");
    await Deno.writeTextFile(`${dir}/home/.gitconfig`, "[alias]\n\tzap = !rm -rf src\n");
    const env = { HOME: `${dir}/home`, CLAUDE_PROJECT_DIR: `${dir}/p` };
    const decide = async (command: string) => {
      const r = await hook([], { stdin: input("Bash", { command }, { cwd: `${dir}/p` }), env });
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout).hookSpecificOutput.permissionDecision;
    };
    assert.equal(await decide("git p origin main"), "ask");
    assert.equal(await decide("git zap"), "deny");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
