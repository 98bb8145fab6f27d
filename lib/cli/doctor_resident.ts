/**
 * What `doctor` tells of a registered hook command's run: whether it asks the resident decider,
 * why that decider would never be asked (a directory not the user's alone, flags that do not
 * grant its socket), and whether it runs with skald's V8 flags (Deno keeps one code cache per
 * module, compiled under one set of flags: a run under other flags compiles skald again). A
 * command that names `skald` is read through the launcher it runs (`deno install`'s script on
 * `PATH`); a binary made by `deno compile` has its flags baked in, unread.
 *
 * @module
 */

import { residentDir, SOCKET, untrusted } from "../hook/resident_client.ts";
import { V8_FLAGS } from "./permission_flags.ts";

/** What the command runs: `deno run` with its flags, or a binary. */
export type HookRun =
  | { kind: "deno"; flags: string[]; hookArgs: string[] }
  | { kind: "binary"; path: string; hookArgs: string[] };

/**
 * The words of a command line as a shell reads them (quotes, backslashes), `$HOME` and
 * `${HOME}` expanded outside single quotes; the part before `||` or `;` only.
 *
 * @param text the command
 * @param home the user's home
 * @returns the words
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellWords } from "./doctor_resident.ts";
 *
 * assert.deepEqual(shellWords(`deno run "--allow-net=unix:$HOME/s" 'a b' x\\ y || exit 2`, "/h"), [
 *   "deno", "run", "--allow-net=unix:/h/s", "a b", "x y",
 * ]);
 * ```
 */
export function shellWords(text: string, home: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
      continue;
    }
    if (c === "\\" && i + 1 < text.length) {
      word = (word ?? "") + text[++i];
      continue;
    }
    if (c === "$") {
      const m = /^\$(\{HOME\}|HOME(?![A-Za-z0-9_]))/.exec(text.slice(i));
      if (m !== null) {
        word = (word ?? "") + home;
        i += m[0].length - 1;
        continue;
      }
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if ((c === "|" && text[i + 1] === "|") || c === ";") break;
    else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * What a skald hook command runs, read through the launcher of `skald` (found with `which`,
 * read with `read`): `deno run`'s flags and the arguments after `hook`; undefined when it cannot
 * be told (a launcher that cannot be read).
 *
 * @param command the hook command
 * @param home the user's home
 * @param which where a program name is found on `PATH`
 * @param read a file's text, or undefined for one that is not text (a binary)
 * @returns what it runs
 */
export function hookRun(
  command: string,
  home: string,
  which: (name: string) => string | undefined,
  read: (path: string) => string | undefined,
): HookRun | undefined {
  const words = shellWords(command, home);
  const at = words.indexOf("hook");
  if (at < 1) return undefined;
  const hookArgs = words.slice(at + 1);
  if (/(^|\/)deno$/.test(words[0]!) && words[1] === "run") {
    return { kind: "deno", flags: words.slice(2, at - 1), hookArgs };
  }
  const program = words[0]!.includes("/") ? words[0]! : which(words[0]!);
  if (program === undefined) return undefined;
  const text = read(program);
  if (text === undefined) return { kind: "binary", path: program, hookArgs };
  // `deno install`'s launcher: `exec deno run FLAGS 'MAIN' "$@"`.
  const line = text.split("\n").find((l) => /^exec\s+\S*deno\s+run\s/.test(l));
  if (line === undefined) return undefined;
  const inner = shellWords(line, home);
  return { kind: "deno", flags: inner.slice(3, -2), hookArgs };
}

/**
 * Whether `deno run` flags grant a hook call its resident decider's socket: network to it as a
 * Unix socket, and write on it (or all of either).
 *
 * @param flags the flags
 * @param socket the socket's path
 * @returns true when both are granted
 */
export function grantsSocket(flags: readonly string[], socket: string): boolean {
  const all = flags.includes("-A") || flags.includes("--allow-all");
  const values = (long: string, short: string) =>
    flags.flatMap((f) =>
      f === long || f === short
        ? ["*"]
        : f.startsWith(`${long}=`) || f.startsWith(`${short}=`)
        ? f.slice(f.indexOf("=") + 1).split(",")
        : []
    );
  const net = values("--allow-net", "-N");
  const write = values("--allow-write", "-W");
  return all ||
    ((net.includes("*") || net.includes(`unix:${socket}`)) &&
      (write.includes("*") || write.includes(socket)));
}

/**
 * Why a registered hook command's resident decider would never be asked, or undefined (none
 * asked, its directory not made yet, or fit): a directory that is a link, not a directory, or
 * open to the group or others; flags that do not grant the socket.
 *
 * @param run what the command runs
 * @param home the user's home
 * @returns why not
 */
export function residentProblem(run: HookRun, home: string): string | undefined {
  const dir = residentDir(run.hookArgs, home);
  if (dir === undefined) return undefined;
  let trust: string | undefined;
  try {
    trust = untrusted(dir, "directory");
  } catch {
    trust = undefined; // not made yet: the first call makes it
  }
  const socket = `${dir}/${SOCKET}`;
  if (trust !== undefined || run.kind !== "deno" || grantsSocket(run.flags, socket)) return trust;
  return `its flags do not grant the socket ${socket} (--allow-net=unix:${socket} and ` +
    `--allow-write=...,${socket}: a line of an older skald; install skald again)`;
}

/**
 * Why a registered hook command's V8 flags cost its calls their code cache, or undefined: a
 * `deno run` line whose V8 flags are not skald's (those of its install lines and of its resident
 * decider).
 *
 * @param run what the command runs
 * @returns why, or undefined
 */
export function v8Problem(run: HookRun): string | undefined {
  if (run.kind !== "deno") return undefined;
  const v8 = run.flags.filter((f) => f.startsWith("--v8-flags="));
  if (v8.length === 1 && v8[0] === V8_FLAGS) return undefined;
  return `it runs with ${v8.length === 0 ? "no V8 flags" : v8.join(" ")}, skald's lines and ` +
    `its resident decider with ${V8_FLAGS}: Deno keeps one code cache per module, compiled ` +
    "under one set of flags, so each run under the other set compiles skald again";
}
