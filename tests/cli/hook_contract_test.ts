/**
 * `skald hook` as Claude Code really calls it (issue 9): the directory a call runs in, the
 * project found from it, fail closed on anything skald cannot read, every stricter verdict
 * passed on (and the default left to Claude Code), the PermissionRequest event, and the
 * authoritative mode. Each case runs the CLI as a subprocess on a project tree in a temporary
 * directory, with Claude Code's input shape (observed with `../shared/oracle`, 2.1.332).
 */

import assert from "node:assert/strict";
import { EMPTY_HOME } from "./_run.ts";
import { type HookRunner, hookTest } from "./_hook_runs.ts";

const tmp = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-hook-contract-" }));
const P = `${tmp}/proj`;
const HOME = `${tmp}/home`;

/** Writes a file, making its directories. */
function put(path: string, text: string): void {
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  Deno.writeTextFileSync(path, text);
}

const SETTINGS = {
  permissions: {
    deny: ["Read(./.env)", "Read(./secrets/**)", "Bash(git push:*)", "Bash(rm:*)"],
    allow: ["Bash(git:*)"],
  },
};
put(`${P}/.claude/settings.json`, JSON.stringify(SETTINGS));
put(`${P}/.env`, "KEY=1\n");
put(`${P}/secrets/k`, "KEY=2\n");
put(`${P}/src/a.txt`, "a\n");
put(`${P}/src/deep/b.txt`, "b\n");
Deno.mkdirSync(`${P}/.git/hooks`, { recursive: true });
Deno.mkdirSync(`${HOME}/.claude`, { recursive: true });

globalThis.addEventListener("unload", () => Deno.removeSync(tmp, { recursive: true }));

interface Call {
  event?: string;
  cwd?: string | null;
  mode?: string;
  tool: string;
  input: unknown;
}

const stdinOf = (c: Call) =>
  JSON.stringify({
    session_id: "s",
    transcript_path: `${HOME}/.claude/projects/p/s.jsonl`,
    ...(c.cwd === null ? {} : { cwd: c.cwd ?? P }),
    permission_mode: c.mode ?? "default",
    hook_event_name: c.event ?? "PreToolUse",
    tool_name: c.tool,
    tool_input: c.input,
  });

/** Runs the hook as Claude Code does: in the call's directory, with CLAUDE_PROJECT_DIR set. */
async function hook(
  run: HookRunner,
  c: Call,
  options: { args?: string[]; env?: Record<string, string | undefined>; cwd?: string } = {},
) {
  return await run([...options.args ?? []], {
    stdin: stdinOf(c),
    cwd: options.cwd ?? (typeof c.cwd === "string" && isDir(c.cwd) ? c.cwd : P),
    env: { HOME, CLAUDE_PROJECT_DIR: P, ...options.env },
  });
}

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * The answer's decision: `deny`/`ask`/`allow`, `none` for silence (or a message alone), `block`
 * for exit 2.
 */
function decision(r: { code: number; stdout: string }): string {
  if (r.code === 2) return "block";
  assert.equal(r.code, 0);
  if (r.stdout === "") return "none";
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  if (out === undefined) return "none";
  return out.permissionDecision ?? out.decision.behavior;
}

interface Case {
  name: string;
  call: Call;
  args?: string[];
  env?: Record<string, string | undefined>;
  want: "deny" | "ask" | "allow" | "none" | "block";
  reason?: RegExp;
}

const SRC = `${P}/src`;

const CASES: Case[] = [
  // 1. Where a call runs: the input's cwd (Claude Code sends PROJECT/src after `cd src`).
  {
    name: "after cd src: cat ../.env is denied",
    call: { cwd: SRC, tool: "Bash", input: { command: "cat ../.env" } },
    want: "deny",
    reason: /Read\(\.\/\.env\)/,
  },
  {
    name: "after cd src: cat ../.en? (a glob) is denied",
    call: { cwd: SRC, tool: "Bash", input: { command: "cat ../.en?" } },
    want: "deny",
  },
  {
    name: "after cd src: head ../secrets/k is denied",
    call: { cwd: SRC, tool: "Bash", input: { command: "head ../secrets/k" } },
    want: "deny",
  },
  {
    name: "after cd src: a cd in the command continues from src (cd .. && cat .env)",
    call: { cwd: SRC, tool: "Bash", input: { command: "cd .. && cat .env" } },
    want: "deny",
  },
  {
    name: "after cd src: cat a.txt is Claude Code's to decide (silent)",
    call: { cwd: SRC, tool: "Bash", input: { command: "cat a.txt" } },
    want: "none",
  },
  {
    name: "after cd src: git status is allowed by a rule: silent",
    call: { cwd: SRC, tool: "Bash", input: { command: "git status" } },
    want: "none",
  },
  {
    name: "without CLAUDE_PROJECT_DIR the project is the nearest directory above with .claude/",
    call: { cwd: `${SRC}/deep`, tool: "Bash", input: { command: "cat ../../.env" } },
    env: { CLAUDE_PROJECT_DIR: undefined },
    want: "deny",
  },
  {
    name: "without CLAUDE_PROJECT_DIR, a Read of the project's secrets from a subdirectory",
    call: { cwd: `${SRC}/deep`, tool: "Read", input: { file_path: `${P}/secrets/k` } },
    env: { CLAUDE_PROJECT_DIR: undefined },
    want: "deny",
  },
  {
    name: "a relative --settings file is the project's, wherever the hook runs",
    call: { cwd: SRC, tool: "Bash", input: { command: "mytool x" } },
    args: ["--settings", ".claude/extra.json"],
    want: "deny",
    reason: /from \.claude\/extra\.json/,
  },
  // 3. Every stricter verdict reaches Claude Code; the default stays silent.
  {
    name: "bypassPermissions: a Write into .git/hooks is denied (Claude Code runs a hook's ask)",
    call: {
      mode: "bypassPermissions",
      tool: "Write",
      input: { file_path: `${P}/.git/hooks/pre-commit`, content: "x" },
    },
    want: "deny",
    reason: /protected file.*bypassPermissions asks nobody/,
  },
  {
    name: "bypassPermissions after cd src: printf > ../.git/hooks/pre-push is denied",
    call: {
      cwd: SRC,
      mode: "bypassPermissions",
      tool: "Bash",
      input: { command: "printf x > ../.git/hooks/pre-push" },
    },
    want: "deny",
  },
  {
    name: "default mode: a protected write asks (a guard of skald's)",
    call: { tool: "Write", input: { file_path: `${P}/.bashrc`, content: "x" } },
    want: "ask",
  },
  {
    name: "plan mode: a command that is not read-only is denied (the mode)",
    call: { mode: "plan", tool: "Bash", input: { command: "make deploy" } },
    want: "deny",
    reason: /Mode plan/,
  },
  {
    name: "dontAsk: what would ask is denied (the mode)",
    call: { mode: "dontAsk", tool: "Bash", input: { command: "make deploy" } },
    want: "deny",
  },
  {
    name: "default mode: an ask only because no rule speaks stays silent",
    call: { tool: "Bash", input: { command: "make deploy" } },
    want: "none",
  },
  {
    name: "auto mode (Claude Code's classifier) is decided as default: a deny rule denies",
    call: { mode: "auto", tool: "Bash", input: { command: "rm -rf build" } },
    want: "deny",
  },
  {
    name: "a hidden command under a Bash deny rule is denied",
    call: { tool: "Bash", input: { command: "$EDITOR notes.txt" } },
    want: "deny",
    reason: /only known when it runs/,
  },
  {
    name: "an allow rule's command that escapes it (find -fls under Bash(find:*)) asks",
    call: { tool: "Bash", input: { command: "find . -fls list.txt" } },
    args: ["--settings", '{"permissions":{"allow":["Bash(find:*)"]}}'],
    want: "ask",
    reason: /prefix rule does not cover/,
  },
  {
    name: "a tool skald does not know: silent (no rule of skald's can name it)",
    call: { tool: "SomeNewTool", input: { x: 1 } },
    want: "none",
  },
  {
    name: "an MCP tool is decided: no rule, silent",
    call: { tool: "mcp__github__create_issue", input: {} },
    want: "none",
  },
  // 4. PermissionRequest: deny where skald denies; allow only when authoritative.
  {
    name: "PermissionRequest: a deny rule denies",
    call: { event: "PermissionRequest", tool: "Bash", input: { command: "rm -rf build" } },
    want: "deny",
  },
  {
    name: "PermissionRequest: skald's ask leaves the question to Claude Code",
    call: { event: "PermissionRequest", tool: "Bash", input: { command: "make deploy" } },
    want: "none",
  },
  {
    name: "PermissionRequest: skald's allow is not sent unless authoritative",
    call: { event: "PermissionRequest", tool: "Bash", input: { command: "git commit -m x" } },
    want: "none",
  },
  {
    name: "PermissionRequest, authoritative: skald's allow is sent",
    call: { event: "PermissionRequest", tool: "Bash", input: { command: "git commit -m x" } },
    args: ["--authoritative"],
    want: "allow",
  },
  {
    name: "authoritative: an allow is sent as allow",
    call: { tool: "Bash", input: { command: "git commit -m x" } },
    args: ["--authoritative"],
    want: "allow",
  },
  {
    name: "authoritative: the default ask is sent",
    call: { tool: "Bash", input: { command: "make deploy" } },
    args: ["--authoritative"],
    want: "ask",
  },
  {
    name: "authoritative: a tool skald does not know asks",
    call: { tool: "SomeNewTool", input: {} },
    args: ["--authoritative"],
    want: "ask",
  },
  {
    name: "authoritative from the user's settings (skald.authoritative)",
    call: { tool: "Bash", input: { command: "git commit -m x" } },
    env: { HOME: `${tmp}/home-authoritative` },
    want: "allow",
  },
  // 2. Fail closed, always, and say why.
  {
    name: "a --settings file that does not exist blocks",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", "missing.json"],
    want: "block",
    reason: /^skald: missing\.json: The settings file does not exist/,
  },
  {
    name: "a --settings value that is not JSON blocks",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", '{"permissions": '],
    want: "block",
    reason: /Cannot parse JSON/,
  },
  {
    name: "a settings key of the wrong type blocks (its rules are lost)",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", '{"permissions": {"deny": "Bash(rm:*)"}}'],
    want: "block",
    reason: /"permissions\.deny" is not a list/,
  },
  {
    name: "a wrong value of a key that decides no call (skillListingMaxDescChars) does not block",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", '{"skillListingMaxDescChars": "x", "enabledPlugins": 3}'],
    want: "none",
  },
  {
    name: "a deny rule that cannot be read blocks",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", '{"permissions": {"deny": ["Bash(rm:*"]}}'],
    want: "block",
    reason: /Cannot parse rule "Bash\(rm:\*": missing "\)"/,
  },
  {
    name: "an allow rule that cannot be read does not block (it only allows less)",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", '{"permissions": {"allow": ["Bash(rm:*"]}}'],
    want: "none",
  },
  {
    name: "a deny rule naming a tool skald does not know does not block (Claude Code's own)",
    call: { tool: "Bash", input: { command: "echo hi" } },
    args: ["--settings", '{"permissions": {"deny": ["Workflow"]}}'],
    want: "none",
  },
  {
    name: "a cwd that does not exist blocks",
    call: { cwd: `${P}/gone`, tool: "Bash", input: { command: "ls" } },
    want: "block",
    reason: /does not exist: .*\/proj\/gone/,
  },
  {
    name: "a cwd that is not absolute blocks",
    call: { cwd: "src", tool: "Bash", input: { command: "ls" } },
    want: "block",
    reason: /not an absolute path/,
  },
  // Issue 21: a value skald does not recognise never blocks every call.
  {
    name: "a permission_mode skald does not know is decided as default: ls is silent",
    call: { mode: "yolo", tool: "Bash", input: { command: "ls" } },
    want: "none",
  },
  {
    name: "a permission_mode skald does not know is decided as default: a deny still denies",
    call: { mode: "yolo", tool: "Bash", input: { command: "rm -rf x" } },
    want: "deny",
  },
  {
    name: "permission_mode auto is decided as default: a deny still denies",
    call: { mode: "auto", tool: "Bash", input: { command: "cat .env" } },
    want: "deny",
  },
  {
    name: "an event skald does not answer decides nothing and blocks nothing",
    call: { event: "PostToolUse", tool: "Bash", input: { command: "rm -rf x" } },
    want: "none",
  },
  {
    name: "PreSkillShellCommand: a skill's command a rule denies is denied",
    call: { event: "PreSkillShellCommand", tool: "Bash", input: { command: "cat .env" } },
    want: "deny",
    reason: /Read\(\.\/\.env\)/,
  },
  {
    name: "PreSkillShellCommand: a skill's ordinary command is left to run (silent)",
    call: { event: "PreSkillShellCommand", tool: "Bash", input: { command: "git status" } },
    want: "none",
  },
  {
    name: "a Read without a path blocks",
    call: { tool: "Read", input: { limit: 3 } },
    want: "block",
    reason: /no "file_path" or "path"/,
  },
  {
    name: "a command that is not a string blocks",
    call: { tool: "Bash", input: { command: ["rm", "-rf", "x"] } },
    want: "block",
  },
  {
    name: "CLAUDE_PROJECT_DIR that is not a directory blocks",
    call: { tool: "Bash", input: { command: "ls" } },
    env: { CLAUDE_PROJECT_DIR: `${tmp}/nowhere` },
    want: "block",
  },
  {
    name: "--settings without a value blocks",
    call: { tool: "Bash", input: { command: "ls" } },
    args: ["--settings"],
    want: "block",
  },
  // Red team (review of issues 9 and 11): calls the hook let through.
  {
    name: "red team: acceptEdits: a Write into .raider/config.yml (skald's own settings) asks",
    call: {
      mode: "acceptEdits",
      tool: "Write",
      input: { file_path: `${P}/.raider/config.yml`, content: "permissions: {allow: [Bash]}" },
    },
    want: "ask",
  },
  {
    name: "red team: bypassPermissions: a redirection into .raider/config.yml is denied",
    call: {
      mode: "bypassPermissions",
      tool: "Bash",
      input: { command: "echo 'permissions: {allow: [Bash]}' > .raider/config.yml" },
    },
    want: "deny",
  },
  {
    name:
      "red team: bypassPermissions: braces reading .env are denied (CC runs cat .{e,x}nv there)",
    call: { mode: "bypassPermissions", tool: "Bash", input: { command: "cat .e{n,x}v" } },
    want: "deny",
  },
  {
    name: "red team: bypassPermissions: cat $PWD/.env is denied (CC runs it there, observed)",
    call: { mode: "bypassPermissions", tool: "Bash", input: { command: "cat $PWD/.env" } },
    want: "deny",
  },
  {
    name: "red team: bypassPermissions: dd if=.env is denied (CC runs it there, observed)",
    call: { mode: "bypassPermissions", tool: "Bash", input: { command: "dd if=.env" } },
    want: "deny",
  },
  {
    name:
      "red team: git cat-file -p HEAD:.env is denied (CC runs it without a rule: KEY=1 reached the model)",
    call: { tool: "Bash", input: { command: "git cat-file -p HEAD:.env" } },
    want: "deny",
  },
  {
    name: "red team: a Grep over a tree holding what the hook's own Read rule names is denied " +
      "(Claude Code leaves out only the files its own deny rules name)",
    call: { tool: "Grep", input: { pattern: "KEY", path: P, output_mode: "content" } },
    args: ["--settings", '{"permissions": {"deny": ["Read(./private/**)"]}}'],
    want: "deny",
  },
];

put(`${P}/private/p`, "KEY=3\n");
put(`${P}/.claude/extra.json`, '{"permissions": {"deny": ["Bash(mytool:*)"]}}');
put(
  `${tmp}/home-authoritative/.claude/settings.json`,
  '{"skald": {"authoritative": true}}',
);

for (const c of CASES) {
  hookTest(`hook contract: ${c.name}`, async (run) => {
    const r = await hook(run, c.call, { args: c.args, env: c.env });
    assert.equal(decision(r), c.want, `${r.stdout}${r.stderr}`);
    if (c.want === "block") {
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^skald: [^\n]+; the call is blocked\n$/, "one line on stderr");
    } else assert.equal(r.stderr, "");
    if (c.reason !== undefined) assert.match(r.stdout + r.stderr, c.reason);
  });
}

hookTest("hook contract: a project's own settings cannot make skald authoritative", async (run) => {
  const project = `${tmp}/self-authoritative`;
  put(`${project}/.claude/settings.json`, '{"skald": {"authoritative": true}}');
  put(`${project}/.claude/settings.local.json`, '{"skald": {"authoritative": true}}');
  const r = await hook(run, { cwd: project, tool: "Bash", input: { command: "ls" } }, {
    env: { CLAUDE_PROJECT_DIR: project },
  });
  assert.deepEqual([r.code, r.stdout], [0, ""], "silent: ls is the default's allow");
});

hookTest(
  "hook contract: project settings that are not JSON block, naming the file",
  async (run) => {
    const project = `${tmp}/broken`;
    put(`${project}/.claude/settings.json`, '{"permissions": {"deny": ["Bash(rm:*)"]},');
    const r = await hook(run, { cwd: project, tool: "Bash", input: { command: "rm -rf build" } }, {
      env: { CLAUDE_PROJECT_DIR: project },
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^skald: \.claude\/settings\.json: Cannot parse JSON/);
    assert.match(r.stderr, /every call is blocked until it is fixed/);
  },
);

hookTest(
  "hook contract: the home's .claude is the user's, not a project above the call",
  async (run) => {
    // A call under the home with no project of its own: the project is the call's directory, so
    // ~/.claude/settings.json is read once, as the user's settings.
    const notes = `${HOME}/notes/sub`;
    Deno.mkdirSync(notes, { recursive: true });
    Deno.writeTextFileSync(
      `${HOME}/.claude/settings.json`,
      '{"permissions": {"deny": ["Bash(mytool:*)"]}}',
    );
    Deno.writeTextFileSync(
      `${HOME}/.claude/settings.local.json`,
      '{"permissions": {"deny": ["Bash(othertool:*)"]}}',
    );
    try {
      const r = await hook(run, { cwd: notes, tool: "Bash", input: { command: "mytool x" } }, {
        env: { CLAUDE_PROJECT_DIR: undefined },
      });
      const reason = JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason;
      assert.match(reason, /from ~\/\.claude\/settings\.json$/);
      // Were the home the project, its .claude/settings.local.json would be read as local
      // settings: it is not.
      const other = await hook(
        run,
        { cwd: notes, tool: "Bash", input: { command: "othertool x" } },
        { env: { CLAUDE_PROJECT_DIR: undefined } },
      );
      assert.deepEqual([other.code, other.stdout], [0, ""]);
    } finally {
      Deno.removeSync(`${HOME}/.claude/settings.json`);
      Deno.removeSync(`${HOME}/.claude/settings.local.json`);
    }
  },
);

hookTest(
  "hook contract: an empty home is not the project (HOME unset falls back to /)",
  async (run) => {
    const r = await hook(run, { tool: "Bash", input: { command: "ls" } }, {
      env: { HOME: EMPTY_HOME },
    });
    assert.deepEqual([r.code, r.stdout], [0, ""]);
  },
);

/**
 * Red team: the hook as a user who is not root, where permission bits hold (as root, through
 * `unshare -U`, which maps the caller to an unprivileged user: root's files keep their owner's
 * bits, and no capability overrides them).
 */
function unprivileged(): string[] | undefined {
  const id = new Deno.Command("id", { args: ["-u"], stderr: "null" }).outputSync();
  if (new TextDecoder().decode(id.stdout).trim() !== "0") return [];
  const ok = new Deno.Command("unshare", { args: ["-U", "true"], stderr: "null" }).outputSync();
  return ok.success ? ["unshare", "-U"] : undefined;
}

const DENO_DIR = Deno.env.get("DENO_DIR") ??
  JSON.parse(
    new TextDecoder().decode(
      new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stderr: "null" }).outputSync()
        .stdout,
    ),
  ).denoDir as string;

/** Runs the hook as {@link unprivileged} does, in the project, with CLAUDE_PROJECT_DIR set. */
async function hookUnprivileged(prefix: string[], project: string, home: string, command: string) {
  const [program, ...args] = [
    ...prefix,
    Deno.execPath(),
    "run",
    "--quiet",
    "--allow-read",
    "--allow-env",
    "--allow-run=bash",
    new URL("../../main.ts", import.meta.url).pathname,
    "hook",
  ];
  const child = new Deno.Command(program!, {
    args,
    cwd: project,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: home,
      DENO_DIR,
      SKALD_MANAGED_SETTINGS: `${tmp}/no-managed-settings.json`,
      CLAUDE_PROJECT_DIR: project,
      NO_COLOR: "1",
    },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(
    new TextEncoder().encode(stdinOf({ cwd: project, tool: "Bash", input: { command } })),
  );
  await w.close();
  const out = await child.output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

const PREFIX = unprivileged();

Deno.test({
  name:
    "red team: hook contract: a project .claude/ the hook may not list blocks (its deny rules are lost)",
  ignore: PREFIX === undefined,
  fn: async () => {
    const project = `${tmp}/unlistable`;
    put(`${project}/.claude/settings.json`, '{"permissions": {"deny": ["Bash(rm:*)"]}}');
    put(`${tmp}/home-unlistable/.keep`, "");
    // The control: readable, the rule denies as this user too.
    const readable = await hookUnprivileged(PREFIX!, project, `${tmp}/home-unlistable`, "rm -rf x");
    assert.match(readable.stdout, /"permissionDecision":"deny"/);
    // Readable without a listing (mode 0311, 0111) works; no search right at all (0000,
    // 0600) hides every file in it.
    for (const mode of [0o000, 0o600]) {
      Deno.chmodSync(`${project}/.claude`, mode);
      try {
        const r = await hookUnprivileged(PREFIX!, project, `${tmp}/home-unlistable`, "rm -rf x");
        assert.equal(r.code, 2, `mode ${mode.toString(8)}: exit ${r.code}, ${r.stdout}`);
      } finally {
        Deno.chmodSync(`${project}/.claude`, 0o755);
      }
    }
  },
});

Deno.test({
  name:
    "red team: hook contract: a ~/.claude the hook may not list blocks (the user's deny rules are lost)",
  ignore: PREFIX === undefined,
  fn: async () => {
    const project = `${tmp}/plain-project`;
    const home = `${tmp}/home-unlistable-user`;
    put(`${project}/.claude/settings.json`, "{}");
    put(`${home}/.claude/settings.json`, '{"permissions": {"deny": ["Bash(rm:*)"]}}');
    Deno.chmodSync(`${home}/.claude`, 0o000);
    try {
      const r = await hookUnprivileged(PREFIX!, project, home, "rm -rf x");
      assert.equal(r.code, 2, `exit ${r.code}, ${r.stdout}`);
    } finally {
      Deno.chmodSync(`${home}/.claude`, 0o755);
    }
  },
});

hookTest(
  "red team: hook contract: a settings file that is a dangling symbolic link blocks",
  async (run) => {
    // A dotfiles checkout that moved: .claude/settings.json still names the old place. Its
    // rules are lost, as with a file that cannot be read.
    const project = `${tmp}/dangling`;
    put(`${project}/.claude/other.json`, "{}");
    // Both runs (the bundle's, the sources') set the same tree up.
    try {
      Deno.removeSync(`${project}/.claude/settings.json`);
    } catch { /* the first run: not there yet */ }
    Deno.symlinkSync(`${tmp}/moved/settings.json`, `${project}/.claude/settings.json`);
    const r = await hook(
      run,
      { cwd: project, tool: "Bash", input: { command: "rm -rf x" } },
      { env: { CLAUDE_PROJECT_DIR: project } },
    );
    assert.equal(decision(r), "block", r.stdout + r.stderr);
  },
);

hookTest(
  "red team: hook contract: a hidden command under an allow rule asks (CC runs sed s///e under Bash(sed:*))",
  async (run) => {
    // Claude Code 2.1.332 ran `sed 's/x/touch \/tmp\/y/e' a` and `sed -n '1e touch /tmp/y' a`
    // under Bash(sed:*) (observed): the text sed makes runs as a command. skald asks (the
    // command hides what it runs), but sends nothing, so any command runs.
    const project = `${tmp}/sed-e`;
    put(`${project}/.claude/settings.json`, '{"permissions": {"allow": ["Bash(sed:*)"]}}');
    put(`${project}/a.txt`, "x\n");
    const r = await hook(
      run,
      { cwd: project, tool: "Bash", input: { command: "sed 's/x/touch made/e' a.txt" } },
      { env: { CLAUDE_PROJECT_DIR: project } },
    );
    assert.equal(decision(r), "ask", r.stdout + r.stderr);
  },
);
