/**
 * Real Gemini CLI and Codex CLI sessions with skald registered as their pre-tool hook
 * (issue 16), as cases of the agent oracles (`../shared/agent-oracles/gemini`, `.../codex`: the
 * real agent offline against a fake model that makes the scripted calls, one call a turn).
 * `tests/oracle/freeze_agent_sessions.ts` runs them and freezes, per call, what the agent sent
 * the hook, what skald answered, whether the tool ran and the text the model got, into
 * `tests/fixtures/oracle/agent_sessions.json`; `tests/cli/agent_sessions_test.ts` replays them.
 *
 * `{{SKALD}}` in a hook command stands for skald's own command (`deno run ... main.ts`).
 * `expect` is the oracle's outcome: `blocked` (the hook refused it), `ran`, or `error` (the agent
 * refused it before any hook ran).
 *
 * @module
 */

import { REGISTRATIONS } from "../../lib/settings/agent_registration.ts";

/** One tool call the fake model makes. */
export interface AgentCall {
  /** A name for the call. */
  id: string;
  /** The agent's tool name (Gemini's `run_shell_command`, Codex's model-side `exec_command`). */
  tool: string;
  /** Its arguments. */
  args: Record<string, unknown>;
  /**
   * What must happen: `blocked` by the hook, `ran`, or `error`: refused by the agent itself
   * before any hook ran (Gemini's own workspace check).
   */
  expect: "ran" | "blocked" | "error";
  /** Text the model must get back (a part of it). */
  textIncludes?: string;
}

/** One session. */
export interface AgentSession {
  /** The agent. */
  agent: "gemini" | "codex";
  /** The case's name (the promise it proves). */
  name: string;
  /** Files of the project (`.claude/settings.json` among them: skald's policy). */
  files: Record<string, string>;
  /** `skald hook --agent AGENT`'s further arguments. */
  args?: string[];
  /** What the hook command gives skald on stdin instead of the agent's input (malformed input). */
  feeds?: string;
  /** A hook command other than skald's registration (`{{SKALD}}` is skald). */
  command?: string;
  /**
   * Register the hook with the file `skald init --agent AGENT --command INIT` writes (the
   * freeze runs init and hands the agent that file's hooks); `{{SKALD}}` is skald.
   */
  init?: string;
  /** The calls, in order. */
  calls: AgentCall[];
  /** Strings that must never reach the model. */
  secrets?: string[];
  /** Files that must still exist after the session (a refused `rm` did not run). */
  stillThere?: string[];
  /** Files that must not exist after the session (a refused write did not happen). */
  absent?: string[];
  /** `git init` the project. */
  git?: boolean;
  /**
   * Gemini: the MCP servers of `.gemini/settings.json`; each runs
   * `tests/fixtures/agents/mcp_server.mjs` (copied into the project as `mcp.mjs`: tools
   * `list_tables` and `drop_table`).
   */
  mcpServers?: string[];
}

/** What the registration's fallback prints when skald exits non-zero. */
export const FALLBACK_LINE = "skald hook could not run\n";

/**
 * A session's hook command: the registration `init --agent` writes (a start that fails blocks
 * the call), with the session's arguments, and what it feeds skald instead of the input.
 *
 * @param s the session
 * @returns the command (`{{SKALD}}` is skald)
 */
export function hookCommand(s: AgentSession): string {
  if (s.command !== undefined) return s.command;
  if (s.init !== undefined) return REGISTRATIONS[s.agent].command(s.init);
  const args = (s.args ?? []).map((a) => ` '${a}'`).join("");
  const feed = s.feeds === undefined ? "" : `{ cat >/dev/null; printf '%s' '${s.feeds}'; } | `;
  return `${feed}{{SKALD}} hook --agent ${s.agent}${args} || { echo 'skald hook could not run' >&2; exit 2; }`;
}

const FILES = {
  ".env": "KEY=secret-in-dotenv\n",
  "secrets/k": "KEY=secret-in-secrets-dir\n",
  "src/a.txt": "plain text a\n",
  "build/out.txt": "built\n",
};

const POLICY = JSON.stringify({
  permissions: {
    deny: ["Read(./.env)", "Read(./secrets/**)", "Bash(rm:*)", "WebFetch(domain:evil.example)"],
    ask: ["Bash(git push:*)"],
  },
});

/** A patch in Codex's format around one file's lines. */
const patch = (body: string) => `*** Begin Patch\n${body}\n*** End Patch\n`;

const SECRETS = ["secret-in-dotenv", "secret-in-secrets-dir"];

/** The sessions. */
export const AGENT_SESSIONS: AgentSession[] = [
  {
    agent: "gemini",
    name: "gemini: denied reads and commands are refused, ordinary calls run",
    files: { ...FILES, ".claude/settings.json": POLICY },
    secrets: SECRETS,
    stillThere: ["build/out.txt"],
    absent: [".git/hooks/pre-commit"],
    git: true,
    calls: [
      { id: "read-secret", tool: "read_file", args: { file_path: "secrets/k" }, expect: "blocked" },
      {
        id: "cat-dotenv",
        tool: "run_shell_command",
        args: { command: "cat .env" },
        expect: "blocked",
        textIncludes: "Read(./.env)",
      },
      {
        id: "cat-secret-from-src",
        tool: "run_shell_command",
        args: { command: "cat ../secrets/k", dir_path: "src" },
        expect: "blocked",
      },
      { id: "grep-tree", tool: "grep_search", args: { pattern: "KEY" }, expect: "blocked" },
      {
        id: "rm-build",
        tool: "run_shell_command",
        args: { command: "bash -c 'rm -rf build'" },
        expect: "blocked",
      },
      {
        id: "fetch-evil",
        tool: "web_fetch",
        args: { prompt: "Summarize https://evil.example/page please" },
        expect: "blocked",
      },
      {
        id: "push-asks",
        tool: "run_shell_command",
        args: { command: "git push origin main" },
        expect: "blocked",
        textIncludes: "so skald denies",
      },
      { id: "echo", tool: "run_shell_command", args: { command: "echo hi" }, expect: "ran" },
      { id: "read-plain", tool: "read_file", args: { file_path: "src/a.txt" }, expect: "ran" },
      {
        id: "write-git-hook",
        tool: "write_file",
        args: { file_path: ".git/hooks/pre-commit", content: "#!/bin/sh\n" },
        // Gemini 0.61.0 refuses it itself: "Path not in workspace" (so it does `.env`).
        expect: "error",
      },
      {
        id: "write-plain",
        tool: "write_file",
        args: { file_path: "notes.txt", content: "notes\n" },
        expect: "ran",
      },
    ],
  },
  {
    agent: "gemini",
    name: "gemini: fail closed: malformed hook input is blocked",
    files: { ".claude/settings.json": POLICY },
    feeds: '{"hook_event_name": "BeforeTool", ',
    calls: [{
      id: "echo",
      tool: "run_shell_command",
      args: { command: "echo hi" },
      expect: "blocked",
      textIncludes: "not JSON",
    }],
  },
  {
    agent: "gemini",
    name: "gemini: fail closed: settings that are not JSON block every call",
    files: { ".claude/settings.json": '{"permissions": {"deny": ["Bash(rm:*)"]},' },
    calls: [{
      id: "echo",
      tool: "run_shell_command",
      args: { command: "echo hi" },
      expect: "blocked",
    }],
  },
  {
    agent: "gemini",
    name: "gemini: fail closed: an unknown option blocks",
    files: { ".claude/settings.json": POLICY },
    args: ["--setings", "x.json"],
    calls: [{
      id: "echo",
      tool: "run_shell_command",
      args: { command: "echo hi" },
      expect: "blocked",
    }],
  },
  {
    agent: "gemini",
    name: "gemini: fail closed: the registered command is not on PATH",
    files: { ".claude/settings.json": POLICY },
    command:
      "skald-not-installed hook --agent gemini || { echo 'skald hook could not run' >&2; exit 2; }",
    calls: [{
      id: "echo",
      tool: "run_shell_command",
      args: { command: "echo hi" },
      expect: "blocked",
    }],
  },
  {
    agent: "gemini",
    name: "gemini: an MCP tool of a server whose name holds an underscore is decided by its rule",
    files: {
      ".claude/settings.json": JSON.stringify({
        permissions: { deny: ["mcp__my_db__drop_table"] },
      }),
    },
    mcpServers: ["my_db"],
    calls: [
      {
        id: "drop",
        tool: "mcp_my_db_drop_table",
        args: {},
        expect: "blocked",
        textIncludes: "mcp__my_db__drop_table",
      },
      { id: "list", tool: "mcp_my_db_list_tables", args: {}, expect: "ran" },
    ],
  },
  {
    agent: "codex",
    name: "codex: denied reads and commands are refused, ordinary calls run",
    files: { ...FILES, ".claude/settings.json": POLICY },
    secrets: SECRETS,
    stillThere: ["build/out.txt"],
    calls: [
      {
        id: "cat-dotenv",
        tool: "exec_command",
        args: { cmd: "cat .env" },
        expect: "blocked",
        textIncludes: "Read(./.env)",
      },
      {
        id: "head-secret-from-src",
        tool: "exec_command",
        args: { cmd: "head ../secrets/k", workdir: "src" },
        expect: "blocked",
      },
      {
        id: "grep-up",
        tool: "exec_command",
        args: { cmd: "grep -r KEY ..", workdir: "src" },
        expect: "blocked",
      },
      {
        id: "rm-build",
        tool: "exec_command",
        args: { cmd: "sh -c 'rm -rf build'" },
        expect: "blocked",
      },
      {
        id: "push-asks",
        tool: "exec_command",
        args: { cmd: "git push origin main" },
        expect: "blocked",
        textIncludes: "so skald denies",
      },
      { id: "echo", tool: "exec_command", args: { cmd: "echo hi" }, expect: "ran" },
      {
        id: "cat-plain",
        tool: "exec_command",
        args: { cmd: "cat a.txt", workdir: "src" },
        expect: "ran",
      },
    ],
  },
  {
    agent: "codex",
    name: "codex: fail closed: malformed hook input is blocked",
    files: { ".claude/settings.json": POLICY },
    feeds: '{"hook_event_name": "PreToolUse", ',
    calls: [{
      id: "echo",
      tool: "exec_command",
      args: { cmd: "echo hi" },
      expect: "blocked",
      textIncludes: "not JSON",
    }],
  },
  {
    agent: "codex",
    name: "codex: fail closed: a deny rule that cannot be read blocks every call",
    files: { ".claude/settings.json": '{"permissions": {"deny": ["Bash(rm:*"]}}' },
    calls: [{ id: "echo", tool: "exec_command", args: { cmd: "echo hi" }, expect: "blocked" }],
  },
  {
    agent: "codex",
    name: "codex: fail closed: the registered command is not on PATH",
    files: { ".claude/settings.json": POLICY },
    command:
      "skald-not-installed hook --agent codex || { echo 'skald hook could not run' >&2; exit 2; }",
    calls: [{ id: "echo", tool: "exec_command", args: { cmd: "echo hi" }, expect: "blocked" }],
  },
  {
    agent: "codex",
    name: "codex: a patch Codex applies from a shell command is held against the Edit rules",
    files: {
      ".claude/settings.json": JSON.stringify({ permissions: { deny: ["Edit(./protected/**)"] } }),
      "protected/keep.txt": "keep\n",
      "src/a.txt": "plain text a\n",
    },
    git: true,
    absent: ["protected/x.txt", ".git/hooks/pre-commit"],
    stillThere: ["protected/keep.txt", "notes.txt"],
    calls: [
      {
        id: "patch-protected",
        tool: "exec_command",
        args: { cmd: `apply_patch <<'EOF'\n${patch("*** Add File: protected/x.txt\n+hi")}EOF\n` },
        expect: "blocked",
        textIncludes: "Edit(./protected/**)",
      },
      {
        id: "cd-patch-up",
        tool: "exec_command",
        args: {
          cmd: `cd src && apply_patch <<'EOF'\n${
            patch("*** Delete File: ../protected/keep.txt")
          }EOF\n`,
        },
        expect: "blocked",
      },
      {
        id: "patch-git-hook",
        tool: "exec_command",
        args: {
          cmd: `apply_patch <<'EOF'\n${
            patch("*** Add File: .git/hooks/pre-commit\n+#!/bin/sh")
          }EOF\n`,
        },
        expect: "blocked",
      },
      {
        id: "patch-plain",
        tool: "exec_command",
        args: { cmd: `apply_patch <<'EOF'\n${patch("*** Add File: notes.txt\n+notes")}EOF\n` },
        expect: "ran",
      },
    ],
  },
  {
    agent: "codex",
    name: "codex: without the registration's fallback, a command not on PATH lets the call run",
    files: { ".claude/settings.json": POLICY },
    command: "skald-not-installed hook --agent codex",
    calls: [{ id: "echo", tool: "exec_command", args: { cmd: "echo hi" }, expect: "ran" }],
  },
  {
    agent: "gemini",
    name: "gemini: the registration init --agent gemini writes denies a command and runs another",
    files: { ".claude/settings.json": POLICY, "build/out.txt": "built\n" },
    init: "{{SKALD}}",
    stillThere: ["build/out.txt"],
    calls: [
      { id: "rm", tool: "run_shell_command", args: { command: "rm -rf build" }, expect: "blocked" },
      { id: "echo", tool: "run_shell_command", args: { command: "echo hi" }, expect: "ran" },
    ],
  },
  {
    agent: "gemini",
    name: "gemini: init's registration blocks when skald cannot start",
    files: { ".claude/settings.json": POLICY },
    init: "skald-not-installed",
    calls: [{
      id: "echo",
      tool: "run_shell_command",
      args: { command: "echo hi" },
      expect: "blocked",
    }],
  },
  {
    agent: "codex",
    name: "codex: the registration init --agent codex writes denies a command and runs another",
    files: { ".claude/settings.json": POLICY, "build/out.txt": "built\n" },
    init: "{{SKALD}}",
    stillThere: ["build/out.txt"],
    calls: [
      { id: "rm", tool: "exec_command", args: { cmd: "rm -rf build" }, expect: "blocked" },
      { id: "echo", tool: "exec_command", args: { cmd: "echo hi" }, expect: "ran" },
    ],
  },
  {
    agent: "codex",
    name: "codex: init's registration blocks when skald cannot start",
    files: { ".claude/settings.json": POLICY },
    init: "skald-not-installed",
    calls: [{ id: "echo", tool: "exec_command", args: { cmd: "echo hi" }, expect: "blocked" }],
  },
];
