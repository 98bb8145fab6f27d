/**
 * The file-system edge of `skald audit`: finding session transcripts (a folder's `*.jsonl`
 * files, at any depth; a session's subagents beside it) and reading one as a stream of lines,
 * never whole.
 *
 * @module
 */

import { posix } from "../path.ts";
import { linesOf } from "./_lines.ts";

const CHUNK = 1 << 20;

/** A file's text in chunks (invalid UTF-8 read as U+FFFD, as a transcript line may hold). */
async function* fileChunks(path: string): AsyncGenerator<string> {
  const file = await Deno.open(path);
  try {
    const decoder = new TextDecoder();
    const buffer = new Uint8Array(CHUNK);
    for (;;) {
      const n = await file.read(buffer);
      if (n === null) break;
      yield decoder.decode(buffer.subarray(0, n), { stream: true });
    }
    const rest = decoder.decode();
    if (rest !== "") yield rest;
  } finally {
    file.close();
  }
}

/**
 * A file's lines, read as they are needed.
 *
 * @param path the file
 * @returns its lines, without their `\n`
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileLines } from "./transcript_files.ts";
 *
 * const file = Deno.makeTempFileSync({ suffix: ".jsonl" });
 * Deno.writeTextFileSync(file, '{"type":"summary"}\n{"type":"user"}');
 * assert.deepEqual(await Array.fromAsync(fileLines(file)), ['{"type":"summary"}', '{"type":"user"}']);
 * Deno.removeSync(file);
 * ```
 */
export function fileLines(path: string): AsyncGenerator<string> {
  return linesOf(fileChunks(path));
}

/** What a path is: a file, a directory, or missing (with why). */
export type PathKind = { kind: "file" } | { kind: "dir" } | { kind: "missing"; error: string };

/**
 * What is at a path (symbolic links followed).
 *
 * @param path the path
 * @returns file, dir, or missing with the reason
 */
export async function pathKind(path: string): Promise<PathKind> {
  try {
    const info = await Deno.stat(path);
    return info.isDirectory ? { kind: "dir" } : { kind: "file" };
  } catch (e) {
    return { kind: "missing", error: e instanceof Deno.errors.NotFound ? "not found" : String(e) };
  }
}

/**
 * Every `*.jsonl` file under a folder, at any depth, sorted by path (a session's file comes
 * before its folder of subagents). Folders that cannot be read are skipped; links to folders are
 * not followed (a loop cannot catch the walk).
 *
 * @param dir the folder
 * @returns the files' paths
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findTranscripts } from "./transcript_files.ts";
 *
 * const dir = Deno.makeTempDirSync();
 * Deno.mkdirSync(`${dir}/s1/subagents`, { recursive: true });
 * for (const f of ["s1.jsonl", "s1/subagents/agent-a.jsonl", "notes.txt"]) {
 *   Deno.writeTextFileSync(`${dir}/${f}`, "");
 * }
 * const found = (await findTranscripts(dir)).map((f) => f.slice(dir.length + 1));
 * assert.deepEqual(found, ["s1.jsonl", "s1/subagents/agent-a.jsonl"]);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export async function findTranscripts(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (d: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(d));
    } catch {
      return;
    }
    for (const e of entries) {
      const path = posix.join(d, e.name);
      if (e.isDirectory) await walk(path);
      else if (e.name.endsWith(".jsonl") && (e.isFile || e.isSymlink)) found.push(path);
    }
  };
  await walk(dir);
  return found.sort();
}

/**
 * The subagents' transcripts of a session file: `<session>/subagents/*.jsonl` beside
 * `<session>.jsonl` (Claude Code 2.1.332's layout).
 *
 * @param sessionFile the session's transcript
 * @returns the subagents' files, sorted; none when there is no such folder
 */
export async function subagentTranscripts(sessionFile: string): Promise<string[]> {
  if (!sessionFile.endsWith(".jsonl")) return [];
  const dir = `${sessionFile.slice(0, -".jsonl".length)}/subagents`;
  return (await pathKind(dir)).kind === "dir" ? await findTranscripts(dir) : [];
}

/**
 * The first `cwd` a transcript records (where its session started), reading no further.
 *
 * @param path the transcript
 * @returns the directory, or undefined when the file has none or cannot be read
 */
export async function firstCwd(path: string): Promise<string | undefined> {
  try {
    for await (const line of fileLines(path)) {
      if (!line.includes('"cwd"')) continue;
      try {
        const cwd = JSON.parse(line)?.cwd;
        if (typeof cwd === "string") return cwd;
      } catch {
        // An unreadable line: the next may say.
      }
    }
  } catch {
    // Unreadable: no directory.
  }
  return undefined;
}
