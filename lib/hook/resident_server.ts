/**
 * The resident decider (`skald hook --resident --serve`): a process that keeps the engine
 * loaded and compiled, and answers hook calls that prove its key (docs/hook.md, "The
 * resident decider"). It listens on a random port of 127.0.0.1, makes a random key, and prints the
 * session (`{"port","key","pid"}`) as one line for the launcher to put in the session file.
 * Each call is answered as the calling process would answer it, from the request alone (its
 * arguments, directory, environment, input): nothing one call reads is kept for another. A
 * connection must prove the key in its first {@link MAX_HEADER} bytes (a sealed header naming
 * the request's length), or it is closed having cost no more. It ends after {@link IDLE_MS}
 * without a call that proved the key, or as soon as its session file no longer names it (a
 * newer one took its place, or the user removed it), the answers under way finished.
 *
 * @module
 */

import {
  asHeader,
  asRequest,
  LineReader,
  MAX_HEADER,
  parseSession,
  REPLY_TIMEOUT_MS,
  type ResidentReply,
  type ResidentRequest,
  seal,
  sessionKey,
  unseal,
  writeAll,
} from "./resident_wire.ts";

/** How long the resident decider waits for a call before it ends. */
export const IDLE_MS = 15 * 60 * 1000;

/** How often it checks that its session file still names it. */
const CHECK_MS = 30 * 1000;

/** How long a connection may take to send its request. */
const REQUEST_TIMEOUT_MS = 10 * 1000;

/**
 * How many connections it serves at once; one more is closed at once (its call is decided in its
 * own process): a flood of connections costs it no more than these.
 */
export const MAX_CONNECTIONS = 128;

/** What the resident decider does with a call: the hook's run, with the call's own world. */
export type Answer = (request: ResidentRequest) => Promise<Omit<ResidentReply, "nonce">>;

/** A running resident decider. */
export interface Resident {
  /** The session line it printed. */
  session: string;
  /** Settles when it has ended. */
  finished: Promise<void>;
  /** Ends it now. */
  stop(): void;
}

/**
 * Starts a resident decider.
 *
 * @param options how a call is answered; the session file to watch (none: never watched) and
 * how often; how long it may idle; how long a connection has to send its request
 * @returns the running decider
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serveResident } from "./resident_server.ts";
 *
 * const resident = serveResident({
 *   answer: () => Promise.resolve({ outcome: "ok", stdout: "", stderr: "" }),
 *   idleMs: 50,
 * });
 * assert.match(resident.session, /^\{"port":\d+,"key":"[0-9a-f]{64}","pid":\d+\}$/);
 * await resident.finished; // idle for 50 ms
 * ```
 */
export function serveResident(
  options: {
    answer: Answer;
    sessionFile?: string;
    checkMs?: number;
    idleMs?: number;
    requestMs?: number;
  },
): Resident {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const keyHex = crypto.getRandomValues(new Uint8Array(32)).toHex();
  const key = sessionKey(keyHex);
  const session = JSON.stringify({ port: listener.addr.port, key: keyHex, pid: Deno.pid });
  const idleMs = options.idleMs ?? IDLE_MS;
  /** Open connections, and which of them proved the key (only those keep it alive). */
  const open = new Map<Deno.Conn, boolean>();
  let answering = 0;
  let drained: () => void = () => {};
  let idle: ReturnType<typeof setTimeout> | undefined;
  let check: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
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
    listener.close();
    // A connection that has not proved the key holds nothing up; an answer under way ends.
    for (const [conn, proved] of open) if (!proved) close(conn);
    if (answering === 0) drained();
  };
  const rest = () => {
    clearTimeout(idle);
    if (answering === 0 && !stopped) idle = setTimeout(stop, idleMs);
  };
  if (options.sessionFile !== undefined) {
    const file = options.sessionFile;
    let reading = false;
    check = setInterval(async () => {
      if (reading) return;
      reading = true;
      let named: string | undefined;
      try {
        // Not a file (a FIFO would block the read): not named.
        if (Deno.lstatSync(file).isFile) {
          named = JSON.stringify(parseSession(await Deno.readTextFile(file)));
        }
      } catch {
        named = undefined;
      }
      reading = false;
      // Replaced or removed: a newer decider answers, or the user stopped this one.
      if (named !== session) stop();
    }, options.checkMs ?? CHECK_MS);
  }
  const serveOne = async (conn: Deno.Conn) => {
    open.set(conn, false);
    const deadline = setTimeout(() => close(conn), options.requestMs ?? REQUEST_TIMEOUT_MS);
    let proved = false;
    try {
      const k = (await key)!;
      const reader = new LineReader(conn);
      // The header first, at most MAX_HEADER bytes: a sender without the key costs no more.
      const head = await reader.line(MAX_HEADER);
      const header = head && asHeader(await unseal(k, head));
      if (!header || stopped) return;
      // A request its caller stopped waiting for (this decider was busy with a long call): the
      // caller has decided in its own process, and the work would only delay the next calls.
      const stale = () => Date.now() - header.sent > REPLY_TIMEOUT_MS;
      if (stale()) return;
      proved = true;
      open.set(conn, true);
      answering++;
      clearTimeout(idle);
      const body = await reader.line(header.length);
      clearTimeout(deadline);
      const request = body && asRequest(await unseal(k, body));
      if (!request || request.nonce !== header.nonce || stale()) return;
      const answered = await options.answer(request);
      await writeAll(conn, await seal(k, "reply", { nonce: request.nonce, ...answered }));
    } catch {
      // The caller decides in its own process.
    } finally {
      clearTimeout(deadline);
      close(conn);
      open.delete(conn);
      if (proved) {
        answering--;
        if (stopped && answering === 0) drained();
        else rest();
      }
    }
  };
  const finished = (async () => {
    const done = new Promise<void>((resolve) => drained = resolve);
    rest();
    try {
      for await (const conn of listener) {
        if (open.size >= MAX_CONNECTIONS) close(conn);
        else void serveOne(conn);
      }
    } catch {
      // closed
    }
    stop();
    await done;
  })();
  return { session, finished, stop };
}
