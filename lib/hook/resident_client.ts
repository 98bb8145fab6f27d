/**
 * A hook call's side of the resident decider (`skald hook --resident`), the way ssh-agent's
 * clients do it: a Unix socket, `hook.sock`, in a directory only the user can enter, so the file
 * system decides who may connect. The call sends its request ({@link ResidentRequest}, JSON, the
 * connection's write side closed after it) and takes the answer (JSON, up to the end) only when
 * it repeats the request's id. Anything else is a miss: the call is decided in its own process, as
 * without `--resident`, and a miss that a new decider would mend starts one. `main.ts` loads this
 * module before the bundle and only `read_all.ts` with it.
 *
 * @module
 */

import { readAll } from "../fs/read_all.ts";

/** The socket's name in the resident directory (the permission flags name its whole path). */
export const SOCKET = "hook.sock";

/** How long a call waits for its answer before it decides itself; the decider drops it after. */
export const REPLY_TIMEOUT_MS = 3000;

/** The largest request or answer read: a larger hook input is decided in the calling process. */
export const MAX_BYTES = 64 * 1024 * 1024;

/** The variables a request carries, the hook's whole environment (`ENV_VARS`, a test holds). */
export const FORWARDED_ENV: readonly string[] = [
  ...["HOME", "CLAUDE_PROJECT_DIR", "SKALD_MANAGED_SETTINGS", "SLASH_COMMAND_TOOL_CHAR_BUDGET"],
  ...["CLICOLOR_FORCE", "LOG_STREAM", "LOG_TOKENS", "RIPGREP_CONFIG_PATH"],
];

/**
 * A hook call as the decider receives it: a fresh id (the answer repeats it), the caller's bundle
 * digest (a decider of another skald does not answer), when it was sent (ms since the epoch: the
 * decider drops what its caller gave up on), and the calling process's arguments after `hook`,
 * directory (absolute), variables set and input.
 */
export interface ResidentRequest {
  id: string;
  digest: string;
  sent: number;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string;
}

/** How a hook run ended (`ok`, `block`, ...: `main.ts` makes it the exit code), what it printed. */
export type Answered = { outcome: string; stdout: string; stderr: string };

/** Why there is no answer, and whether a new decider would mend it. */
export type Miss = { miss: string; launch: boolean };

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
 * ```
 */
export function residentDir(args: readonly string[], home: string | undefined): string | undefined {
  const at = args.findIndex((a) => a === "--resident" || a.startsWith("--resident="));
  const [a, next] = [args[at], args[at + 1]];
  const dir = a === undefined
    ? undefined
    : a !== "--resident"
    ? a.slice("--resident=".length)
    : next !== undefined && !next.startsWith("-")
    ? next
    : `${home}/.cache/skald`;
  return dir?.startsWith("/") ? dir : undefined;
}

/**
 * Why a resident directory or socket cannot be trusted, or undefined: it must be what it says
 * (no link) and the user's (when `owner` is given); a directory closed to the group and others,
 * its parent the user's or root's and writable by no one else unless sticky (`/tmp`), so that no
 * one can put another in its place. Throws when it is not there.
 *
 * @param path the directory or socket
 * @param kind which it must be
 * @param owner the user's id; undefined: not checked (`doctor`, which may not ask for it)
 * @returns why not, or undefined
 */
export function untrusted(
  path: string,
  kind: "directory" | "socket",
  owner?: number,
): string | undefined {
  const info = Deno.lstatSync(path);
  if (kind === "directory" ? !info.isDirectory : !info.isSocket) return `${path} is not a ${kind}`;
  if (owner !== undefined && info.uid !== owner) return `${path} is not the user's`;
  if (kind === "socket") return undefined;
  if ((info.mode! & 0o077) !== 0) return `${path} is open to the group or others`;
  if (owner === undefined) return undefined;
  const parent = Deno.lstatSync(path.slice(0, path.lastIndexOf("/")) || "/");
  const open = (parent.mode! & 0o022) !== 0 && (parent.mode! & 0o1000) === 0;
  return (parent.uid !== owner && parent.uid !== 0) || open
    ? `others may rename ${path} (its parent is not the user's alone)`
    : undefined;
}

/**
 * Asks the resident decider at a socket to answer a hook call, within {@link REPLY_TIMEOUT_MS}.
 *
 * @param socket the socket, in the resident directory
 * @param call the call (its id and time are made here)
 * @returns the answer, or why there is none
 */
export async function askResident(
  socket: string,
  call: Omit<ResidentRequest, "id" | "sent">,
): Promise<Answered | Miss> {
  const granted = (d: Deno.PermissionDescriptor) =>
    Deno.permissions.querySync(d).state === "granted";
  // Not granted (an older skald's line): no decider can be reached from it, nor started.
  const asks = [{ name: "net", host: `unix:${socket}` }, { name: "write", path: socket }] as const;
  if (![...asks, { name: "sys", kind: "uid" } as const].every(granted)) {
    return { miss: `${socket} is not granted`, launch: false };
  }
  const dir = socket.slice(0, socket.lastIndexOf("/"));
  // A socket's address holds 107 bytes, and the decider first listens on `hook.sock.new`.
  if (new TextEncoder().encode(socket).length > 103) return { miss: "too long", launch: false };
  for (const [path, kind] of [[dir, "directory"], [socket, "socket"]] as const) {
    try {
      const bad = untrusted(path, kind, Deno.uid()!);
      if (bad !== undefined) return { miss: bad, launch: false };
    } catch {
      return { miss: `no ${kind} ${path}`, launch: true };
    }
  }
  // Not a secret (only the user's processes reach the socket): it ties the answer to the call.
  const id = `${Deno.pid}-${Date.now()}-${Math.random()}`;
  const request = new TextEncoder().encode(JSON.stringify({ id, sent: Date.now(), ...call }));
  if (request.length > MAX_BYTES) return { miss: "the input is too large", launch: false };
  let conn: Deno.Conn | undefined;
  // Slow, stopped or busy: a new decider takes the socket's place, and the old one ends. Made
  // once the request is sent when it fits the socket's buffer (the decider works meanwhile); not
  // `setTimeout`, whose first use costs a process several ms.
  let late: Promise<Miss> | undefined;
  const wait = () =>
    late ??= new Promise((done) =>
      AbortSignal.timeout(REPLY_TIMEOUT_MS).onabort = () =>
        done({ miss: "no answer in time", launch: true })
    );
  const exchange = async (): Promise<Answered | Miss> => {
    conn = await Deno.connect({ transport: "unix", path: socket }).catch(() => undefined);
    if (conn === undefined) return { miss: `nothing listens on ${socket}`, launch: true };
    for (let sent = 0; sent < request.length;) sent += await conn.write(request.subarray(sent));
    await conn.closeWrite();
    const got = await Promise.race([readAll(conn, MAX_BYTES), wait()]);
    if (!(got instanceof Uint8Array)) return got;
    if (got.length === 0) return { miss: "closed unanswered", launch: false };
    const { id: repeated, outcome, stdout, stderr, miss } = JSON.parse(
      new TextDecoder().decode(got),
    );
    if (repeated !== id) return { miss: "an answer to another call", launch: true };
    if (typeof miss === "string") return { miss, launch: true };
    const answered = [outcome, stdout, stderr].every((s) => typeof s === "string");
    return answered ? { outcome, stdout, stderr } : { miss: "not an answer", launch: true };
  };
  try {
    const failed = { miss: "the exchange failed", launch: true };
    const asked = exchange().catch(() => failed);
    return await Promise.race(request.length > 64 * 1024 ? [asked, wait()] : [asked]);
  } finally {
    try {
      conn?.close();
    } catch {
      // closed already
    }
  }
}

/**
 * Sends a hook call (`skald hook ARGS`, `--resident[=DIR]` among them) to the resident decider.
 * Reads, through `caller.env`, `HOME` (the default directory) and each variable of
 * {@link FORWARDED_ENV}, which it sends with the call.
 *
 * @param args the arguments after `hook`
 * @param caller the calling process's directory, environment and input
 * @param digest the bundle's body digest
 * @returns the answer; else, when a new decider would mend the miss, how to start one (given its
 * command line for the directory, once the call is decided in its own process); else nothing
 */
export async function callResident(
  args: string[],
  caller: { cwd: string; env(name: string): string | undefined; stdin(): Promise<string> },
  digest: string,
): Promise<Answered | { launch?: (command: (dir: string) => string[]) => void }> {
  const dir = residentDir(args, caller.env("HOME"));
  if (dir === undefined) return {};
  const env: Record<string, string> = {};
  try {
    for (const name of FORWARDED_ENV) {
      const value = caller.env(name);
      if (value !== undefined) env[name] = value;
    }
  } catch {
    return {}; // a variable this process may not read: decided here, as without --resident
  }
  const call = { digest, args, cwd: caller.cwd, env, stdin: await caller.stdin() };
  const reply = await askResident(`${dir}/${SOCKET}`, call);
  if ("outcome" in reply || !reply.launch) return "outcome" in reply ? reply : {};
  // In the background, in a process group of its own (it outlives the call, and Claude Code's end
  // of the call does not reach it): bash makes the directory closed to others, checks it is the
  // user's and no link, and runs the decider in `/`.
  const script =
    'umask 077; mkdir -p -- "$1" && [ ! -L "$1" ] && [ -O "$1" ] && cd / && shift && exec "$@"';
  return {
    launch: (command) => {
      try {
        new Deno.Command("bash", {
          args: ["-c", script, "skald-resident", dir, ...command(dir)],
          detached: true,
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).spawn().unref();
      } catch {
        // Without bash the call is still decided, in its own process.
      }
    },
  };
}
