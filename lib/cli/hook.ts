/**
 * `skald hook`: a Claude Code hook for `PreToolUse` and `PermissionRequest` (the hook input on
 * stdin, Claude Code's hook output on stdout), and with `--agent gemini|codex|copilot` the
 * pre-tool hook of that agent. `main.ts` runs `skald hook [--settings FILE] [--authoritative]
 * [--agent NAME] [--ask-as ask|deny]` through {@link fastHookArgs} and {@link hookMain}
 * without loading the CLI library, for speed (this module imports no value from it: keep it
 * so); `--help` goes through the full CLI. Every failure blocks the call in the agent's way (for
 * Claude Code exit 2: an unknown option too, since Claude Code lets a call through on any other
 * exit code).
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { type HookOptions, runAgentHook, runHook } from "../hook/run_hook.ts";
import { type Listings, newListings } from "../fs/tree_search.ts";
import { AGENT_NAMES, type AgentName, blockedReason, isAgentName } from "../hook/agents/agent.ts";
import { ADAPTERS } from "../hook/agents/adapters.ts";
import { serveResident } from "../hook/resident_server.ts";
import { residentDir, type ResidentRequest, SOCKET } from "../hook/resident_client.ts";
import { type DeciderMemo, deciderMemo } from "../hook/policy_memo.ts";
import type { Io, Outcome } from "./io.ts";
import { ENV_VARS, INIT_FILES, V8_FLAGS } from "./permission_flags.ts";
import { DOCTOR_SESSION } from "../settings/hook_registration.ts";

/** The options `skald hook` takes, for its error messages. */
// (`--resident[=DIR]` and `--serve` are left out: the frozen sessions of tests/fixtures/oracle
// recorded this text; `--help` names them.)
const TAKES = "--settings FILE, --authoritative, --agent NAME and --ask-as ask|deny";

/** A hook invocation's options: the decision's, and whether it is the resident decider. */
export type HookArgs = HookOptions & {
  /** `--serve` (with `--resident`): be the resident decider (`main.ts` starts it so). */
  serve?: boolean;
};

/**
 * The options of a hook invocation; undefined for `--help` (the full CLI prints it); an error
 * for anything else (with the agent, when one was named: its refusal blocks the call).
 *
 * @param args the arguments after `hook`
 * @returns the options, or an error naming the argument
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fastHookArgs } from "./hook.ts";
 *
 * assert.deepEqual(fastHookArgs(["--settings=a.json", "--authoritative"]), {
 *   settings: ["a.json"],
 *   authoritative: true,
 * });
 * assert.deepEqual(fastHookArgs(["--agent", "gemini", "--ask-as=ask"]), {
 *   settings: [],
 *   authoritative: false,
 *   agent: "gemini",
 *   askAs: "ask",
 * });
 * assert.equal(fastHookArgs(["--help"]), undefined);
 * assert.deepEqual(fastHookArgs(["--setings", "a.json"]), {
 *   error:
 *     'Unknown option "--setings" (skald hook takes --settings FILE, --authoritative, --agent NAME and --ask-as ask|deny)',
 * });
 * ```
 */
export function fastHookArgs(
  args: readonly string[],
): HookArgs | { error: string; agent?: AgentName } | undefined {
  const settings: string[] = [];
  let authoritative = false;
  let serve = false;
  let agent: AgentName | undefined;
  let askAs: "ask" | "deny" | undefined;
  let error: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--help" || a === "-h") return undefined;
    const [flag, inline] = a.startsWith("--") && a.includes("=")
      ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
      : [a, undefined];
    const valued = flag === "--settings" || flag === "--agent" || flag === "--ask-as";
    const value = !valued ? undefined : inline ?? (i + 1 < args.length ? args[++i]! : undefined);
    if (valued && value === undefined) {
      error ??= `${flag} without a value (skald hook takes ${TAKES})`;
    } else if (flag === "--settings") settings.push(value!);
    else if (flag === "--agent") {
      if (isAgentName(value!)) agent = value;
      else {error ??= `Unknown agent "${value}" (skald hook --agent takes ${
          AGENT_NAMES.join(", ")
        })`;}
    } else if (flag === "--ask-as") {
      if (value === "ask" || value === "deny") askAs = value;
      else error ??= `--ask-as takes ask or deny, not "${value}"`;
    } else if (a === "--authoritative") authoritative = true;
    // `--resident[=DIR]` (or `--resident DIR`): `main.ts` asks the resident decider first;
    // decided here, it changes nothing, but a relative directory is a mistake that blocks.
    else if (a === "--resident" || a.startsWith("--resident=")) {
      const next = args[i + 1];
      const dir = a !== "--resident" ? a.slice("--resident=".length) : next !== undefined &&
          !next.startsWith("-")
        ? args[++i]!
        : "/";
      if (!dir.startsWith("/")) error ??= `--resident takes an absolute directory, not "${dir}"`;
    } else if (a === "--serve") serve = true;
    else error ??= `Unknown option "${a}" (skald hook takes ${TAKES})`;
  }
  if (error !== undefined) return agent === undefined ? { error } : { error, agent };
  return {
    settings,
    authoritative,
    ...(agent === undefined ? {} : { agent }),
    ...(askAs === undefined ? {} : { askAs }),
    ...(serve ? { serve } : {}),
  };
}

/**
 * Runs the hook on standard input and prints its answer. For Claude Code (the default) an error
 * goes to stderr as one line and blocks the call, an internal error too (exit 1 would let
 * Claude Code go on without skald's answer); for another agent, every error is answered with
 * that agent's refusal (`lib/hook/agents/`).
 *
 * @param options the hook's options, or the error reading them
 * @param io streams and environment
 * @returns `ok`, or `block` for anything that went wrong
 */
export async function hookMain(
  options: HookOptions | { error: string; agent?: AgentName },
  io: Io,
): Promise<Outcome> {
  const agent = options.agent ?? "claude";
  if (agent !== "claude") {
    const adapter = ADAPTERS[agent];
    let reply;
    try {
      reply = "error" in options
        ? adapter.refuse(options.error)
        : await runAgentHook(adapter, await io.stdin(), options, io.env, io.cwd);
    } catch (e) {
      reply = adapter.refuse(`internal error: ${e instanceof Error ? e.message : e}`);
    }
    io.out(reply.stdout);
    io.err(reply.stderr);
    return reply.outcome;
  }
  let run;
  try {
    run = "error" in options ? options : await runHook(await io.stdin(), options, io.env, io.cwd);
  } catch (e) {
    run = { error: `internal error: ${e instanceof Error ? e.message : e}` };
  }
  if ("error" in run) {
    io.err(`${blockedReason(run.error)}\n`);
    return "block";
  }
  io.out(run.stdout);
  return "ok";
}

/**
 * The directory listings the resident decider keeps across its calls: a recursive reader's walk
 * lists again only the directories that changed (issue 23: a recursive grep in a project of
 * 10,000 files).
 */
const LISTINGS: Listings = newListings();

/**
 * Answers one call sent to the resident decider, as `skald hook ARGS` run by the caller would:
 * the caller's arguments, directory, environment and input, nothing of this process's.
 *
 * @param request the call
 * @param memo what the decider keeps from call to call ({@link deciderMemo}); nothing by default
 * @returns the outcome and what to print
 */
export async function answerResident(
  request: Pick<ResidentRequest, "args" | "cwd" | "env" | "stdin">,
  memo?: DeciderMemo,
): Promise<{ outcome: Outcome; stdout: string; stderr: string }> {
  const options = fastHookArgs(request.args);
  if (options === undefined || ("serve" in options && options.serve)) {
    const what = options === undefined ? "--help" : "--serve";
    return { outcome: "block", stdout: "", stderr: `skald hook: ${what} is not a hook call\n` };
  }
  let stdout = "";
  let stderr = "";
  const outcome = await hookMain(
    "error" in options
      ? options
      : { ...options, listings: LISTINGS, ...(memo === undefined ? {} : { memo }) },
    {
      out: (t) => void (stdout += t),
      err: (t) => void (stderr += t),
      lines: () => (async function* () {})(),
      stdin: () => Promise.resolve(request.stdin),
      cwd: request.cwd,
      env: (name) => Object.hasOwn(request.env, name) ? request.env[name] : undefined,
    },
  );
  return { outcome, stdout, stderr };
}

/**
 * Runs the resident decider (`skald hook --resident[=DIR] --serve`) until it ends: it listens on
 * the directory's socket and answers calls with {@link answerResident}, keeping their policies.
 *
 * @param args the arguments after `hook`
 * @param io the environment (`HOME`, for the default directory) and stderr
 * @param digest the bundle's body digest (`lib/_generated/hook_digest.ts`: not in the bundle,
 * whose digest it is)
 * @returns `ok` when it has ended; `block` without a directory
 */
export async function serveHook(
  args: readonly string[],
  io: Io,
  digest: string,
): Promise<Outcome> {
  const dir = residentDir(args, io.env("HOME"));
  if (dir === undefined) {
    io.err("skald hook --serve: --resident=DIR (an absolute path) or an absolute HOME needed\n");
    return "block";
  }
  // A decision runs nothing, needs no id and writes nothing: the decider keeps reading, the
  // variables, and its socket.
  Deno.permissions.revokeSync({ name: "run" });
  Deno.permissions.revokeSync({ name: "sys" });
  for (const path of INIT_FILES) Deno.permissions.revokeSync({ name: "write", path });
  const memo = deciderMemo();
  const resident = serveResident({
    socket: `${dir}/${SOCKET}`,
    digest,
    answer: (request) => answerResident(request, memo),
  });
  await resident.finished;
  return "ok";
}

/**
 * The permission flags of a resident decider at a socket: read, the variables skald reads, and
 * the socket (it listens on `SOCKET.new`, moves that into place, and removes it when it ends);
 * nothing else.
 *
 * @param socket the socket's path
 * @returns the flags
 */
export function deciderFlags(socket: string): string[] {
  return [
    "--allow-read",
    `--allow-env=${ENV_VARS.join(",")}`,
    `--allow-write=${socket},${socket}.new`,
    `--allow-net=unix:${socket}.new`,
  ];
}

/**
 * Whether a call that found no resident decider starts one: not a sample call of `doctor`'s
 * (its session id is {@link DOCTOR_SESSION}, in any agent's input), which starts nothing.
 *
 * @param stdin the hook input
 * @returns false for doctor's sample calls
 */
export function startsDecider(stdin: string): boolean {
  try {
    const input = JSON.parse(stdin) as { session_id?: unknown; sessionId?: unknown } | null;
    return input?.session_id !== DOCTOR_SESSION && input?.sessionId !== DOCTOR_SESSION;
  } catch {
    return true;
  }
}

/**
 * The resident decider's command line: `deno run` with {@link deciderFlags}, the hook's V8 flags
 * (so that it shares the calls' code cache) and the main module, then
 * `hook --resident=DIR --serve`. (A binary made by `deno compile` starts none: its flags are the
 * ones baked in where it was built.)
 *
 * @param dir the resident directory
 * @param main the main module's URL
 * @param exe the `deno` executable (this process's by default)
 * @returns the command line
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { residentCommand } from "./hook.ts";
 *
 * const run = residentCommand("/d", "file:///s/main.ts", "/usr/bin/deno");
 * assert.deepEqual(run.slice(0, 4), ["/usr/bin/deno", "run", "--quiet", "--no-config"]);
 * assert.ok(run.includes("--allow-net=unix:/d/hook.sock.new"));
 * assert.deepEqual(run.slice(-4), ["file:///s/main.ts", "hook", "--resident=/d", "--serve"]);
 * ```
 */
export function residentCommand(
  dir: string,
  main: string,
  exe: string = Deno.execPath(),
): string[] {
  // No project's deno.json: the resident decider starts in `/`.
  const flags = deciderFlags(`${dir}/${SOCKET}`);
  return [
    exe,
    "run",
    "--quiet",
    "--no-config",
    ...flags,
    V8_FLAGS,
    main,
    "hook",
    `--resident=${dir}`,
    "--serve",
  ];
}

/**
 * Registers `hook` (for `--help`; the options themselves are read by {@link fastHookArgs}).
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerHook(program: Command, io: Io, done: (o: Outcome) => void): void {
  program.command("hook")
    .description("answer Claude Code's PreToolUse and PermissionRequest hooks with the policy")
    .option(
      "--settings <file>",
      "an extra settings source, relative to the project root (repeatable)",
      (v: string, p: string[]) => [...p, v], // not common.ts's collect: that loads commander
      [],
    )
    .option("--authoritative", "skald's policy is the whole policy: its allow is sent as allow")
    .option("--agent <name>", `whose hook this is: ${AGENT_NAMES.join(", ")} (default claude)`)
    .option("--ask-as <verdict>", "another agent: what an ask becomes, deny (default) or ask")
    .option(
      "--resident [dir]",
      "ask the resident decider in DIR (default ~/.cache/skald) first; start it when missing",
    )
    .addHelpText(
      "after",
      `
Reads the hook input JSON on stdin (PreToolUse or PermissionRequest) and decides the call where
it runs (the input's "cwd"), in the project of CLAUDE_PROJECT_DIR (else the nearest directory
above holding .claude/ or .git). PreToolUse: prints a deny or ask that a rule, a guard (a
protected file) or the mode gave, naming why; nothing where skald only asks because no rule
speaks. PermissionRequest: a deny where skald denies. --authoritative: every verdict, allow too.
Anything that goes wrong (malformed input, a missing or broken settings file, an unreadable
deny rule, an unknown option) prints one line on stderr and exits 2, which blocks the call.

--agent gemini (BeforeTool), codex (PreToolUse) or copilot (preToolUse) reads that agent's
hook input, maps its tools onto skald's and answers in its contract; an ask is sent as a deny
(--ask-as ask: as an ask, where the agent can ask); every error blocks the call the way that
agent blocks one (docs/agents.md); skald init --agent NAME registers it.

--resident[=DIR] asks skald's resident decider first: a process of the user's that keeps the
engine loaded and answers over 127.0.0.1 only to calls that hold the key in DIR (default
~/.cache/skald; it must be the user's alone). A call it does not answer is decided in its own
process, and starts one; it ends after 15 minutes without a call, or when its session file
is removed (docs/hook.md, "The resident decider").

In .claude/settings.json (skald init writes it: skald when it is on PATH, else a path):
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command",
    "command": "skald hook --resident || { echo 'skald hook could not run' >&2; exit 2; }"}]}]}}`,
    )
    .action(async (opts: { settings: string[]; authoritative?: boolean }) => {
      // Only `--help` reaches here; the arguments themselves are read by fastHookArgs.
      done(await hookMain({ settings: opts.settings, authoritative: !!opts.authoritative }, io));
    });
}
