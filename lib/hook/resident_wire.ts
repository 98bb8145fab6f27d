/**
 * What the resident decider (`skald hook --resident`) and a hook call say to each other: one
 * line each way over a loopback TCP connection, `MAC JSON`, the MAC an HMAC-SHA-256 of the JSON
 * under the key of the session file (a file only the user can read). The call's request names
 * everything a decision reads from the calling process (its arguments, directory, environment
 * and standard input); the reply repeats the request's nonce, so a reply made for another
 * request, or by a process that does not hold the key, is refused. WebCrypto does the HMAC
 * (`node:crypto` would cost a hook call about 25 ms to load).
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
  /** The HMAC key, 32 bytes in hex. */
  key: string;
  /** Its process id. */
  pid: number;
}

/** The largest frame either side reads: a hook input past it is decided in the calling process. */
export const MAX_FRAME = 64 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Bytes as lowercase hex.
 *
 * @param bytes the bytes
 * @returns the hex
 */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * The HMAC key of a session.
 *
 * @param hex the key, in hex (at least 32 bytes)
 * @returns the key, or undefined when it is not one
 */
export async function sessionKey(hex: string): Promise<CryptoKey | undefined> {
  const raw = fromHex(hex);
  if (raw === undefined || raw.length < 32) return undefined;
  return await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/**
 * A message as one line: its MAC under the key, a space, its JSON, a newline.
 *
 * @param key the session's key
 * @param message the message
 * @returns the line's bytes
 */
export async function seal(
  key: CryptoKey,
  message: ResidentRequest | ResidentReply,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = encoder.encode(JSON.stringify(message));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, body));
  return encoder.encode(`${toHex(mac)} ${decoder.decode(body)}\n`);
}

/**
 * The message of a line, when its MAC is the key's (compared by WebCrypto, in constant time).
 *
 * @param key the session's key
 * @param line the line, with or without its newline
 * @returns the parsed JSON, or undefined for a line the key did not seal
 */
export async function unseal(key: CryptoKey, line: Uint8Array<ArrayBuffer>): Promise<unknown> {
  const end = line.at(-1) === 10 ? line.length - 1 : line.length;
  const space = line.indexOf(32);
  if (space <= 0 || space >= end) return undefined;
  const mac = fromHex(decoder.decode(line.subarray(0, space)));
  const body = line.subarray(space + 1, end);
  if (mac === undefined || !(await crypto.subtle.verify("HMAC", key, mac, body))) return undefined;
  try {
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
  const env = v.env as Record<string, unknown> | null;
  const ok = typeof v.nonce === "string" && isStrings(v.args) && typeof v.cwd === "string" &&
    v.cwd.startsWith("/") && typeof v.stdin === "string" && typeof env === "object" &&
    env !== null && !Array.isArray(env) && Object.values(env).every((s) => typeof s === "string");
  return ok ? value as ResidentRequest : undefined;
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
 * Reads one line (up to its newline, at most {@link MAX_FRAME} bytes) from a connection.
 *
 * @param conn the connection
 * @returns the line, or undefined when the connection ended first or it is too long
 */
export async function readLine(conn: Deno.Conn): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const chunk = new Uint8Array(64 * 1024);
    const n = await conn.read(chunk);
    if (n === null) return undefined;
    const got = chunk.subarray(0, n);
    chunks.push(got);
    size += n;
    if (got.at(-1) === 10) break;
    if (size > MAX_FRAME) return undefined;
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
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
