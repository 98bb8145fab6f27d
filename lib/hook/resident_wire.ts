/**
 * What the resident decider (`skald hook --resident`) and a hook call say to each other: one
 * line each way over a loopback TCP connection, `IV CIPHERTEXT` (base64), the message's JSON
 * encrypted with AES-256-GCM under the key of the session file (a file only the user can read).
 * Whatever else listens on the port can neither read a call (its input may hold a file's
 * contents) nor make an answer; the call's request names everything a decision reads from the
 * calling process (its arguments, directory, environment and standard input), and the reply
 * repeats the request's nonce, so that a reply made for another request is refused. WebCrypto
 * does the cipher (`node:crypto` would cost a hook call about 25 ms to load).
 *
 * @module
 */

/** A hook call, as the resident decider receives it. */
export interface ResidentRequest {
  /** Fresh random hex, repeated by the reply. */
  nonce: string;
  /** The arguments after `hook`. */
  args: string[];
  /** The calling process's directory (absolute). */
  cwd: string;
  /** The calling process's values of the variables skald reads (unset ones left out). */
  env: Record<string, string>;
  /** The hook input. */
  stdin: string;
}

/**
 * What comes before a request: its nonce and the length of its line, sealed and at most
 * {@link MAX_HEADER} bytes, so that the decider reads no more than that from a process that
 * does not hold the key.
 */
export interface ResidentHeader {
  /** The request's nonce. */
  nonce: string;
  /** The byte length of the request's line, its newline included. */
  length: number;
  /** When the call sent it (milliseconds since the epoch: both sides share the machine's clock). */
  sent: number;
}

/** What a sealed message is: each kind is checked, so that one is never taken for another. */
export type MessageKind = "header" | "request" | "reply";

/** The resident decider's answer to one request. */
export interface ResidentReply {
  /** The request's nonce. */
  nonce: string;
  /** How the run ended (`ok`, `block`, ...: `main.ts` turns it into the exit code). */
  outcome: string;
  /** What to print on standard output. */
  stdout: string;
  /** What to print on standard error. */
  stderr: string;
}

/** The session file's contents: where the resident decider listens, and its key. */
export interface Session {
  /** Its TCP port on 127.0.0.1. */
  port: number;
  /** The AES-256-GCM key, 32 bytes in hex. */
  key: string;
  /** Its process id. */
  pid: number;
}

/** The largest frame either side reads: a hook input past it is decided in the calling process. */
export const MAX_FRAME = 64 * 1024 * 1024;

/** The largest header the decider reads before it knows the sender holds the key. */
export const MAX_HEADER = 1024;

/**
 * How long a call waits for the resident decider's answer before it decides itself; the decider
 * drops a request older than that unanswered (its caller has decided already).
 */
export const REPLY_TIMEOUT_MS = 3000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The bytes of lowercase hex, or undefined for anything else. */
function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return undefined;
  return Uint8Array.fromHex(hex);
}

/**
 * The key of a session.
 *
 * @param hex the key, in hex (32 bytes)
 * @returns the key, or undefined when it is not one
 */
export async function sessionKey(hex: string): Promise<CryptoKey | undefined> {
  const raw = fromHex(hex);
  if (raw === undefined || raw.length !== 32) return undefined;
  return await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/**
 * A message as one line: a fresh random IV, a space, the message's JSON (with its kind)
 * encrypted under the key (AES-256-GCM, which also authenticates it), a newline; both parts
 * base64.
 *
 * @param key the session's key
 * @param kind what the message is
 * @param message the message
 * @returns the line's bytes
 */
export async function seal(
  key: CryptoKey,
  kind: MessageKind,
  message: ResidentHeader | ResidentRequest | ResidentReply,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const body = encoder.encode(JSON.stringify({ kind, ...message }));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, body));
  return encoder.encode(`${iv.toBase64()} ${sealed.toBase64()}\n`);
}

/**
 * The message of a line, when the key sealed it (any change to the line fails the cipher's
 * authentication).
 *
 * @param key the session's key
 * @param line the line, with or without its newline
 * @returns the parsed JSON, or undefined for a line the key did not seal
 */
export async function unseal(key: CryptoKey, line: Uint8Array<ArrayBuffer>): Promise<unknown> {
  const text = decoder.decode(line).replace(/\n$/, "");
  const space = text.indexOf(" ");
  if (space <= 0) return undefined;
  try {
    const iv = Uint8Array.fromBase64(text.slice(0, space));
    const sealed = Uint8Array.fromBase64(text.slice(space + 1));
    if (iv.length !== 12) return undefined;
    const body = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, sealed);
    return JSON.parse(decoder.decode(body));
  } catch {
    return undefined;
  }
}

const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === "string");

/**
 * A request, when the value is one.
 *
 * @param value an unsealed message
 * @returns the request, or undefined
 */
export function asRequest(value: unknown): ResidentRequest | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.kind !== "request") return undefined;
  const env = v.env as Record<string, unknown> | null;
  const ok = typeof v.nonce === "string" && isStrings(v.args) && typeof v.cwd === "string" &&
    v.cwd.startsWith("/") && typeof v.stdin === "string" && typeof env === "object" &&
    env !== null && !Array.isArray(env) && Object.values(env).every((s) => typeof s === "string");
  return ok ? value as ResidentRequest : undefined;
}

/**
 * A header, when the value is one (a line of at most {@link MAX_FRAME} bytes).
 *
 * @param value an unsealed message
 * @returns the header, or undefined
 */
export function asHeader(value: unknown): ResidentHeader | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.kind !== "header") return undefined;
  const ok = typeof v.nonce === "string" && Number.isInteger(v.length) &&
    (v.length as number) > 0 && (v.length as number) <= MAX_FRAME && Number.isFinite(v.sent);
  return ok ? value as ResidentHeader : undefined;
}

/**
 * A request's lines: its header, then the request, both sealed.
 *
 * @param key the session's key
 * @param request the request
 * @returns the bytes to send
 */
export async function sealRequest(
  key: CryptoKey,
  request: ResidentRequest,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = await seal(key, "request", request);
  const header = { nonce: request.nonce, length: body.length, sent: Date.now() };
  const head = await seal(key, "header", header);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/**
 * A reply to the request of the nonce, when the value is one.
 *
 * @param value an unsealed message
 * @param nonce the request's nonce
 * @returns the reply, or undefined (another request's reply too)
 */
export function asReply(value: unknown, nonce: string): ResidentReply | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.kind !== "reply") return undefined;
  const ok = v.nonce === nonce && typeof v.outcome === "string" &&
    typeof v.stdout === "string" && typeof v.stderr === "string";
  return ok ? value as ResidentReply : undefined;
}

/**
 * The session of a session file's text, when it is one.
 *
 * @param text the file's text
 * @returns the session, or undefined
 */
export function parseSession(text: string): Session | undefined {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const ok = Number.isInteger(v.port) && (v.port as number) > 0 &&
      (v.port as number) < 65536 && typeof v.key === "string" && Number.isInteger(v.pid);
    return ok ? { port: v.port as number, key: v.key as string, pid: v.pid as number } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session file's name for a bundle: a new skald gets a resident decider of its own.
 *
 * @param digest the bundle's body digest
 * @returns the file name
 */
export function sessionFileName(digest: string): string {
  return `hook-${digest.slice(0, 16)}.json`;
}

/**
 * Lines read from a connection, each up to its newline and no longer than asked; what came
 * after a line is kept for the next. It holds only what came, whatever the peer's pace (one
 * byte at a time costs no more than its bytes).
 */
export class LineReader {
  #conn: Deno.Conn;
  #buffer = new Uint8Array(4 * 1024);
  #start = 0;
  #end = 0;
  /** How many bytes came in all. */
  received = 0;

  /**
   * A reader of a connection.
   *
   * @param conn the connection
   */
  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /**
   * The next line.
   *
   * @param max its largest length, newline included
   * @returns the line, or undefined when the connection ended first or the line is longer
   */
  async line(max: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    let scanned = this.#start;
    for (;;) {
      const at = this.#buffer.subarray(scanned, this.#end).indexOf(10);
      if (at !== -1) {
        const end = scanned + at + 1;
        if (end - this.#start > max) return undefined;
        const line = this.#buffer.slice(this.#start, end);
        this.#start = end;
        return line;
      }
      if (this.#end - this.#start >= max) return undefined;
      scanned = this.#end;
      if (this.#end === this.#buffer.length) {
        const used = this.#end - this.#start;
        const size = used * 2 > this.#buffer.length ? this.#buffer.length * 2 : this.#buffer.length;
        const next = new Uint8Array(size);
        next.set(this.#buffer.subarray(this.#start, this.#end));
        scanned -= this.#start;
        this.#start = 0;
        this.#end = used;
        this.#buffer = next;
      }
      const n = await this.#conn.read(
        this.#buffer.subarray(this.#end, this.#end + (max - (this.#end - this.#start))),
      );
      if (n === null) return undefined;
      this.#end += n;
      this.received += n;
    }
  }
}

/**
 * Reads one line from a connection.
 *
 * @param conn the connection
 * @param max its largest length ({@link MAX_FRAME} by default)
 * @returns the line, or undefined when the connection ended first or it is too long
 */
export async function readLine(
  conn: Deno.Conn,
  max: number = MAX_FRAME,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return await new LineReader(conn).line(max);
}

/**
 * Writes all of the bytes to a connection.
 *
 * @param conn the connection
 * @param data the bytes
 */
export async function writeAll(conn: Deno.Conn, data: Uint8Array): Promise<void> {
  while (data.length > 0) data = data.subarray(await conn.write(data));
}
