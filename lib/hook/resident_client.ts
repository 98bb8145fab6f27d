/**
 * A hook call's side of the resident decider (`skald hook --resident`), the way ssh-agent's
 * clients do it: a Unix socket, `hook.sock`, in a directory only the user can enter, so the file
 * system decides who may connect. The call trusts the directory only when it is the user's, closed
 * to the group and others, in a parent no one else may rename it in; the socket only when it is
 * the user's. It sends one line of JSON ({@link ResidentRequest}) and takes the answer only when
 * it repeats the request's id. Anything else is a miss: the call is decided in its own process,
 * as without `--resident`, and a miss that a new decider would mend starts one. `main.ts` loads
 * this module alone before the bundle, so it imports nothing.
 *
 * @module
 */

/** The socket's name in the resident directory (the permission flags name its whole path). */
export const SOCKET = "hook.sock";

/** How long a call waits for its answer before it decides itself; the decider drops it after. */
export const REPLY_TIMEOUT_MS = 3000;

/** The longest line either side reads: a larger hook input is decided in the calling process. */
export const MAX_LINE = 64 * 1024 * 1024;

/** The variables a request carries, the hook's whole environment (`ENV_VARS`, a test holds). */
export const FORWARDED_ENV: readonly string[] = [
  ...["HOME", "CLAUDE_PROJECT_DIR", "SKALD_MANAGED_SETTINGS", "SLASH_COMMAND_TOOL_CHAR_BUDGET"],
  ...["CLICOLOR_FORCE", "LOG_STREAM", "LOG_TOKENS"],
];

/** A hook call as the decider receives it: the calling process's world, and who asks. */
export interface ResidentRequest {
  /** Fresh for each call; the answer repeats it. */
  id: string;
  /** The body digest of the caller's bundle: a decider of another skald does not answer. */
  digest: string;
  /** When it was sent (ms since the epoch): the decider drops what its caller gave up on. */
  sent: number;
  /** The arguments after `hook`, the directory (absolute), the variables set, the input. */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string;
}

/** How a hook run ended (`ok`, `block`, ...: `main.ts` makes it the exit code), what it printed. */
export interface Answered {
  outcome: string;
  stdout: string;
  stderr: string;
}

/** Why there is no answer, and whether a new decider would mend it. */
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
 * ```
 */
export function residentDir(args: readonly string[], home: string | undefined): string | undefined {
  const at = args.findIndex((a) => a === "--resident" || a.startsWith("--resident="));
  const a = args[at];
  if (a === undefined) return undefined;
  const next = args[at + 1];
  const dir = a !== "--resident"
    ? a.slice("--resident=".length)
    : next !== undefined && !next.startsWith("-")
    ? next
    : home?.startsWith("/") && `${home}/.cache/skald`;
  return dir && dir.startsWith("/") ? dir : undefined;
}

/**
 * Why a resident directory or socket cannot be trusted, or undefined: it must be what it says
 * (no link) and the user's (when `owner` is given); a directory closed to the group and others,
 * its parent the user's or root's and writable by no one else unless sticky (`/tmp`). Throws
 * when it is not there.
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
 * Reads one line (its newline left out) of at most `max` bytes.
 *
 * @param conn the connection
 * @param max the most bytes
 * @returns the line; undefined when the connection ends first or the line is longer
 */
export async function readLine(
  conn: Deno.Conn,
  max: number = MAX_LINE,
): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let nl = -1; nl === -1;) {
    const buffer = new Uint8Array(64 * 1024);
    const n = await conn.read(buffer);
    if (n === null) return undefined;
    nl = buffer.subarray(0, n).indexOf(10);
    chunks.push(buffer.subarray(0, nl === -1 ? n : nl));
    if ((size += chunks.at(-1)!.length) > max) return undefined;
  }
  const line = new Uint8Array(size);
  chunks.reduce((at, c) => (line.set(c, at), at + c.length), 0);
  return new TextDecoder().decode(line);
}

/**
 * Writes a line to a connection.
 *
 * @param conn the connection
 * @param line the line, without its newline
 */
export async function writeLine(conn: Deno.Conn, line: string): Promise<void> {
  let data = new TextEncoder().encode(`${line}\n`);
  while (data.length > 0) data = data.subarray(await conn.write(data));
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
  if (
    !granted({ name: "net", host: `unix:${socket}` }) ||
    !granted({ name: "write", path: socket }) || !granted({ name: "sys", kind: "uid" })
  ) return { miss: `${socket} is not granted`, launch: false };
  const dir = socket.slice(0, socket.lastIndexOf("/"));
  try {
    // A socket's address holds 107 bytes, and the decider first listens on `hook.sock.new`.
    const long = new TextEncoder().encode(socket).length > 103;
    const bad = untrusted(dir, "directory", Deno.uid()!) ??
      (long ? `${socket} is too long` : undefined);
    if (bad !== undefined) return { miss: bad, launch: false };
  } catch {
    return { miss: `no resident directory ${dir}`, launch: true };
  }
  try {
    const bad = untrusted(socket, "socket", Deno.uid()!);
    if (bad !== undefined) return { miss: bad, launch: false };
  } catch {
    return { miss: `no socket ${socket}`, launch: true };
  }
  // Not a secret (only the user's processes reach the socket): it ties the answer to the call.
  const id = `${Deno.pid}-${Date.now()}-${Math.random()}`;
  const line = JSON.stringify({ id, sent: Date.now(), ...call });
  let conn: Deno.Conn | undefined;
  let signal: AbortSignal | undefined;
  // Slow, stopped or busy: a new decider takes the socket's place, and the old one ends. (No
  // `setTimeout`: Deno's first timer costs a process several ms.)
  const late = (made: AbortSignal) =>
    new Promise<Miss>((done) =>
      made.addEventListener("abort", () => done({ miss: "no answer in time", launch: true }))
    );
  const exchange = async (): Promise<Answered | Miss> => {
    conn = await Deno.connect({ transport: "unix", path: socket }).catch(() => undefined);
    if (conn === undefined) return { miss: `nothing listens on ${socket}`, launch: true };
    // A short request fits the socket's buffer: its time-out is made while the decider works.
    await writeLine(conn, line);
    signal ??= AbortSignal.timeout(REPLY_TIMEOUT_MS);
    const text = await Promise.race([readLine(conn), late(signal)]);
    if (typeof text !== "string") return text ?? { miss: "closed unanswered", launch: false };
    const r = JSON.parse(text) as Record<string, unknown>;
    const { outcome, stdout, stderr } = r;
    if (r.id !== id) return { miss: "an answer to another call", launch: true };
    if (typeof r.miss === "string") return { miss: r.miss, launch: true };
    if (typeof outcome !== "string" || typeof stdout !== "string" || typeof stderr !== "string") {
      return { miss: "not an answer", launch: true };
    }
    return { outcome, stdout, stderr };
  };
  if (line.length > 64 * 1024) signal = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  try {
    const failed = exchange().catch(() => ({ miss: "the exchange failed", launch: true }));
    return await (signal === undefined ? failed : Promise.race([failed, late(signal)]));
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
 * @returns the answer; else, when a new decider would mend the miss, its directory and how to
 * start it (given its command line, once the call is decided in its own process); else nothing
 */
export async function callResident(
  args: string[],
  caller: { cwd: string; env(name: string): string | undefined; stdin(): Promise<string> },
  digest: string,
): Promise<Answered | { dir?: string; launch?: (command: string[]) => void }> {
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
  return { dir, launch: (command) => launchResident(dir, command) };
}

/**
 * Starts a resident decider in the background, in a process group of its own (it outlives the
 * call, and Claude Code's end of the call does not reach it): `bash` makes the directory closed to
 * others, checks it is the user's and no link, and runs the command in `/`.
 *
 * @param dir the resident directory
 * @param command the decider's command line (`deno run ... main.ts hook --resident=DIR --serve`)
 */
export function launchResident(dir: string, command: string[]): void {
  const script =
    'umask 077; mkdir -p -- "$1" && [ ! -L "$1" ] && [ -O "$1" ] && cd / && shift && exec "$@"';
  try {
    new Deno.Command("bash", {
      args: ["-c", script, "skald-resident", dir, ...command],
      cwd: "/",
      detached: true,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn().unref();
  } catch {
    // Without bash the call is still decided, in its own process.
  }
}
