/**
 * `skald audit`: replays the tool calls of Claude Code session transcripts through the policy
 * and reports what it would have done to them, beside what Claude Code did.
 *
 * The order of the work: the inputs are found (default: the current project's folder under
 * `~/.claude/projects/`); each transcript is read as a stream into its calls; the project that
 * decides them is `--root`, else the directory the session started in (a subagent's: its
 * session's); its settings are read once and one policy (and one replayer) serves all its
 * transcripts; each call is decided where it ran, counted, and (`--json`) printed at once.
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { MODE_NAMES } from "../permissions/modes.ts";
import { loadSettings } from "../settings/load.ts";
import { type Replayer, replayer } from "../audit/replay.ts";
import { newReport } from "../audit/report.ts";
import { callJson, summaryJson } from "../audit/report_json.ts";
import { githubAnnotations, reportTable } from "../audit/report_text.ts";
import { readTranscript } from "../audit/transcript.ts";
import { fileLines } from "../fs/transcript_files.ts";
import { auditInputs, sessionRoots } from "./audit_inputs.ts";
import {
  collect,
  type CommonOptions,
  fail,
  projectPolicy,
  reportProblems,
  withCommonOptions,
} from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/** The formats of the report. */
const FORMATS = ["table", "json", "github"] as const;

/** `audit`'s options, as commander hands them over. */
export interface AuditOptions extends CommonOptions {
  mode?: string;
  addDir: string[];
  format?: (typeof FORMATS)[number];
  limit: string;
}

/**
 * Registers `audit`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerAudit(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("audit")
    .description(
      "replay the tool calls of Claude Code transcripts through the policy: what it would " +
        "have denied or asked for that Claude Code ran",
    )
    .argument(
      "[transcripts...]",
      "session transcripts (.jsonl) or folders of them; default: the project's folder under " +
        "~/.claude/projects/",
    )
    .addOption(new Option("--mode <mode>", "the permission mode").choices(Object.keys(MODE_NAMES)))
    .option("--add-dir <dir>", "another working directory (repeatable)", collect, [])
    .addOption(
      new Option("--format <format>", "table (default), json (as --json) or github")
        .choices(FORMATS),
    )
    .option("--limit <n>", "the most calls and rules a table list shows (0: all)", "20")
    .addHelpText(
      "after",
      `
Each call is decided where it ran (the directory the transcript records for it), by the policy
of --root, else of the directory its session started in. --json prints one object a line per
call, then a summary; --format github prints workflow commands (::error for a call skald would
deny that Claude Code ran, ::warning for one it would ask for).

Examples:
  skald audit
  skald audit ~/.claude/projects/-home-me-app/
  skald audit --settings '{"permissions":{"deny":["Bash(git push:*)"]}}' session.jsonl
  skald audit --json | tail -1

Exit codes: 0 done, 4 Claude Code ran a call skald would deny, 1 error.`,
    );
  withCommonOptions(cmd).action(async (paths: string[], opts: AuditOptions) => {
    // The table fits a terminal's width; written to a file or a pipe, every line is whole.
    const width = Deno.stdout.isTerminal() ? Deno.consoleSize().columns : undefined;
    done(await audit(paths, opts, io, Deno.stderr.isTerminal(), width));
  });
}

/**
 * Runs an audit: reads the transcripts, replays their calls, prints the report. Reads the
 * variables `HOME` (through `io`, without `--home`: where `~/.claude/projects` is) and
 * `SKALD_MANAGED_SETTINGS` (the managed settings file of each project).
 *
 * @param paths the transcripts and folders given (none: the project's folder)
 * @param opts the options
 * @param io streams and environment
 * @param terminal whether stderr is a terminal (a progress line is shown there)
 * @param width the columns the table's lines are cut to (a terminal's), or none
 * @returns how the run ended: `findings` when Claude Code ran a call skald would deny
 */
export async function audit(
  paths: readonly string[],
  opts: AuditOptions,
  io: Io,
  terminal: boolean,
  width?: number,
): Promise<Outcome> {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 0) {
    return fail(io, `--limit takes a whole number, not "${opts.limit}"`);
  }
  const format = opts.format ?? (opts.json ? "json" : "table");
  const home = posix.resolve(io.cwd, opts.home ?? io.env("HOME") ?? "/");
  const root = opts.root === undefined ? undefined : posix.resolve(io.cwd, opts.root);
  const report = newReport();
  const found = await auditInputs(paths, root ?? io.cwd, home, io, report);
  if ("error" in found) return fail(io, found.error);
  const progress = terminal ? progressLine(io, found.inputs.length) : undefined;
  // A message on stderr takes the progress line's place (it is shown again on the next update).
  const says: Io = {
    ...io,
    err: (text) => {
      progress?.clear();
      io.err(text);
    },
  };
  // Each project's settings are read once; a call is decided in the mode its session ran in
  // (the transcript says), unless --mode names one: a policy (and a replayer) per mode met.
  const projects = new Map<string, (mode: string | undefined) => Replayer>();
  const project = async (dir: string): Promise<(mode: string | undefined) => Replayer> => {
    const known = projects.get(dir);
    if (known !== undefined) return known;
    const settings = await loadSettings({ root: dir, home, extra: opts.settings, cwd: io.cwd });
    reportProblems(says, settings.problems);
    const policyIn = (mode: string | undefined) =>
      projectPolicy({ root: dir, home, settings }, io, { mode, addDirs: opts.addDir });
    const base = policyIn(opts.mode);
    report.policy(dir, base);
    const byMode = new Map<string, Replayer>([[opts.mode ?? "", replayer(base)]]);
    const replayIn = (mode: string | undefined): Replayer => {
      const given = opts.mode ?? mode;
      let replay = byMode.get(given ?? "");
      if (replay === undefined) {
        replay = replayer(policyIn(given));
        byMode.set(given ?? "", replay);
      }
      return replay;
    };
    projects.set(dir, replayIn);
    return replayIn;
  };
  const rootOf = sessionRoots(root ?? io.cwd);
  let failed = found.failed;
  for (const input of found.inputs) {
    let transcript;
    try {
      transcript = await readTranscript(fileLines(input.path), input.label);
    } catch (e) {
      const message = `Cannot read ${input.label}: ${e instanceof Error ? e.message : String(e)}`;
      says.err(`skald: ${message}\n`);
      report.problem({ file: input.label, code: "unreadable", message });
      failed = true;
      continue;
    }
    const dir = root ?? await rootOf(input.path, transcript);
    const replayIn = await project(dir);
    report.transcript(dir, transcript.problems);
    for (const call of transcript.calls) {
      const decision = replayIn(call.mode)(call);
      const audited = {
        transcript: input.label,
        session: transcript.sessionId,
        project: dir,
        mode: opts.mode ?? call.mode ?? "default",
        call,
        decision,
      };
      report.add(audited);
      if (format === "json") io.out(JSON.stringify(callJson(audited)) + "\n");
      progress?.call();
    }
    progress?.transcript();
  }
  progress?.clear();
  const r = report.finish();
  if (format === "json") io.out(JSON.stringify(summaryJson(r)) + "\n");
  else if (format === "github") io.out(githubAnnotations(r));
  else io.out(reportTable(r, limit, width));
  if (failed) return "error";
  return r.ran.some((c) => c.decision.verdict === "deny") ? "findings" : "ok";
}

/** A progress line on stderr. */
interface Progress {
  call(): void;
  transcript(): void;
  clear(): void;
}

/** A progress line on stderr (a terminal): calls and transcripts so far, a few times a second. */
function progressLine(io: Io, total: number): Progress {
  let calls = 0;
  let transcripts = 0;
  let last = 0;
  let shown = false;
  const show = () => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    shown = true;
    io.err(
      `\rskald audit: ${calls.toLocaleString("en-US")} calls, ${transcripts}/${total} transcripts`,
    );
  };
  return {
    call: () => {
      if (++calls % 512 === 0) show();
    },
    transcript: () => {
      transcripts++;
      show();
    },
    clear: () => {
      if (shown) io.err("\r\x1b[K");
      shown = false;
    },
  };
}
