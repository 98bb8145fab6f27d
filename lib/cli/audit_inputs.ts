/**
 * The inputs of `skald audit`: the transcripts it reads (files, folders, or the project's folder
 * under `~/.claude/projects/`) and the project each one's calls are decided by (where its
 * session started).
 *
 * @module
 */

import { posix } from "../path.ts";
import { projectFolderName } from "../audit/project_folder.ts";
import type { ReportBuilder } from "../audit/report.ts";
import {
  findTranscripts,
  firstCwd,
  pathKind,
  subagentTranscripts,
} from "../fs/transcript_files.ts";
import type { Io } from "./io.ts";

/** A transcript to read: its path and how the report names it. */
export interface Input {
  path: string;
  label: string;
}

/**
 * The transcripts to read: each file given (with its session's subagents), each `.jsonl` under
 * each folder given, or the project's folder under `~/.claude/projects/`; each once.
 */
export async function auditInputs(
  paths: readonly string[],
  root: string,
  home: string,
  io: Io,
  report: ReportBuilder,
): Promise<{ inputs: Input[]; failed: boolean } | { error: string }> {
  const out: Input[] = [];
  const seen = new Set<string>();
  const add = (path: string, label: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, label });
  };
  if (paths.length === 0) {
    const dir = posix.join(home, ".claude", "projects", projectFolderName(root));
    if ((await pathKind(dir)).kind !== "dir") {
      return {
        error: `No transcripts of ${root}: Claude Code keeps them in ${dir}, which does not exist`,
      };
    }
    for (const f of await findTranscripts(dir)) add(f, posix.relative(dir, f));
    return { inputs: out, failed: false };
  }
  let failed = false;
  for (const given of paths) {
    const path = posix.resolve(io.cwd, given);
    const kind = await pathKind(path);
    const under = (base: string, label: string) => (f: string) =>
      add(f, posix.join(label, posix.relative(base, f)));
    if (kind.kind === "dir") {
      (await findTranscripts(path)).forEach(under(path, given));
    } else if (kind.kind === "file") {
      add(path, given);
      const base = path.slice(0, -".jsonl".length);
      (await subagentTranscripts(path)).forEach(under(base, given.slice(0, -".jsonl".length)));
    } else {
      failed = true;
      const message = `Cannot read ${given}: ${kind.error}`;
      io.err(`skald: ${message}\n`);
      report.problem({ file: given, code: "missing", message });
    }
  }
  return { inputs: out, failed };
}

/** Where a transcript's session started. */
export type SessionRoot = (
  path: string,
  t: { sessionId?: string; firstCwd?: string; sidechain: boolean },
) => Promise<string>;

/**
 * Where each session started: a main transcript's first `cwd`; a subagent's is its session's
 * (a subagent started after a `cd` records the directory it was started in, not the project).
 */
export function sessionRoots(fallback: string): SessionRoot {
  // By the session's own file: two folders may hold sessions of the same id.
  const byFile = new Map<string, string | undefined>();
  const startOf = async (file: string) => {
    if (!byFile.has(file)) byFile.set(file, await firstCwd(file));
    return byFile.get(file);
  };
  return async (path, t) => {
    const own = t.firstCwd === undefined ? fallback : posix.resolve(fallback, t.firstCwd);
    const id = t.sessionId;
    if (!t.sidechain || id === undefined) return own;
    // 2.1.332: <project>/<session>/subagents/agent-<id>.jsonl; older: <project>/agent-<id>.jsonl.
    const layered = path.match(/^(.*)\/([^/]+)\/subagents\/[^/]+$/);
    const parents = [
      ...(layered ? [`${layered[1]}/${layered[2]}.jsonl`] : []),
      `${posix.dirname(path)}/${id}.jsonl`,
    ];
    for (const parent of parents) {
      const cwd = await startOf(parent);
      if (cwd !== undefined) return posix.resolve(fallback, cwd);
    }
    return own;
  };
}
