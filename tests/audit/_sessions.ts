/**
 * The Claude Code sessions whose transcripts `skald audit` is tested on (issue 15): each runs
 * through the oracle (Claude Code 2.1.332, `-p`, a scripted model) in raw mode, and
 * `freeze_transcripts.ts` keeps the transcripts it leaves, stripped to their structure and tool
 * calls, in `tests/fixtures/audit/<name>/`. A session's turns are the model's replies in order;
 * a subagent's conversation gets the same turns (the fake model answers by turn number).
 *
 * @module
 */

import { SESSIONS } from "../oracle/hook_sessions.ts";

/** One scripted reply: one tool call, several at once, or the last words. */
export type Turn =
  | { tool_use: { name: string; input: Record<string, unknown> } }
  | { tool_uses: { name: string; input: Record<string, unknown> }[] }
  | { text: string };

/** One session. */
export interface AuditSession {
  /** The fixture folder's name. */
  name: string;
  /** What the session shows. */
  about: string;
  /** Files of the project. */
  files: Record<string, string>;
  /** `.claude/settings.json`. */
  settings: unknown;
  /** Where Claude Code starts, relative to the project (default: the project). */
  cwd?: string;
  /** The tools Claude Code offers. */
  tools: string;
  /** The model's replies. */
  turns: Turn[];
  /** `git init` the project. */
  git?: boolean;
  /** Kill Claude Code (SIGKILL) once the transcript holds a call to this command. */
  killAt?: string;
  /** Register skald (this checkout) as the PreToolUse and PermissionRequest hook. */
  hook?: boolean;
}

const bash = (command: string) => ({ tool_use: { name: "Bash", input: { command } } });
const tool = (name: string, input: Record<string, unknown>) => ({ tool_use: { name, input } });

// Issue 9's hook session after `cd src` (tests/oracle/hook_sessions.ts): its files and rules.
const AFTER_CD_SESSION = SESSIONS[0]!;
const SECRETS = AFTER_CD_SESSION.files as Record<string, string>;
const DENY_READS = (AFTER_CD_SESSION.settings as { permissions: unknown }).permissions;

/** The calls of the session after `cd src` (as issue 9's hook session). */
const AFTER_CD: Turn[] = [
  bash("cd src"),
  bash("cat ../.en?"),
  bash("cat ../.env"),
  bash("grep -r KEY .."),
  bash("git -C .. push origin main"),
  bash("head ../secrets/k"),
  tool("Read", { file_path: "{{PROJECT}}/secrets/k" }),
  bash("cat a.txt"),
  bash("git status"),
  bash("echo hi"),
  tool("Read", { file_path: "{{PROJECT}}/src/a.txt" }),
  { text: "done" },
];

/** The sessions. */
export const AUDIT_SESSIONS: AuditSession[] = [
  {
    name: "after-cd",
    about: "after cd src, Claude Code alone: deny rules on .env and secrets/, a push rule",
    git: true,
    files: SECRETS,
    settings: { permissions: DENY_READS },
    tools: "Bash,Read",
    turns: AFTER_CD,
  },
  {
    name: "hook",
    about: "the same session with skald as the hook: every read of a secret refused",
    git: true,
    files: SECRETS,
    settings: { permissions: DENY_READS },
    hook: true,
    tools: "Bash,Read",
    turns: AFTER_CD,
  },
  {
    name: "tools",
    about: "a cd, allow, deny and ask rules, every file tool, WebFetch",
    git: true,
    files: { "src/a.txt": "alpha\n", "secrets/key.txt": "k\n", "notes.md": "one\ntwo\n" },
    settings: {
      permissions: {
        allow: ["Bash(cd:*)", "Edit(./notes.md)"],
        deny: ["Bash(rm:*)", "Read(./secrets/**)"],
        ask: ["Bash(git push:*)"],
      },
    },
    tools: "Bash,Read,Write,Edit,Glob,Grep,WebFetch",
    turns: [
      bash("cd src && pwd"),
      bash("pwd"),
      bash("rm -rf build"),
      bash("git push origin main"),
      tool("Read", { file_path: "{{PROJECT}}/secrets/key.txt" }),
      tool("Read", { file_path: "{{PROJECT}}/notes.md" }),
      tool("Edit", { file_path: "{{PROJECT}}/notes.md", old_string: "one", new_string: "uno" }),
      tool("Write", { file_path: "{{PROJECT}}/new.txt", content: "x\n" }),
      tool("Glob", { pattern: "**/*.txt" }),
      tool("Grep", { pattern: "alpha", path: "{{PROJECT}}/src" }),
      tool("WebFetch", { url: "https://example.com/x", prompt: "summarise" }),
      bash("cd .. && ls"),
      bash("cat ../.env"),
      { text: "done" },
    ],
  },
  {
    name: "subagent",
    about: "an Explore subagent (its own transcript), Task and Agent rules, a WebFetch deny",
    git: true,
    files: { "src/a.txt": "alpha\n" },
    settings: {
      permissions: {
        allow: ["Bash(cd:*)"],
        deny: ["Agent(Plan)", "WebFetch(domain:example.com)"],
      },
    },
    tools: "Bash,Read,Glob,Grep,Write,Edit,WebFetch,Agent",
    turns: [
      tool("Agent", { subagent_type: "Explore", description: "explore", prompt: "look around" }),
      bash("cd src && pwd"),
      bash("pwd"),
      tool("Task", { subagent_type: "Plan", description: "plan", prompt: "make a plan" }),
      tool("WebFetch", { url: "https://example.com/page", prompt: "read" }),
      tool("Grep", { pattern: "alpha", path: "a.txt" }),
      { text: "done" },
    ],
  },
  {
    name: "subdir",
    about: "started in apps/web: a cd out refused, calls made at once, a relative Read",
    files: { "apps/web/index.js": "console.log(1)\n" },
    settings: { permissions: { deny: ["Read(./secrets/**)"] } },
    cwd: "apps/web",
    tools: "Bash,Read",
    turns: [
      bash("cd /tmp && pwd"),
      bash("pwd"),
      {
        tool_uses: [
          { name: "Bash", input: { command: "cd .. && pwd" } },
          { name: "Bash", input: { command: "pwd" } },
          { name: "Read", input: { file_path: "index.js" } },
        ],
      },
      { text: "done" },
    ],
  },
  {
    name: "killed",
    about: "Claude Code killed while a call runs: the call has no result",
    files: {},
    settings: { permissions: { allow: ["Bash(python3:*)"] } },
    tools: "Bash",
    killAt: "time.sleep(40)",
    turns: [
      bash("echo before"),
      bash("python3 -c 'import time; time.sleep(40)'"),
      { text: "done" },
    ],
  },
];
