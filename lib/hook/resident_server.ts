/**
 * The resident decider (`skald hook --resident --serve`): a process that keeps the engine
 * loaded and compiled, and answers hook calls that prove its key (README, "The resident
 * decider"). It listens on a random port of 127.0.0.1, makes a random key, and prints the
 * session (`{"port","key","pid"}`) as one line for the launcher to put in the session file.
 * Each call is answered as the calling process would answer it, from the request alone (its
 * arguments, directory, environment, input): nothing one call reads is kept for another. It
 * ends after {@link IDLE_MS} without a call, or when its session file no longer names it (a
 * newer one took its place, or the user removed it).
 *
 * @module
 */

import {
  asRequest,
  parseSession,
  readLine,
  type ResidentReply,
  type ResidentRequest,
  seal,
  sessionKey,
  toHex,
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
 * how often; how long it may idle
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
  options: { answer: Answer; sessionFile?: string; checkMs?: number; idleMs?: number },
): Resident {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const keyHex = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const key = sessionKey(keyHex);
  const session = JSON.stringify({ port: listener.addr.port, key: keyHex, pid: Deno.pid });
  const idleMs = options.idleMs ?? IDLE_MS;
  let inFlight = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let check: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(idle);
    clearInterval(check);
    listener.close();
  };
  const rest = () => {
    clearTimeout(idle);
    if (inFlight === 0) idle = setTimeout(stop, idleMs);
  };
  if (options.sessionFile !== undefined) {
    const file = options.sessionFile;
    check = setInterval(() => {
      let named: string | undefined;
      try {
        named = JSON.stringify(parseSession(Deno.readTextFileSync(file)));
      } catch {
        named = undefined;
      }
      if (named !== session && inFlight === 0) stop();
    }, options.checkMs ?? CHECK_MS);
  }
  const serveOne = async (conn: Deno.Conn) => {
    inFlight++;
    clearTimeout(idle);
    const deadline = setTimeout(() => conn.close(), REQUEST_TIMEOUT_MS);
    try {
      const line = await readLine(conn);
      clearTimeout(deadline);
      const request = line && asRequest(await unseal(await key as CryptoKey, line));
      if (!request) return; // not sealed with the key: no answer at all
      const answered = await options.answer(request);
      await writeAll(
        conn,
        await seal(await key as CryptoKey, { nonce: request.nonce, ...answered }),
      );
    } catch {
      // The caller decides in its own process.
    } finally {
      clearTimeout(deadline);
      try {
        conn.close();
      } catch {
        // closed by the deadline or the peer
      }
      inFlight--;
      if (!stopped) rest();
    }
  };
  const finished = (async () => {
    rest();
    try {
      for await (const conn of listener) {
        if (inFlight >= MAX_CONNECTIONS) conn.close();
        else void serveOne(conn);
      }
    } catch {
      // closed
    }
    stop();
  })();
  return { session, finished, stop };
}
