/**
 * The hook red team's findings (each run for real against `skald hook` first): settings that
 * made the hook hang or lose a deny rule without a word, and paths through a process's own
 * directories that slipped past every path rule. Each now blocks (exit 2, a reason on stderr) or
 * is decided by the rule, for the bundle and the sources alike.
 */

import assert from "node:assert/strict";
import { hookTest } from "./_hook_runs.ts";
import { REPO, run, skald } from "./_run.ts";

/** A project with `.claude/settings.json` of the given text, and `src/`, in a temporary dir. */
async function project(settings?: string): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-hook-rt-" }));
  await Deno.mkdir(`${dir}/p/.claude`, { recursive: true });
  await Deno.mkdir(`${dir}/p/src`);
  await Deno.mkdir(`${dir}/home`);
  await Deno.writeTextFile(`${dir}/p/.env`, "S=1\n");
  if (settings !== undefined) await Deno.writeTextFile(`${dir}/p/.claude/settings.json`, settings);
  return dir;
}

const input = (dir: string, tool: string, toolInput: unknown) =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd: `${dir}/p`,
    permission_mode: "default",
    tool_name: tool,
    tool_input: toolInput,
  });

const env = (dir: string) => ({ HOME: `${dir}/home`, CLAUDE_PROJECT_DIR: `${dir}/p` });
const decision = (stdout: string) =>
  stdout === "" ? undefined : JSON.parse(stdout).hookSpecificOutput.permissionDecision;

hookTest("hook (red team): a pipe as a settings file blocks instead of hanging", async (hook) => {
  const dir = await project('{"permissions":{"deny":["Bash(rm:*)"]}}');
  try {
    const made = await new Deno.Command("mkfifo", {
      args: [`${dir}/p/.claude/settings.local.json`],
    })
      .output();
    assert.ok(made.success, "mkfifo");
    const r = await hook([], { stdin: input(dir, "Bash", { command: "ls" }), env: env(dir) });
    assert.equal(r.code, 2, r.stdout);
    assert.match(r.stderr, /not a regular file/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

for (const rule of ["BASH(rm:*)", "Bash（rm:*）", "\u200bBash(rm:*)", "ＢＡＳＨ(rm:*)"]) {
  hookTest(
    `hook (red team): a deny rule naming a tool almost right blocks: ${JSON.stringify(rule)}`,
    async (hook) => {
      const dir = await project(JSON.stringify({ permissions: { deny: [rule] } }));
      try {
        const r = await hook([], {
          stdin: input(dir, "Bash", { command: "rm -rf src" }),
          env: env(dir),
        });
        assert.equal(r.code, 2, r.stdout);
        assert.match(r.stderr, /was "Bash" meant\?/);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  );
}

hookTest(
  "hook (red team): a tool skald does not know is still left to Claude Code",
  async (hook) => {
    const dir = await project('{"permissions":{"deny":["SomeFutureTool(x)","Bash(rm:*)"]}}');
    try {
      const r = await hook([], {
        stdin: input(dir, "Bash", { command: "rm -rf src" }),
        env: env(dir),
      });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(decision(r.stdout), "deny");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

hookTest("hook (red team): a list key spelt otherwise blocks", async (hook) => {
  const dir = await project('{"permissions":{"Deny":["Bash(rm:*)"]}}');
  try {
    const r = await hook([], {
      stdin: input(dir, "Bash", { command: "rm -rf src" }),
      env: env(dir),
    });
    assert.equal(r.code, 2, r.stdout);
    assert.match(r.stderr, /"permissions.Deny" is not "permissions.deny"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

hookTest("hook (red team): a YAML merge key is merged", async (hook) => {
  const dir = await project();
  try {
    await Deno.mkdir(`${dir}/p/.raider`);
    await Deno.writeTextFile(
      `${dir}/p/.raider/config.yml`,
      "x: &x {deny: [Bash(rm:*)]}\npermissions: {<<: *x}\n",
    );
    const r = await hook([], {
      stdin: input(dir, "Bash", { command: "rm -rf src" }),
      env: env(dir),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(decision(r.stdout), "deny");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

hookTest("hook (red team): a path through /proc/self is the path it stands for", async (hook) => {
  const dir = await project('{"permissions":{"deny":["Read(./.env)","Edit(./src/**)"]}}');
  try {
    const calls: [string, unknown][] = [
      ["Read", { file_path: "/proc/self/cwd/.env" }],
      ["Read", { file_path: `/proc/self/root${dir}/p/.env` }],
      ["Read", { file_path: "/proc/thread-self/cwd/.env" }],
      ["Write", { file_path: "/proc/self/cwd/src/a.ts", content: "x" }],
      ["Bash", { command: "cat /proc/self/cwd/.env" }],
      ["Bash", { command: "cat /proc/$$/cwd/.env" }],
      ["Bash", { command: `echo x > /proc/1/root${dir}/p/src/a.ts` }],
    ];
    for (const [tool, toolInput] of calls) {
      const r = await hook([], { stdin: input(dir, tool, toolInput), env: env(dir) });
      assert.equal(decision(r.stdout), "deny", `${tool} ${JSON.stringify(toolInput)}: ${r.stderr}`);
    }
    const other = await hook([], {
      stdin: input(dir, "Bash", { command: "cat /proc/cpuinfo" }),
      env: env(dir),
    });
    assert.notEqual(decision(other.stdout), "deny");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

hookTest("hook (red team): a relative HOME is taken from where the hook runs", async (hook) => {
  const dir = await project();
  try {
    await Deno.mkdir(`${dir}/home/.claude`);
    await Deno.writeTextFile(
      `${dir}/home/.claude/settings.json`,
      '{"permissions":{"deny":["Bash(rm:*)"]}}',
    );
    const r = await hook([], {
      stdin: input(dir, "Bash", { command: "rm -rf src" }),
      cwd: `${dir}/p`,
      env: { HOME: "../home", CLAUDE_PROJECT_DIR: `${dir}/p` },
    });
    assert.equal(decision(r.stdout), "deny", r.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook (red team): a managed settings path with .. or . is found", async () => {
  const dir = await project();
  try {
    await Deno.mkdir(`${dir}/etc/sub`, { recursive: true });
    await Deno.writeTextFile(`${dir}/etc/managed.json`, '{"permissions":{"deny":["Bash(rm:*)"]}}');
    for (const managed of [`${dir}/etc/sub/../managed.json`, `${dir}/etc/./managed.json`]) {
      const r = await skald(["hook"], {
        stdin: input(dir, "Bash", { command: "rm -rf src" }),
        env: { ...env(dir), SKALD_MANAGED_SETTINGS: managed },
      });
      assert.equal(decision(r.stdout), "deny", `${managed}: ${r.stderr}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook: run with a narrower --allow-read it blocks (a file Deno refuses would read as none, its rules lost)", async () => {
  // Found by the review of the resident decider: with --allow-read=REPO the home's and the
  // managed settings read as missing, and a denied call went through in silence.
  const out = await run(
    Deno.execPath(),
    [
      "run",
      "--quiet",
      `--allow-read=${REPO}`,
      "--allow-env",
      "--allow-run=bash",
      `${REPO}/main.ts`,
      "hook",
    ],
    {
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: `${REPO}/examples/project/src`,
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      }),
    },
  );
  assert.equal(out.code, 2);
  assert.match(out.stderr, /needs --allow-read for every path/);
});
