/**
 * Real Claude Code sessions with skald registered as its hook (issue 9), as cases of the Claude
 * Code oracle (`../shared/oracle`, perm mode: the calls of a case run as one session, so a `cd`
 * carries over). `tests/oracle/freeze_hook_sessions.ts` runs them and freezes what Claude Code
 * sent the hook, what skald answered and what Claude Code then did into
 * `tests/fixtures/oracle/hook_sessions.json`; `tests/cli/hook_sessions_test.ts` replays them.
 *
 * In a hook command, `{{SKALD}}` stands for skald's own command (`deno run ... main.ts`); the
 * freeze script wraps each in a recorder. `expect` is what the session must show for the call:
 * `deny` or `ask` (skald or Claude Code refused it), `allow` (it ran). In bypassPermissions
 * Claude Code runs a call its hook asks for (observed), so skald's ask is sent as a deny there.
 *
 * @module
 */

/** One tool call the fake model makes. */
export interface SessionCall {
  /** A name for the call. */
  id: string;
  /** The tool. */
  tool: string;
  /** Its input (`{{PROJECT}}` is the project). */
  input: Record<string, unknown>;
  /** What must happen. */
  expect: "allow" | "ask" | "deny";
}

/** One session. */
export interface Session {
  /** The case's name (the real case it proves). */
  name: string;
  /** Files of the project (`~/x` in the home). */
  files?: Record<string, unknown>;
  /** `.claude/settings.json`: an object, or text (a broken file). */
  settings?: unknown;
  /** `~/.claude/settings.json`. */
  userSettings?: unknown;
  /** `--permission-mode`. */
  permissionMode?: string;
  /** More environment. */
  env?: Record<string, string>;
  /** `git init` the project. */
  git?: boolean;
  /** More claude arguments. */
  args?: string[];
  /** The calls, in order. */
  calls: SessionCall[];
  /** Strings that must never reach the model (in no tool result). */
  secrets?: string[];
  /**
   * Install skald as a plugin first, as a user does (`claude plugin marketplace add REPO`,
   * `claude plugin install skald@skald`), instead of registering a hook in settings.
   */
  installPlugin?: boolean;
  /** The prompt (a slash command renders first: its `` !`cmd` `` ask PreSkillShellCommand). */
  prompt?: string;
  /** Texts the first request to the model must hold (what a render gave it). */
  sent?: string[];
  /** A registered command that is not skald's and fails: its exit code (the oracle's record). */
  failingHook?: number;
}

/** A hooks block registering a command for PreToolUse and PermissionRequest. */
export function hooks(
  command: string,
  events = ["PreToolUse", "PermissionRequest"],
  entry: Record<string, unknown> = {},
) {
  return Object.fromEntries(
    events.map((e) => [e, [{ matcher: "*", hooks: [{ type: "command", command, ...entry }] }]]),
  );
}

/** The events `skald init` registers (issue 21), with `onFailure: "block"`. */
const INIT_EVENTS = ["PreToolUse", "PermissionRequest", "PreSkillShellCommand"];

/**
 * The README's registration, with the hook's arguments: blocks when skald cannot start at all.
 *
 * @param args `skald hook`'s arguments (each quoted for the shell)
 * @returns the hook command
 */
export function registered(...args: string[]): string {
  const quoted = args.map((a) => ` '${a.replaceAll("'", `'\\''`)}'`).join("");
  return `{{SKALD}} hook${quoted} || { echo 'skald hook could not run' >&2; exit 2; }`;
}

/**
 * The arguments `skald hook` gets from a registered command (the inverse of
 * {@link registered}); undefined for a command that is not skald's.
 *
 * @param command the hook command
 * @returns the arguments
 */
export function hookArgs(command: string): string[] | undefined {
  const m = /^\{\{SKALD\}\} hook((?: '(?:[^']|'\\'')*')*) \|\|/.exec(command);
  if (m === null) return undefined;
  return [...m[1]!.matchAll(/ '((?:[^']|'\\'')*)'/g)].map((a) => a[1]!.replaceAll(`'\\''`, "'"));
}

const REGISTERED = registered();

const SECRETS = {
  ".env": "KEY=secret-in-dotenv\n",
  "secrets/k": "KEY=secret-in-secrets-dir\n",
  "src/a.txt": "plain text a\n",
};

const DENY_READS = {
  deny: ["Read(./.env)", "Read(./secrets/**)", "Bash(git push:*)"],
  allow: ["Bash(git:*)"],
};

/** The sessions. */
export const SESSIONS: Session[] = [
  {
    name: "after cd src: reads of the denied files and a push are refused, ordinary calls run",
    git: true,
    files: SECRETS,
    settings: { permissions: DENY_READS, hooks: hooks(REGISTERED) },
    secrets: ["secret-in-dotenv", "secret-in-secrets-dir"],
    calls: [
      { id: "cd", tool: "Bash", input: { command: "cd src" }, expect: "allow" },
      { id: "glob-dotenv", tool: "Bash", input: { command: "cat ../.en?" }, expect: "deny" },
      { id: "cat-dotenv", tool: "Bash", input: { command: "cat ../.env" }, expect: "deny" },
      { id: "grep-up", tool: "Bash", input: { command: "grep -r KEY .." }, expect: "deny" },
      {
        id: "push-up",
        tool: "Bash",
        input: { command: "git -C .. push origin main" },
        expect: "deny",
      },
      { id: "head-secret", tool: "Bash", input: { command: "head ../secrets/k" }, expect: "deny" },
      {
        id: "read-secret",
        tool: "Read",
        input: { file_path: "{{PROJECT}}/secrets/k" },
        expect: "deny",
      },
      { id: "cat-plain", tool: "Bash", input: { command: "cat a.txt" }, expect: "allow" },
      { id: "git-status", tool: "Bash", input: { command: "git status" }, expect: "allow" },
      { id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "allow" },
      {
        id: "read-plain",
        tool: "Read",
        input: { file_path: "{{PROJECT}}/src/a.txt" },
        expect: "allow",
      },
    ],
  },
  {
    name: "bypassPermissions: writes into .git and shell start-up files are refused",
    git: true,
    files: SECRETS,
    permissionMode: "bypassPermissions",
    env: { IS_SANDBOX: "1" },
    settings: { permissions: DENY_READS, hooks: hooks(REGISTERED) },
    calls: [
      {
        id: "write-git-hook",
        tool: "Write",
        input: { file_path: "{{PROJECT}}/.git/hooks/pre-commit", content: "#!/bin/sh\n" },
        expect: "deny",
      },
      { id: "cd", tool: "Bash", input: { command: "cd src" }, expect: "allow" },
      {
        id: "printf-git-hook",
        tool: "Bash",
        input: { command: "printf '#!/bin/sh\\n' > ../.git/hooks/pre-push" },
        expect: "deny",
      },
      { id: "touch-bashrc", tool: "Bash", input: { command: "touch ../.bashrc" }, expect: "deny" },
      {
        id: "write-plain",
        tool: "Write",
        input: { file_path: "{{PROJECT}}/notes.txt", content: "notes\n" },
        expect: "allow",
      },
      { id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "allow" },
    ],
  },
  {
    name: "fail closed: a --settings file that does not exist blocks every call",
    settings: { hooks: hooks(registered("--settings", "missing.json")) },
    calls: [{ id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "deny" }],
  },
  {
    name: "fail closed: project settings that are not JSON block every call",
    settings: '{"permissions": {"deny": ["Bash(rm:*)"]},',
    userSettings: { hooks: hooks(REGISTERED) },
    calls: [{ id: "rm", tool: "Bash", input: { command: "rm -rf build" }, expect: "deny" }],
  },
  {
    name: "fail closed: a deny rule that cannot be read blocks every call",
    settings: { permissions: { deny: ["Bash(rm:*"] }, hooks: hooks(REGISTERED) },
    calls: [{ id: "rm", tool: "Bash", input: { command: "rm -rf build" }, expect: "deny" }],
  },
  {
    name: "fail closed: the registered command is not on PATH",
    settings: {
      hooks: hooks(
        "skald-not-installed hook || { echo 'skald hook could not run' >&2; exit 2; }",
      ),
    },
    calls: [{ id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "deny" }],
  },
  {
    name: "fail closed: an unknown option blocks",
    settings: { hooks: hooks(registered("--setings", "x.json")) },
    calls: [{ id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "deny" }],
  },
  {
    name: "PermissionRequest alone: skald denies what Claude Code would ask for",
    settings: {
      hooks: hooks(
        registered("--settings", '{"permissions":{"deny":["Bash(mytool:*)"]}}'),
        ["PermissionRequest"],
      ),
    },
    calls: [
      { id: "mytool", tool: "Bash", input: { command: "mytool x" }, expect: "deny" },
      { id: "other", tool: "Bash", input: { command: "othertool x" }, expect: "ask" },
    ],
  },
  {
    name: "authoritative: skald's allow is sent as allow, its default ask as ask",
    settings: {
      permissions: { deny: ["Bash(rm:*)"] },
      hooks: hooks(
        registered("--authoritative", "--settings", '{"permissions":{"allow":["Bash(mytool:*)"]}}'),
      ),
    },
    calls: [
      { id: "mytool", tool: "Bash", input: { command: "mytool x" }, expect: "allow" },
      { id: "other", tool: "Bash", input: { command: "othertool x" }, expect: "ask" },
      { id: "rm", tool: "Bash", input: { command: "rm -rf x" }, expect: "deny" },
    ],
  },
  // Issue 21: settings Claude Code 2.1.332 reads without a word, which made skald block every
  // call, run ordinary calls; their deny rules still deny.
  {
    name: "defaultMode manual: ordinary calls run, the deny rules deny",
    files: SECRETS,
    settings: {
      permissions: { defaultMode: "manual", deny: ["Read(./.env)", "Bash(rm:*)"] },
      hooks: hooks(REGISTERED, INIT_EVENTS, { onFailure: "block" }),
    },
    secrets: ["secret-in-dotenv"],
    calls: [
      { id: "ls", tool: "Bash", input: { command: "ls" }, expect: "allow" },
      { id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "allow" },
      { id: "cat-glob", tool: "Bash", input: { command: "cat .en?" }, expect: "deny" },
      { id: "bash-c-rm", tool: "Bash", input: { command: "bash -c 'rm -rf x'" }, expect: "deny" },
    ],
  },
  {
    name: "defaultMode auto (user settings): ordinary calls run, the deny rules deny",
    files: SECRETS,
    userSettings: { permissions: { defaultMode: "auto" } },
    settings: {
      permissions: { deny: ["Read(./.env)", "Bash(rm:*)", "Agent(model:opus)"] },
      hooks: hooks(REGISTERED, INIT_EVENTS, { onFailure: "block" }),
    },
    secrets: ["secret-in-dotenv"],
    calls: [
      { id: "ls", tool: "Bash", input: { command: "ls" }, expect: "allow" },
      { id: "cat-glob", tool: "Bash", input: { command: "cat .en?" }, expect: "deny" },
      {
        id: "agent-opus",
        tool: "Agent",
        input: { description: "look", prompt: "look around", model: "opus" },
        expect: "deny",
      },
    ],
  },
  {
    name: "PreSkillShellCommand: a skill's !`cmd` that reads a denied file is not run",
    files: {
      ...SECRETS,
      ".claude/commands/peek.md":
        "---\nallowed-tools: Bash(cat:*), Bash(echo:*)\n---\nEnv: !`cat .en?`\nHi: !`echo hi`\n",
    },
    settings: {
      permissions: { deny: ["Read(./.env)"] },
      hooks: hooks(REGISTERED, INIT_EVENTS, { onFailure: "block" }),
    },
    prompt: "/peek",
    sent: ["Env: [not run: blocked by hook: skald: Denied by Read(./.env)", "Hi: hi"],
    secrets: ["secret-in-dotenv"],
    calls: [{ id: "echo", tool: "Bash", input: { command: "echo done" }, expect: "allow" }],
  },
  {
    name: 'onFailure "block": a hook that fails (exit 1) refuses the call',
    settings: { hooks: hooks("exit 1", ["PreToolUse"], { onFailure: "block" }) },
    failingHook: 1,
    calls: [{ id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "deny" }],
  },
  {
    name: "plugin: installed from the repository's marketplace, its hook denies",
    installPlugin: true,
    settings: { permissions: { deny: ["Bash(rm:*)"] } },
    calls: [
      { id: "bash-c", tool: "Bash", input: { command: "bash -c 'rm -rf x'" }, expect: "deny" },
      { id: "echo", tool: "Bash", input: { command: "echo hi" }, expect: "allow" },
    ],
  },
];
