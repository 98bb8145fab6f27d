/**
 * The frozen Claude Code sessions of `tests/fixtures/audit/` (see `freeze_transcripts.ts`):
 * each case's transcripts, its settings and files, and what Claude Code did with each call as
 * the oracle read it from the stream-json events (the judge of the transcript reader); and the
 * case rebuilt on disk, placeholders filled, with its transcripts where Claude Code keeps them.
 *
 * @module
 */

import { posix } from "../../lib/path.ts";
import { projectFolderName } from "../../lib/audit/project_folder.ts";
import type { ClaudeOutcome } from "../../lib/audit/claude_outcome.ts";
import { fromFileUrl } from "../_paths.ts";

/** The fixtures' folder. */
export const AUDIT_FIXTURES = fromFileUrl(new URL("../fixtures/audit/", import.meta.url));

/** One call of a frozen case. */
export interface FrozenCall {
  /** The transcript, relative to the case's `transcripts/`. */
  transcript: string;
  /** The line of the `tool_use`. */
  line: number;
  tool: string;
  id: string;
  /** The oracle's decision; null: the stream showed no result (it cannot judge). */
  decision: "allow" | "deny" | "ask" | "error" | "missing" | null;
}

/** A frozen case. */
export interface FrozenCase {
  name: string;
  about: string;
  files: Record<string, string>;
  settings: unknown;
  /** Where Claude Code started, relative to the project; null: the project. */
  cwd: string | null;
  hook: boolean;
  calls: FrozenCall[];
}

/** The outcome the transcript reader must give for an oracle decision. */
export const OUTCOME_OF: Record<string, ClaudeOutcome> = {
  allow: "ran",
  deny: "denied",
  ask: "asked",
  error: "error",
  missing: "missing",
};

/** Every frozen case's name. */
export const CASE_NAMES = [
  "after-cd",
  "hook",
  "tools",
  "subagent",
  "subdir",
  "killed",
  "truncated",
];

/**
 * A frozen case.
 *
 * @param name its folder
 * @returns the case
 */
export function frozenCase(name: string): FrozenCase {
  return JSON.parse(Deno.readTextFileSync(`${AUDIT_FIXTURES}${name}/case.json`));
}

/**
 * The transcripts of a case, relative to its `transcripts/`, sorted.
 *
 * @param name the case
 * @returns the paths
 */
export function caseTranscripts(name: string): string[] {
  const base = `${AUDIT_FIXTURES}${name}/transcripts`;
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(d)) {
      if (e.isDirectory) walk(`${d}/${e.name}`);
      else if (e.name.endsWith(".jsonl")) out.push(posix.relative(base, `${d}/${e.name}`));
    }
  };
  walk(base);
  return out.sort();
}

/**
 * A transcript's lines.
 *
 * @param name the case
 * @param transcript relative to its `transcripts/`
 * @returns the lines (the text split at `\n`, a last empty one dropped)
 */
export function transcriptLines(name: string, transcript: string): string[] {
  const text = Deno.readTextFileSync(`${AUDIT_FIXTURES}${name}/transcripts/${transcript}`);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** A case rebuilt on disk. */
export interface BuiltCase {
  top: string;
  project: string;
  home: string;
  /** The project's folder of transcripts, under the home. */
  folder: string;
  remove(): void;
}

/**
 * Rebuilds a case: the project (files and `.claude/settings.json`), the home, and the
 * transcripts in `~/.claude/projects/<the folder Claude Code names for where it started>/`,
 * placeholders filled.
 *
 * @param name the case
 * @param settings the project's settings (default: the case's)
 * @returns the places; call `remove()` when done
 */
export function buildCase(name: string, settings?: unknown): BuiltCase {
  const c = frozenCase(name);
  const top = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-audit-" }));
  const project = `${top}/proj`;
  const home = `${top}/home`;
  const fill = (t: string) =>
    t.replaceAll("{{PROJECT}}", project).replaceAll("{{HOME}}", home).replaceAll("{{ROOT}}", top);
  const put = (path: string, text: string) => {
    Deno.mkdirSync(posix.dirname(path), { recursive: true });
    Deno.writeTextFileSync(path, text);
  };
  for (const [p, text] of Object.entries(c.files)) put(`${project}/${p}`, text);
  put(`${project}/.claude/settings.json`, JSON.stringify(settings ?? c.settings));
  Deno.mkdirSync(`${home}/.claude`, { recursive: true });
  const started = c.cwd === null ? project : `${project}/${c.cwd}`;
  Deno.mkdirSync(started, { recursive: true });
  const folder = `${home}/.claude/projects/${projectFolderName(started)}`;
  for (const t of caseTranscripts(name)) {
    const text = Deno.readTextFileSync(`${AUDIT_FIXTURES}${name}/transcripts/${t}`);
    put(`${folder}/${t}`, fill(text));
  }
  return {
    top,
    project,
    home,
    folder,
    remove: () => Deno.removeSync(top, { recursive: true }),
  };
}
