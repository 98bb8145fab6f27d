/**
 * The resident decider (`skald hook --resident --serve`): a process of the user's that keeps the
 * engine loaded and compiled and answers hook calls on a Unix socket in the resident directory,
 * which only the user can enter (docs/hook.md, "The resident decider"): a request of JSON up to the
 * end of what the caller writes, an answer of JSON up to the end of the connection, the call
 * answered as its own process would answer it, from the request alone. It takes the socket's place
 * (one left behind, another skald's decider's): it listens on `hook.sock.new` and moves that into
 * place, since Deno removes a closed listener's path, whatever is there by then.
 * It ends after {@link IDLE_MS} without a call, or once its socket is no longer the one at the
 * path (a newer decider took its place, or the user removed it), the answers under way given.
 *
 * @module
 */

import {
  type Answered,
  MAX_BYTES,
  REPLY_TIMEOUT_MS,
  type ResidentRequest,
} from "./resident_client.ts";
import { readAll } from "../fs/read_all.ts";

/** How long the resident decider waits for a call before it ends. */
export const IDLE_MS = 15 * 60 * 1000;

/**
 * The request a connection sent, when it is one.
 *
 * @param text what a connection sent
 * @returns the request, or undefined
 */
export function asRequest(text: string): ResidentRequest | undefined {
  let v: Record<string, unknown> | null;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  const strings = (x: unknown) => Object.values(x ?? 0).every((s) => typeof s === "string");
  const ok = typeof v === "object" && v !== null && Array.isArray(v.args) && strings(v.args) &&
    typeof v.env === "object" && v.env !== null && !Array.isArray(v.env) && strings(v.env) &&
    strings([v.id, v.digest, v.cwd, v.stdin]) && Number.isFinite(v.sent) &&
    (v.cwd as string).startsWith("/");
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
 * @param options the socket; the bundle digest it answers for; how a call is answered; how
 * often it looks at its socket (30 s), how long it may idle, how long a connection has to send
 * its request (10 s), the clock a request's time is held against (`Date.now`)
 * @returns when it has ended, and how to end it now
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serveResident } from "./resident_server.ts";
 * import { askResident } from "./resident_client.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const resident = serveResident({
 *   socket: `${dir}/hook.sock`,
 *   digest: "d1",
 *   answer: () => Promise.resolve({ outcome: "ok", stdout: "answered\n", stderr: "" }),
 *   idleMs: 200,
 * });
 * const call = { digest: "d1", args: [], cwd: "/", env: {}, stdin: "{}" };
 * const got = await askResident(`${dir}/hook.sock`, call);
 * assert.ok("outcome" in got && got.stdout === "answered\n");
 * await resident.finished; // idle for 200 ms
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function serveResident(options: {
  socket: string;
  digest: string;
  answer: (request: ResidentRequest) => Promise<Answered>;
  checkMs?: number;
  idleMs?: number;
  requestMs?: number;
  now?: () => number;
}): { finished: Promise<void>; stop(): void } {
  const { socket, now = Date.now } = options;
  const fresh = `${socket}.new`;
  try {
    if (Deno.lstatSync(fresh).isSocket) Deno.removeSync(fresh); // left by a decider killed starting
  } catch {
    // nothing there
  }
  const listener = Deno.listen({ transport: "unix", path: fresh });
  Deno.renameSync(fresh, socket);
  const mine = identity(socket);
  let answering = 0;
  let stopped = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let drained = () => {};
  const done = new Promise<void>((resolve) => drained = resolve);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(idle);
    clearInterval(check);
    if (identity(socket) === mine) Deno.removeSync(socket); // its own only, not a newer one's
    listener.close();
    if (answering === 0) drained();
  };
  const rest = () => {
    clearTimeout(idle);
    if (answering === 0 && !stopped) idle = setTimeout(stop, options.idleMs ?? IDLE_MS);
  };
  const check = setInterval(() => identity(socket) !== mine && stop(), options.checkMs ?? 30_000);
  const close = (conn: Deno.Conn) => {
    try {
      conn.close();
    } catch {
      // closed already
    }
  };
  const serveOne = async (conn: Deno.Conn) => {
    answering++;
    clearTimeout(idle);
    const deadline = setTimeout(() => close(conn), options.requestMs ?? 10_000);
    try {
      const sent = await readAll(conn, MAX_BYTES + 1);
      clearTimeout(deadline);
      const request = sent.length > MAX_BYTES
        ? undefined
        : asRequest(new TextDecoder().decode(sent));
      // One its caller gave up on (this decider was busy with a long call) is not worked on.
      if (request === undefined || now() - request.sent > REPLY_TIMEOUT_MS) return;
      const reply = request.digest === options.digest
        ? { id: request.id, ...await options.answer(request) }
        : { id: request.id, miss: `a decider of another skald (${options.digest})` };
      const answer = new TextEncoder().encode(JSON.stringify(reply));
      for (let at = 0; at < answer.length;) at += await conn.write(answer.subarray(at));
    } catch {
      // The caller decides in its own process.
    } finally {
      clearTimeout(deadline);
      close(conn);
      if (--answering === 0 && stopped) drained();
      else rest();
    }
  };
  const finished = (async () => {
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
