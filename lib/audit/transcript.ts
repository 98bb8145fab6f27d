/**
 * A Claude Code session transcript (`~/.claude/projects/<project>/<session>.jsonl`, and a
 * subagent's `<session>/subagents/agent-<id>.jsonl`) read into the tool calls it records, in
 * order, each with the directory it ran in and what Claude Code did with it. Pure: the lines
 * come in as an iterable.
 *
 * What is read (Claude Code 2.1.332, observed through the oracle; older transcripts hold the
 * same fields): every `tool_use` block of an `assistant` line is a call, its directory the
 * line's `cwd` (written before the call runs: a `cd` shows on the lines after it); a `tool_result`
 * block of a `user` line, matched by `tool_use_id`, says what happened to it, with the line's
 * `toolDenialKind` and `permissionDecision` (see {@link claudeOutcome}); a `user` line's
 * `permissionMode` is the mode the session runs in from there on. `isSidechain` marks a
 * subagent's lines (older versions wrote them into the session's own file). Every other kind of
 * line (attachments, `api-request`, `progress`, `summary`, ...) is skipped; a line that is not
 * a JSON object is a problem, counted, and the reading goes on. A call with no result is
 * `missing`.
 *
 * @module
 */

import type { Problem } from "../settings/problem.ts";
import { type ClaudeOutcome, claudeOutcome } from "./claude_outcome.ts";

/** One tool call of a transcript. */
export interface TranscriptCall {
  /** The `tool_use` id. */
  id: string;
  /** The tool's name as Claude Code wrote it (`Bash`, `Read`, `mcp__server__tool`, ...). */
  tool: string;
  /** The tool input. */
  input: unknown;
  /** The directory the call ran in: its line's `cwd` (else the last one seen); undefined: none. */
  cwd: string | undefined;
  /** The line of the `tool_use`, from 1. */
  line: number;
  /** True when a subagent made the call. */
  sidechain: boolean;
  /** The subagent's id, when the line names one. */
  agentId?: string;
  /** What Claude Code did with it. */
  outcome: ClaudeOutcome;
  /** The result's text (its first 300 characters), when Claude Code did not run the call. */
  resultText?: string;
  /**
   * The permission mode the session ran in when the call was made: the `permissionMode` of the
   * last prompt line before it (Claude Code 2.1.332 writes it on each); undefined: none seen.
   */
  mode?: string;
}

/** A transcript, read. */
export interface Transcript {
  /** Its calls, in the order of their `tool_use` lines. */
  calls: TranscriptCall[];
  /** Its unreadable lines, each with its line number. */
  problems: Problem[];
  /** How many lines it has (blank ones included). */
  lines: number;
  /** The session id its lines carry (the first one). */
  sessionId?: string;
  /** The first `cwd` it records: where the session (or subagent) started. */
  firstCwd?: string;
  /** True when its first message line is a subagent's (`isSidechain`). */
  sidechain: boolean;
}

const TEXT_KEPT = 300;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => typeof v === "string" ? v : undefined;

/** The text of a `tool_result`'s content: a string, or its text blocks joined. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => isObject(b) && b.type === "text" ? str(b.text) ?? "" : "").join("\n");
}

/** A line of JSON, or why not (one line: V8 may quote the text, line breaks included). */
function parseLine(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message.replaceAll("\r", "\\r").replaceAll("\n", "\\n");
    return { error: message.length > 200 ? message.slice(0, 200) + "…" : message };
  }
}

/**
 * Reads a transcript's lines into its tool calls.
 *
 * @param lines the transcript's lines, without their line ends
 * @param file how problems name the transcript
 * @returns the calls, the problems, and the session's id and first directory
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readTranscript } from "./transcript.ts";
 *
 * const lines = [
 *   JSON.stringify({
 *     type: "assistant",
 *     cwd: "/proj",
 *     sessionId: "s1",
 *     message: {
 *       content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "cd src" } }],
 *     },
 *   }),
 *   JSON.stringify({
 *     type: "user",
 *     cwd: "/proj/src",
 *     message: { content: [{ type: "tool_result", tool_use_id: "t1", content: "" }] },
 *   }),
 *   '{"type":"assistant","cwd":"/proj/src","message":{"content":[{"type":"tool_u',
 * ];
 * const t = await readTranscript(lines, "s1.jsonl");
 * assert.deepEqual(t.calls.map((c) => [c.tool, c.cwd, c.outcome]), [["Bash", "/proj", "ran"]]);
 * assert.equal(t.problems[0]?.line, 3);
 * assert.equal(t.firstCwd, "/proj");
 * ```
 */
export async function readTranscript(
  lines: AsyncIterable<string> | Iterable<string>,
  file: string,
): Promise<Transcript> {
  const calls: TranscriptCall[] = [];
  const byId = new Map<string, TranscriptCall>();
  const problems: Problem[] = [];
  let n = 0;
  let cwd: string | undefined;
  let sessionId: string | undefined;
  let firstCwd: string | undefined;
  let sidechain: boolean | undefined;
  let mode: string | undefined;
  const problem = (code: string, message: string) =>
    problems.push({ file, line: n, code, message });
  for await (const line of lines) {
    n++;
    // A byte order mark (an editor's) before the first line is no part of its JSON.
    const text = n === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
    if (text.trim() === "") continue;
    const parsed = parseLine(text);
    if ("error" in parsed) {
      problem("not-json", `Cannot read line ${n}: not JSON (${parsed.error})`);
      continue;
    }
    const d = parsed.value;
    if (!isObject(d)) {
      problem("not-object", `Cannot read line ${n}: not a JSON object`);
      continue;
    }
    const lineCwd = str(d.cwd);
    sessionId ??= str(d.sessionId);
    firstCwd ??= lineCwd;
    const message = d.message;
    if (d.type !== "assistant" && d.type !== "user") {
      if (lineCwd !== undefined) cwd = lineCwd;
      continue;
    }
    sidechain ??= d.isSidechain === true;
    if (d.type === "user" && typeof d.permissionMode === "string") mode = d.permissionMode;
    const content = isObject(message) ? message.content : undefined;
    if (Array.isArray(content)) {
      if (d.type === "assistant") {
        const where = lineCwd ?? cwd;
        for (const block of content) {
          if (!isObject(block) || block.type !== "tool_use") continue;
          const id = str(block.id);
          const tool = str(block.name);
          if (id === undefined || tool === undefined) {
            problem("bad-tool-use", `Cannot read line ${n}: a tool_use without an id or a name`);
            continue;
          }
          if (byId.has(id)) continue;
          const call: TranscriptCall = {
            id,
            tool,
            input: block.input,
            cwd: where,
            line: n,
            sidechain: d.isSidechain === true,
            outcome: "missing",
          };
          const agentId = str(d.agentId);
          if (agentId !== undefined) call.agentId = agentId;
          if (mode !== undefined) call.mode = mode;
          calls.push(call);
          byId.set(id, call);
        }
      } else {
        const results = content.filter((b) => isObject(b) && b.type === "tool_result") as Json[];
        // The line's metadata belongs to its result only when it holds one.
        const meta = results.length === 1;
        const decision = isObject(d.permissionDecision) ? d.permissionDecision : undefined;
        for (const block of results) {
          const call = byId.get(str(block.tool_use_id) ?? "");
          if (call === undefined || call.outcome !== "missing") continue;
          const text = resultText(block.content);
          call.outcome = claudeOutcome({
            text,
            isError: block.is_error === true,
            denialKind: meta ? str(d.toolDenialKind) : undefined,
            decision: meta ? str(decision?.decision) : undefined,
          });
          if (call.outcome !== "ran") call.resultText = text.slice(0, TEXT_KEPT);
        }
      }
    }
    if (lineCwd !== undefined) cwd = lineCwd;
  }
  const read: Transcript = { calls, problems, lines: n, sidechain: sidechain ?? false };
  if (sessionId !== undefined) read.sessionId = sessionId;
  if (firstCwd !== undefined) read.firstCwd = firstCwd;
  return read;
}
