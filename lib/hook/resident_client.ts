/**
 * A hook call's side of the resident decider (`skald hook --resident`), the way ssh-agent's
 * clients do it: a Unix socket, `hook.sock`, in a directory only the user can enter, so the file
 * system decides who may connect. The call trusts the directory only when it is the user's, closed
 * to the group and others, and its parent lets no one else rename it; the socket only when it is
 * the user's. It sends the call as one line of JSON (its arguments, directory, environment and
 * input, the bundle's digest and a fresh id) and takes the answer only when it repeats the id.
 * Anything else is a miss: the call is decided in its own process, as without `--resident`, and a
 * miss that a new decider would mend starts one ({@link launchResident}). `main.ts` imports this
 * module alone before the bundle: a call the decider answers loads neither the bundle nor the
 * engine, so it imports nothing.
 *
 * @module
 */

/** The socket's name in the resident directory (the permission flags name its whole path). */
export const SOCKET = "hook.sock";

/** How long a call waits for its answer before it decides itself; the decider drops it after. */
export const REPLY_TIMEOUT_MS = 3000;

/** The largest line either side reads: a hook input past it is decided in the calling process. */
export const MAX_LINE = 64 * 1024 * 1024;

/** The variables a request carries, the hook's whole environment (`ENV_VARS`, a test holds). */
export const FORWARDED_ENV: readonly string[] = [
  "HOME",
  "CLAUDE_PROJECT_DIR",
  "SKALD_MANAGED_SETTINGS",
  "SLASH_COMMAND_TOOL_CHAR_BUDGET",
  "CLICOLOR_FORCE",
  "LOG_STREAM",
  "LOG_TOKENS",
];

/** A hook call, as the resident decider receives it. */
export interface ResidentRequest {
  /** Fresh random hex, repeated by the answer. */
  id: string;
  /** The digest of the caller's bundle: a decider of another skald does not answer. */
  digest: string;
  /** When the call sent it (milliseconds since the epoch: both sides share the clock). */
  sent: number;
  /** The arguments after `hook`. */
  args: string[];
  /** The calling process's directory (absolute). */
  cwd: string;
  /** The calling process's values of the variables skald reads (unset ones left out). */
  env: Record<string, string>;
  /** The hook input. */
  stdin: string;
}

/** How a hook run ended (`ok`, `block`, ...: `main.ts` makes it the exit code) and what it printed. */
export interface Answered {
  outcome: string;
  stdout: string;
  stderr: string;
}

/** The resident decider's answer: how the call's run ended, or why it did not run it. */
export type ResidentReply = { id: string } & (Answered | { miss: string });

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
 * Why a resident directory or socket cannot be trusted, or undefined: it must be what it says (no
 * link), belong to the user (when the user's id is given), and a directory must be closed to the
 * group and others. Throws when it is not there.
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
  if (kind === "directory" && ((info.mode ?? 0) & 0o077) !== 0) {
    return `${path} is open to the group or others`;
  }
  return undefined;
}

/**
 * Why a resident directory's parent would let another user swap the directory (rename it and put
 * another in its place), or undefined: it must be the user's or root's, and writable by no one
 * else unless sticky (`/tmp`).
 */
function unsafeParent(dir: string, owner: number): string | undefined {
  const parent = dir.slice(0, dir.lastIndexOf("/")) || "/";
  const info = Deno.lstatSync(parent);
  const mode = info.mode ?? 0;
  if (info.uid !== owner && info.uid !== 0) return `${parent} is not the user's`;
  if ((mode & 0o022) !== 0 && (mode & 0o1000) === 0) {
    return `others may rename what ${parent} holds`;
  }
  return undefined;
}

/**
 * Why this process cannot ask a decider at the socket (it is not granted what a connection
 * needs), or undefined. Asked before anything: Deno would otherwise prompt in a terminal, or throw.
 *
 * @param socket the socket's path
 * @returns the missing flags, or undefined
 */
export function ungranted(socket: string): string | undefined {
  const granted = (d: Deno.PermissionDescriptor) =>
    Deno.permissions.querySync(d).state === "granted";
  const missing = [
    granted({ name: "net", host: `unix:${socket}` }) ? "" : `--allow-net=unix:${socket}`,
    granted({ name: "write", path: socket }) ? "" : `--allow-write=${socket}`,
    granted({ name: "sys", kind: "uid" }) ? "" : "--allow-sys=uid",
  ].filter((f) => f !== "");
  return missing.length === 0 ? undefined : `no ${missing.join(" ")}`;
}

/** Reads one line (its newline left out) of at most `max` bytes; undefined when it ends first. */
export async function readLine(
  conn: Deno.Conn,
  max: number = MAX_LINE,
): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const buffer = new Uint8Array(64 * 1024);
  for (;;) {
    const n = await conn.read(buffer);
    if (n === null) return undefined;
    const chunk = buffer.subarray(0, n);
    const nl = chunk.indexOf(10);
    size += nl === -1 ? n : nl;
    if (size > max) return undefined;
    chunks.push(chunk.slice(0, nl === -1 ? n : nl));
    if (nl !== -1) break;
  }
  const line = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) line.set(c, (at += c.length) - c.length);
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
 * Asks the resident decider at a socket to answer a hook call.
 *
 * @param socket the socket (in the resident directory)
 * @param request the call (its id and time are made here)
 * @returns the answer, or why there is none
 */
export async function askResident(
  socket: string,
  request: Omit<ResidentRequest, "id" | "sent">,
): Promise<Answered | Miss> {
  const dir = socket.slice(0, socket.lastIndexOf("/"));
  const refused = ungranted(socket);
  // Not granted: no decider could be reached from this registration, nor one started.
  if (refused !== undefined) return { miss: refused, launch: false };
  // Longer than a socket's address holds: no decider could listen there.
  if (new TextEncoder().encode(socket).length > 103) {
    return { miss: `${socket} is too long for a socket`, launch: false };
  }
  let owner: number;
  try {
    owner = Deno.uid() ?? -1;
  } catch {
    return { miss: "the user's id is unknown", launch: false };
  }
  try {
    const bad = untrusted(dir, "directory", owner) ?? unsafeParent(dir, owner);
    if (bad !== undefined) return { miss: bad, launch: false };
  } catch {
    return { miss: `no resident directory ${dir}`, launch: true };
  }
  try {
    const bad = untrusted(socket, "socket", owner);
    if (bad !== undefined) return { miss: bad, launch: false };
  } catch {
    return { miss: `no socket ${socket}`, launch: true };
  }
  const id = crypto.getRandomValues(new Uint8Array(16)).toHex();
  const line = JSON.stringify({ id, sent: Date.now(), ...request });
  if (line.length > MAX_LINE) return { miss: "the hook input is too large", launch: false };
  // One time-out for the connection and the answer (a stopped decider accepts and never answers).
  // Not `setTimeout`: Deno's first timer costs a process about 6 ms.
  const signal = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const late = new Promise<Miss>((done) => {
    // Stopped or busy: a new decider takes the socket's place, and the old one ends.
    const miss = { miss: "no answer in time", launch: true };
    signal.addEventListener("abort", () => done(miss), { once: true });
  });
  let conn: Deno.Conn | undefined;
  const exchange = async (): Promise<Answered | Miss> => {
    try {
      conn = await Deno.connect({ transport: "unix", path: socket });
    } catch {
      return { miss: `nothing listens on ${socket}`, launch: true }; // its decider ended
    }
    await writeLine(conn, line);
    const text = await readLine(conn);
    if (text === undefined) return { miss: "the connection was closed unanswered", launch: false };
    const r = JSON.parse(text) as Record<string, unknown>;
    if (r.id !== id) return { miss: "an answer to another call", launch: true };
    if (typeof r.miss === "string") return { miss: r.miss, launch: true };
    const { outcome, stdout, stderr } = r;
    if (typeof outcome !== "string" || typeof stdout !== "string" || typeof stderr !== "string") {
      return { miss: "not an answer", launch: true };
    }
    return { outcome, stdout, stderr };
  };
  try {
    const failed = { miss: "the connection to the resident decider failed", launch: true };
    return await Promise.race([exchange().catch(() => failed), late]);
  } finally {
    try {
      conn?.close();
    } catch {
      // closed already
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
 * Sends a hook call (`skald hook ARGS`, `--resident[=DIR]` among them) to the resident decider.
 * Reads, through `caller.env`, `HOME` (the default directory, `~/.cache/skald`) and each variable
 * of {@link FORWARDED_ENV}, which it sends with the call.
 *
 * @param args the arguments after `hook`
 * @param caller the calling process
 * @param digest the bundle's body digest
 * @returns the answer; else, when a new resident decider would mend the miss, how to start one
 * (given its command line, called once the call is decided in its own process); else nothing
 */
export async function callResident(
  args: string[],
  caller: Caller,
  digest: string,
): Promise<Answered | { launch?: (command: string[]) => void; dir?: string }> {
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
  const reply = await askResident(`${dir}/${SOCKET}`, {
    digest,
    args,
    cwd: caller.cwd,
    env,
    stdin,
  });
  if ("outcome" in reply) return reply;
  if (!reply.launch) return {};
  return { dir, launch: (command) => launchResident(dir, command) };
}

/**
 * Starts a resident decider in the background, in a process group of its own (it outlives the
 * call, and Claude Code's end of the call does not reach it): `bash` makes the directory closed to
 * others (`umask 077`), checks it is the user's and no link, and runs the command in `/`.
 *
 * @param dir the resident directory
 * @param command the decider's command line (`deno run ... main.ts hook --resident=DIR --serve`)
 */
export function launchResident(dir: string, command: string[]): void {
  try {
    new Deno.Command("bash", {
      args: [
        "-c",
        'umask 077; mkdir -p -- "$1" && [ ! -L "$1" ] && [ -O "$1" ] && cd / && shift && exec "$@"',
        "skald-resident",
        dir,
        ...command,
      ],
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
