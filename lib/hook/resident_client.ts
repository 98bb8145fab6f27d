/**
 * A hook call's side of the resident decider (`skald hook --resident`): find the session file
 * of this skald's bundle in the resident directory, trust it only when the directory and the
 * file are the user's alone, send the call sealed with the session's key, and take the answer
 * only when the key sealed it and it repeats the request's nonce. Anything else is a miss: the call is decided in its own process,
 * as without `--resident`, and a miss that a new resident decider would mend starts one
 * ({@link launchResident}). `main.ts` imports this module without the bundle: a call the
 * resident decider answers loads neither the bundle nor the engine.
 *
 * @module
 */

import {
  asReply,
  LineReader,
  MAX_FRAME,
  parseSession,
  REPLY_TIMEOUT_MS,
  type ResidentReply,
  type ResidentRequest,
  sealRequest,
  sessionFileName,
  sessionKey,
  unseal,
  writeAll,
} from "./resident_wire.ts";

/** The variables a request carries, the hook's whole environment (`ENV_VARS`, a test holds). */
export const FORWARDED_ENV: readonly string[] = [
  "HOME",
  "CLAUDE_PROJECT_DIR",
  "SKALD_MANAGED_SETTINGS",
  "SLASH_COMMAND_TOOL_CHAR_BUDGET",
  "CLICOLOR_FORCE",
  "LOG_STREAM",
  "LOG_TOKENS",
  "RIPGREP_CONFIG_PATH",
];

/** Why the resident decider did not answer, and whether starting one would mend it. */
export interface Miss {
  miss: string;
  launch: boolean;
}

/**
 * The resident directory a hook's arguments name: `--resident=DIR` or `--resident DIR`, or
 * `--resident` for `~/.cache/skald` (undefined without the option, for a relative directory, or
 * without an absolute home for the default).
 *
 * @param args the arguments after `hook`
 * @param home the user's home (`HOME`)
 * @returns the directory, or undefined
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { residentDir } from "./resident_client.ts";
 *
 * assert.equal(residentDir(["--resident"], "/home/u"), "/home/u/.cache/skald");
 * assert.equal(residentDir(["--resident=/run/user/1/skald"], "/home/u"), "/run/user/1/skald");
 * assert.equal(residentDir(["--resident", "/d", "--authoritative"], "/home/u"), "/d");
 * assert.equal(residentDir(["--settings", "x.json"], "/home/u"), undefined);
 * assert.equal(residentDir(["--resident"], undefined), undefined);
 * ```
 */
export function residentDir(args: readonly string[], home: string | undefined): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1];
    if (a === "--resident" && next !== undefined && !next.startsWith("-")) {
      return next.startsWith("/") ? next : undefined;
    }
    if (a === "--resident") return home?.startsWith("/") ? `${home}/.cache/skald` : undefined;
    if (a.startsWith("--resident=")) {
      const dir = a.slice("--resident=".length);
      return dir.startsWith("/") ? dir : undefined;
    }
  }
  return undefined;
}

/**
 * Why a directory or session file cannot be trusted, or undefined: it must be what it says (no
 * link), belong to the user (when the user's id is given), and be closed to the group and
 * others. Throws when it is not there.
 *
 * @param path the directory or file
 * @param kind which it must be
 * @param owner the user's id; undefined: not checked (`doctor`, which may not ask for it)
 * @returns why not, or undefined
 */
export function untrusted(
  path: string,
  kind: "directory" | "file",
  owner?: number,
): string | undefined {
  const info = Deno.lstatSync(path);
  if (kind === "directory" ? !info.isDirectory : !info.isFile) return `${path} is not a ${kind}`;
  if (owner !== undefined && info.uid !== owner) return `${path} is not the user's`;
  if (((info.mode ?? 0) & 0o077) !== 0) return `${path} is open to the group or others`;
  return undefined;
}

/**
 * Asks the resident decider of a bundle to answer a hook call.
 *
 * @param where the resident directory and the bundle's digest
 * @param request the call (its nonce is made here)
 * @returns the reply, or why there is none
 */
export async function askResident(
  where: { dir: string; digest: string },
  request: Omit<ResidentRequest, "nonce">,
): Promise<ResidentReply | Miss> {
  const file = `${where.dir}/${sessionFileName(where.digest)}`;
  let owner: number;
  // Asked first: without the permission, Deno would prompt in a terminal, or throw.
  const granted = (d: Deno.PermissionDescriptor) =>
    Deno.permissions.querySync(d).state === "granted";
  if (!granted({ name: "sys", kind: "uid" }) || !granted({ name: "net", host: "127.0.0.1" })) {
    return { miss: "no --allow-sys=uid and --allow-net=127.0.0.1", launch: false };
  }
  try {
    owner = Deno.uid() ?? -1;
  } catch {
    return { miss: "the user's id is unknown", launch: false };
  }
  try {
    const dir = untrusted(where.dir, "directory", owner);
    if (dir !== undefined) return { miss: dir, launch: false };
  } catch {
    return { miss: `no resident directory ${where.dir}`, launch: true };
  }
  try {
    const bad = untrusted(file, "file", owner);
    if (bad !== undefined) return { miss: bad, launch: false };
  } catch {
    return { miss: `no session file ${file}`, launch: true };
  }
  // One time-out for everything from here, the session file's read too (a FIFO put in its place
  // after the check would block it) and the connection (a process that took the port may hold
  // it unaccepted). Not `setTimeout`: Deno's first timer costs a process about 6 ms.
  const signal = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const timeout = new Promise<Miss>((done) => {
    // Slow, stopped, or not the resident decider: a new one (another port) mends it.
    const late = { miss: "no answer in time", launch: true };
    signal.addEventListener("abort", () => done(late), { once: true });
  });
  let conn: Deno.Conn | undefined;
  const exchange = async (): Promise<ResidentReply | Miss> => {
    let text: string;
    try {
      text = await Deno.readTextFile(file);
    } catch {
      return { miss: `no session file ${file}`, launch: true };
    }
    const session = parseSession(text);
    const key = session && await sessionKey(session.key);
    if (session === undefined || key === undefined) {
      return { miss: `${file} is not a session file`, launch: true };
    }
    const nonce = crypto.getRandomValues(new Uint8Array(16)).toHex();
    const frame = await sealRequest(key, { nonce, ...request });
    if (frame.length > MAX_FRAME) return { miss: "the hook input is too large", launch: false };
    try {
      conn = await Deno.connect({ hostname: "127.0.0.1", port: session.port });
    } catch {
      return { miss: `nothing answers on port ${session.port}`, launch: true };
    }
    const reader = new LineReader(conn);
    let line: Uint8Array<ArrayBuffer> | undefined;
    try {
      await writeAll(conn, frame);
      line = await reader.line(MAX_FRAME);
    } catch {
      line = undefined; // reset by the peer
    }
    // Closed before a byte: the decider is at its limit of connections (or ending); a new one
    // would not help.
    if (line === undefined && reader.received === 0) {
      return { miss: "the connection was closed unanswered", launch: false };
    }
    const reply = line && asReply(await unseal(key, line), nonce);
    // Not sealed with the key: whatever answers on the port is not the resident decider.
    return reply ??
      { miss: `the process on port ${session.port} did not prove the key`, launch: true };
  };
  try {
    const failed = { miss: "the connection to the resident decider failed", launch: true };
    return await Promise.race([exchange().catch(() => failed), timeout]);
  } finally {
    try {
      conn?.close();
    } catch {
      // already closed by the peer
    }
  }
}

/** What a hook call's process gives the resident decider: its directory, environment, input. */
export interface Caller {
  /** The process's directory. */
  cwd: string;
  /** The process's environment. */
  env(name: string): string | undefined;
  /** The hook input (read once). */
  stdin(): Promise<string>;
}

/**
 * Sends a hook call (`skald hook ARGS`, `--resident[=DIR]` among them) to the resident decider
 * of the bundle. Reads, through `caller.env`, `HOME` (the default directory, `~/.cache/skald`)
 * and each variable of {@link FORWARDED_ENV}, which it sends with the call.
 *
 * @param args the arguments after `hook`
 * @param caller the calling process
 * @param digest the bundle's body digest
 * @returns the reply; else, when a new resident decider would mend the miss, how to start one
 * (given the `deno run` flags and the main module, called once the call is decided in its own
 * process); else nothing
 */
export async function callResident(
  args: string[],
  caller: Caller,
  digest: string,
): Promise<ResidentReply | { launch?: (flags: string[], main: string) => void }> {
  const dir = residentDir(args, caller.env("HOME"));
  if (dir === undefined) return {};
  const env: Record<string, string> = {};
  for (const name of FORWARDED_ENV) {
    let value: string | undefined;
    try {
      value = caller.env(name);
    } catch {
      return {}; // a variable this process may not read: decided here, as without --resident
    }
    if (value !== undefined) env[name] = value;
  }
  const stdin = await caller.stdin();
  const reply = await askResident({ dir, digest }, { args, cwd: caller.cwd, env, stdin });
  if ("outcome" in reply) return reply;
  if (!reply.launch) return {};
  return {
    launch: (flags, main) => launchResident({ dir, digest }, residentCommand(dir, flags, main)),
  };
}

/**
 * The resident decider's command line: `deno run` with the flags and the main module, or, in a
 * binary made by `deno compile` (whose flags are its own), the binary; then
 * `hook --resident=DIR --serve`.
 *
 * @param dir the resident directory
 * @param flags the `deno run` flags
 * @param main the main module's URL
 * @param exe the executable (this process's by default)
 * @param standalone whether it is a binary made by `deno compile` (this process's by default)
 * @returns the command line
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { residentCommand } from "./resident_client.ts";
 *
 * assert.deepEqual(residentCommand("/d", ["-R"], "file:///s/main.ts", "/usr/bin/deno", false), [
 *   "/usr/bin/deno", "run", "--quiet", "--no-config", "-R", "file:///s/main.ts",
 *   "hook", "--resident=/d", "--serve",
 * ]);
 * assert.deepEqual(residentCommand("/d", ["-R"], "file:///s/main.ts", "/usr/local/bin/skald", true), [
 *   "/usr/local/bin/skald", "hook", "--resident=/d", "--serve",
 * ]);
 * ```
 */
export function residentCommand(
  dir: string,
  flags: readonly string[],
  main: string,
  exe: string = Deno.execPath(),
  standalone: boolean = Deno.build.standalone,
): string[] {
  const tail = ["hook", `--resident=${dir}`, "--serve"];
  if (standalone) return [exe, ...tail];
  // No project's deno.json: the resident decider starts in `/`.
  return [exe, "run", "--quiet", "--no-config", ...flags, main, ...tail];
}

/**
 * What `bash` runs to start a resident decider (`$1` the directory, `$2` the session file's name,
 * the rest the command). It makes the directory (closed to others) and works inside it from then
 * on (`cd`: a directory renamed under it afterwards changes nothing), starts the command in `/`
 * with its output on a pipe in the directory, moves the one line the command prints (the session)
 * into the session file whole, so that no call reads half of one, and once the command has ended
 * removes the file if it still names it (no stale port is left for another process to take).
 */
const LAUNCH_SCRIPT = `umask 077
d=$1 f=$2
shift 2
mkdir -p -- "$d" && [ ! -L "$d" ] && cd -- "$d" && [ -O . ] || exit 1
p=.start.$$
rm -f -- "$p" && mkfifo -- "$p" || exit 1
(cd / && exec "$@") > "$p" &
s=$!
IFS= read -r line < "$p"
rm -f -- "$p"
[ -n "$line" ] && printf '%s\\n' "$line" > ".$f.$$" && mv -f -- ".$f.$$" "$f" || exit 1
wait "$s"
IFS= read -r now < "$f" && [ "$now" = "$line" ] && rm -f -- "$f"`;

/**
 * Starts a resident decider for the bundle, in the background, in a process group of its own
 * (it outlives the hook call, and Claude Code's end of the call does not reach it).
 *
 * @param where the resident directory and the bundle's digest
 * @param command the resident decider's command line (`deno run ... main.ts hook --serve ...`)
 */
export function launchResident(where: { dir: string; digest: string }, command: string[]): void {
  try {
    const child = new Deno.Command("bash", {
      args: [
        "-c",
        LAUNCH_SCRIPT,
        "skald-resident",
        where.dir,
        sessionFileName(where.digest),
        ...command,
      ],
      cwd: "/",
      detached: true,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    child.unref();
  } catch {
    // Without bash the call is still decided, in its own process.
  }
}
