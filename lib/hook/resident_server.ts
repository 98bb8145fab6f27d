/**
 * The resident decider (`skald hook --resident --serve`): a process of the user's that keeps the
 * engine loaded and compiled and answers hook calls on a Unix socket in the resident directory,
 * which only the user can enter (docs/hook.md, "The resident decider"). A call is one line of
 * JSON each way ({@link ResidentRequest}, {@link ResidentReply}), answered as the calling process
 * would answer it, from the request: its arguments, directory, environment and input. It takes
 * the socket's place (a socket left by a decider that ended, or one of another skald: it listens
 * on `hook.sock.new` and moves that into place, so its flags name both paths), and ends
 * after {@link IDLE_MS} without a call, or once its socket is no longer the one at the path (a
 * newer decider took its place, or the user removed it), the answers under way given.
 *
 * @module
 */

import {
  type Answered,
  MAX_LINE,
  readLine,
  REPLY_TIMEOUT_MS,
  type ResidentReply,
  type ResidentRequest,
  writeLine,
} from "./resident_client.ts";

/** How long the resident decider waits for a call before it ends. */
export const IDLE_MS = 15 * 60 * 1000;

/** How often it checks that its socket is still the one at the path. */
const CHECK_MS = 30 * 1000;

/** How long a connection may take to send its request. */
const REQUEST_TIMEOUT_MS = 10 * 1000;

/** What the resident decider does with a call: the hook's run, with the call's own world. */
export type Answer = (request: ResidentRequest) => Promise<Answered>;

/** A running resident decider. */
export interface Resident {
  /** Settles when it has ended. */
  finished: Promise<void>;
  /** Ends it now. */
  stop(): void;
}

/**
 * The request of a line, when it is one.
 *
 * @param line a line a connection sent
 * @returns the request, or undefined
 */
export function asRequest(line: string): ResidentRequest | undefined {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === "string");
  const env = v.env as Record<string, unknown> | null;
  const ok = typeof v.id === "string" && typeof v.digest === "string" &&
    Number.isFinite(v.sent) && strings(v.args) && typeof v.cwd === "string" &&
    v.cwd.startsWith("/") && typeof v.stdin === "string" && typeof env === "object" &&
    env !== null && !Array.isArray(env) && Object.values(env).every((s) => typeof s === "string");
  return ok ? v as unknown as ResidentRequest : undefined;
}

/** The identity of the file at a path (undefined when there is none). */
function identity(path: string): string | undefined {
  try {
    const info = Deno.lstatSync(path);
    return `${info.dev}:${info.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * Starts a resident decider on a socket.
 *
 * @param options the socket; the bundle's digest it answers for; how a call is answered; how
 * often it checks its socket, how long it may idle, how long a connection has to send its request
 * @returns the running decider
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serveResident } from "./resident_server.ts";
 * import { askResident } from "./resident_client.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const socket = `${dir}/hook.sock`;
 * const resident = serveResident({
 *   socket,
 *   digest: "d1",
 *   answer: () => Promise.resolve({ outcome: "ok", stdout: "answered\n", stderr: "" }),
 *   idleMs: 200,
 * });
 * const request = { digest: "d1", args: [], cwd: "/", env: {}, stdin: "{}" };
 * const got = await askResident(socket, request);
 * assert.ok("outcome" in got && got.stdout === "answered\n");
 * await resident.finished; // idle for 200 ms
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function serveResident(
  options: {
    socket: string;
    digest: string;
    answer: Answer;
    checkMs?: number;
    idleMs?: number;
    requestMs?: number;
  },
): Resident {
  const { socket } = options;
  // Made beside it and moved into place, which takes the place of whatever is there (a socket
  // left behind, another skald's decider) at once. Not made in place: Deno removes a listener's
  // path when it is closed, whatever is there by then (a newer decider's socket).
  const fresh = `${socket}.new`;
  try {
    if (Deno.lstatSync(fresh).isSocket) Deno.removeSync(fresh); // left by a decider killed starting
  } catch {
    // nothing there
  }
  const listener = Deno.listen({ transport: "unix", path: fresh });
  Deno.renameSync(fresh, socket);
  const mine = identity(socket);
  const idleMs = options.idleMs ?? IDLE_MS;
  let answering = 0;
  let drained: () => void = () => {};
  let idle: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Replaced or removed: a newer decider answers, or the user stopped this one.
  const check = setInterval(() => {
    if (identity(socket) !== mine) stop();
  }, options.checkMs ?? CHECK_MS);
  const close = (conn: Deno.Conn) => {
    try {
      conn.close();
    } catch {
      // closed already
    }
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(idle);
    clearInterval(check);
    // Its own socket only: a newer decider's stays.
    if (identity(socket) === mine) Deno.removeSync(socket);
    listener.close();
    if (answering === 0) drained();
  };
  const rest = () => {
    clearTimeout(idle);
    if (answering === 0 && !stopped) idle = setTimeout(stop, idleMs);
  };
  const serveOne = async (conn: Deno.Conn) => {
    answering++;
    clearTimeout(idle);
    const deadline = setTimeout(() => close(conn), options.requestMs ?? REQUEST_TIMEOUT_MS);
    try {
      const line = await readLine(conn, MAX_LINE);
      clearTimeout(deadline);
      const request = line === undefined ? undefined : asRequest(line);
      // A request its caller stopped waiting for (the decider was busy with a long call): the
      // caller has decided in its own process, and the work would only delay the next calls.
      if (request === undefined || Date.now() - request.sent > REPLY_TIMEOUT_MS) return;
      let reply: ResidentReply;
      if (request.digest !== options.digest) {
        reply = { id: request.id, miss: `a decider of another skald (${options.digest})` };
      } else reply = { id: request.id, ...await options.answer(request) };
      await writeLine(conn, JSON.stringify(reply));
    } catch {
      // The caller decides in its own process.
    } finally {
      clearTimeout(deadline);
      close(conn);
      answering--;
      if (stopped && answering === 0) drained();
      else rest();
    }
  };
  const finished = (async () => {
    const done = new Promise<void>((resolve) => drained = resolve);
    rest();
    try {
      for await (const conn of listener) void serveOne(conn);
    } catch {
      // closed
    }
    stop();
    await done;
  })();
  return { finished, stop };
}
