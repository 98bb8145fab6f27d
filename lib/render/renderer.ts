/**
 * The renderer of a skill's or command's body for `/name` (the spec's `SlashCommand`).
 *
 * The passes, in this order, over one parse of the body:
 * 1. The body is parsed once into text and `` !`cmd` `` / ```` ```! ```` commands, before any
 *    argument is inserted, so a value can never become a command.
 * 2. Placeholders are expanded in one pass over each segment; an inserted value is never
 *    expanded again.
 * 3. Every command is held against the policy (with the entry's `allowed-tools` as run rules,
 *    taken out again however the check ends), then against the validator gate, before the
 *    first one runs: a refusal leaves no side effect. Then they run, at the same time, each
 *    output in its command's place; output is never scanned again.
 * 4. File references are found in the body's text and the inserted arguments, never in
 *    command output, and attached after the text.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { Policy } from "../permissions/policy.ts";
import type { Verdict } from "../permissions/verdict.ts";
import { parseShell } from "../shell/parse.ts";
import { allowedTools, allowedToolsValue } from "../skills/allowed_tools.ts";
import type { Entry } from "../skills/entry.ts";
import type { RunResult } from "../exec/run_command.ts";
import { argumentNames, expandPieces, type ExpansionContext, splitArguments } from "./arguments.ts";
import { attachmentText, type FileAttacher, type FileRead } from "./attachments.ts";
import { findFileRefs, type SourcedPiece } from "./file_refs.ts";
import { parseTemplate } from "./template.ts";
import { type ReadState, recordRead } from "../tools/read_state.ts";

/** Runs a command: the default is `lib/exec/run_command.ts`; tests pass their own. */
export type Runner = (command: string, root: string, timeoutSeconds: number) => Promise<RunResult>;

/** What a renderer is built with. */
export interface RendererOptions {
  /** The project root: commands run in it, `@path` is relative to it. */
  root: string;
  /** The session's policy. Without one no shell command passes. */
  policy?: Policy;
  /** The gate after the policy: true lets a command run, a string is the reason it may not. */
  validator?: (command: string, root: string) => true | string;
  /** Directories besides the root that `@path` may reach; default the policy's. */
  extraRoots?: string[] | (() => string[]);
  /** `${CLAUDE_SESSION_ID}`. */
  sessionId?: string;
  /** Claude Code's `disableSkillShellExecution`: no command runs. */
  disableShell?: boolean;
  /** Seconds a command may run: 120 by default. */
  timeout?: number;
  /** Seconds between SIGTERM and SIGKILL after a timeout: 2 by default. */
  killGrace?: number;
  /** Runs a command. */
  runner: Runner;
  /** Reads files for attachments. */
  files: FileAttacher;
}

/** What one command did. */
export interface CommandTrace {
  command: string;
  verdict: Verdict | "disabled" | "refused";
  exitCode?: number;
  reason?: string;
}

/** The result of a render (the spec's hash). */
export interface RenderResult {
  /** What goes to the model, on success. */
  text?: string;
  /** Why the render aborted; nothing goes to the model. */
  error?: string;
  /** The split arguments. */
  arguments: string[];
  commands: CommandTrace[];
  filesRead: FileRead[];
}

/** What `disable_shell` puts in place of each command. */
export const DISABLED_TEXT = "[shell command execution disabled by policy]";
/** Commands whose exit 1 does not abort a render: a search or compare found nothing. */
export const EXIT_ONE_COMMANDS: ReadonlySet<string> = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "diff",
  "cmp",
  "test",
  "[",
]);

/**
 * The source an entry's `allowed-tools` carry as run rules.
 *
 * @param entry the entry
 * @returns `/name allowed-tools`
 */
export function grantSource(entry: Entry): string {
  return `/${entry.name} allowed-tools`;
}

/**
 * An entry's `allowed-tools` as rule texts (invalid ones left out).
 *
 * @param entry an entry, or a plain `allowed-tools` value
 * @returns the rule texts
 */
export function allowedToolRules(entry: Entry | unknown): string[] {
  const value = isEntry(entry) ? allowedToolsValue(entry.frontmatter) : entry;
  return allowedTools(value).rules;
}

function isEntry(v: unknown): v is Entry {
  return typeof v === "object" && v !== null && "frontmatter" in v && "name" in v;
}

/** The name of the command whose exit status a command line returns (its last part). */
function lastCommandName(command: string): string | undefined {
  const top = parseShell(command).commands.filter((c) => c.depth === 0);
  const words = top.at(-1)?.words ?? [];
  const head = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.raw));
  return head === undefined ? undefined : posix.basename(head.value);
}

/** The renderer. */
export class Renderer {
  readonly options: RendererOptions;

  /**
   * @param options root, policy, gate, session, shell settings, runner and file access
   */
  constructor(options: RendererOptions) {
    this.options = options;
  }

  /**
   * The verdict of the policy on the bash call of a command, with the run rules it holds;
   * deny without a policy.
   *
   * @param command the command
   * @returns the verdict and why
   */
  checkCommand(command: string): { verdict: Verdict; reason: string } {
    const policy = this.options.policy;
    if (policy === undefined) return { verdict: "deny", reason: "No permission policy is set" };
    const d = policy.decide({ tool: "Bash", input: { command } });
    return { verdict: d.verdict, reason: d.reason };
  }

  /**
   * Renders an entry's body.
   *
   * @param input the entry, its body, the argument string, and whether to attach files
   * @returns the text or the error, with the arguments, commands and files read
   */
  async render(input: {
    entry: Entry;
    body: string;
    arguments?: string;
    attachFiles?: boolean;
  }): Promise<RenderResult> {
    const { entry, body } = input;
    const args = input.arguments ?? "";
    const argv = splitArguments(args);
    const result: RenderResult = { arguments: argv, commands: [], filesRead: [] };
    const ctx: ExpansionContext = {
      args,
      argv,
      names: argumentNames(entry.frontmatter.arguments),
      skillDir: entry.dir,
      projectDir: this.options.root,
      sessionId: this.options.sessionId ?? "",
      pluginRoot: entry.pluginRoot,
    };

    // Passes 1 and 2: one parse, then placeholders expanded segment by segment.
    const segments = parseTemplate(body);
    let used = false;
    const parts: ({ pieces: SourcedPiece[] } | { command: string; raw: string })[] = [];
    for (const s of segments) {
      if (s.kind === "text") {
        const e = expandPieces(s.text, ctx);
        used ||= e.used;
        parts.push({ pieces: e.pieces.map((p) => ({ text: p.text, fromOutput: false })) });
      } else {
        const e = expandPieces(s.template, ctx);
        used ||= e.used;
        parts.push({ command: e.pieces.map((p) => p.text).join(""), raw: s.raw });
      }
    }

    // Pass 3: every command checked, then run.
    const commands = parts.filter((p): p is { command: string; raw: string } => "command" in p);
    const outputs = await this.#runCommands(commands, entry, result);
    if (outputs === undefined) return result;

    const pieces: SourcedPiece[] = [];
    let next = 0;
    for (const p of parts) {
      if ("pieces" in p) pieces.push(...p.pieces);
      else pieces.push({ text: outputs[next++]!, fromOutput: true });
    }
    if (!used && args !== "") pieces.push({ text: `\n\nARGUMENTS: ${args}`, fromOutput: false });
    let text = pieces.map((p) => p.text).join("");

    // Pass 4: file references, attached after the text.
    if (input.attachFiles) {
      const attachments = await this.#attach(pieces, result);
      if (attachments.length > 0) {
        text += (text.endsWith("\n") ? "\n" : "\n\n") + attachments.join("\n");
      }
    }
    if (entry.kind !== "command") text = `Base directory for this skill: ${entry.dir}\n\n${text}`;
    result.text = text;
    return result;
  }

  /** Checks every command, then runs them all; undefined when the render aborts. */
  async #runCommands(
    commands: { command: string; raw: string }[],
    entry: Entry,
    result: RenderResult,
  ): Promise<string[] | undefined> {
    if (commands.length === 0) return [];
    if (this.options.disableShell) {
      for (const c of commands) result.commands.push({ command: c.command, verdict: "disabled" });
      return commands.map(() => DISABLED_TEXT);
    }
    const policy = this.options.policy;
    const source = grantSource(entry);
    policy?.addRunRules(allowedToolRules(entry), source);
    try {
      for (const c of commands) {
        const v = this.checkCommand(c.command);
        result.commands.push({ command: c.command, verdict: v.verdict, reason: v.reason });
        if (v.verdict !== "allow") {
          result.error =
            `Shell command permission check failed for pattern "${c.raw}": ${v.reason}`;
          return undefined;
        }
      }
    } finally {
      policy?.removeRunRules(source);
    }
    const gate = this.options.validator;
    if (gate !== undefined) {
      for (const [i, c] of commands.entries()) {
        const ok = gate(c.command, this.options.root);
        if (ok !== true) {
          result.commands[i] = { command: c.command, verdict: "refused", reason: ok };
          result.error = `Command refused for pattern "${c.raw}": ${ok}`;
          return undefined;
        }
      }
    }
    const timeout = this.options.timeout ?? 120;
    const runs = await Promise.all(
      commands.map((c) => this.options.runner(c.command, this.options.root, timeout)),
    );
    const outputs: string[] = [];
    for (const [i, run] of runs.entries()) {
      const c = commands[i]!;
      const trace = result.commands[i]!;
      if ("error" in run) {
        trace.reason = run.error;
        result.error ??= `Shell command failed for pattern "${c.raw}": ${run.error}`;
        continue;
      }
      trace.exitCode = run.exitCode;
      const name = lastCommandName(c.command);
      const fine = run.exitCode === 0 ||
        (run.exitCode === 1 && name !== undefined && EXIT_ONE_COMMANDS.has(name));
      if (!fine) result.error ??= `Shell command failed for pattern "${c.raw}": ${run.output}`;
      outputs.push(run.output);
    }
    return result.error === undefined ? outputs : undefined;
  }

  async #attach(pieces: SourcedPiece[], result: RenderResult): Promise<string[]> {
    const { root, files, policy } = this.options;
    const extra = typeof this.options.extraRoots === "function"
      ? this.options.extraRoots()
      : this.options.extraRoots ?? policy?.additionalDirectories ?? [];
    const resolve = (p: string) => posix.resolve(root, p);
    const inside = (abs: string) => {
      if (policy !== undefined && extra === policy.additionalDirectories) {
        return policy.workingDirs.contains(abs);
      }
      const dirs = [root, ...extra.map(resolve)];
      const real = files.realPath(abs);
      const within = (p: string) => dirs.some((d) => p === d || p.startsWith(d + "/"));
      return within(abs) && within(real);
    };
    const out: string[] = [];
    const refs = findFileRefs(pieces, (p) => files.kind(resolve(p)) !== undefined);
    for (const ref of refs) {
      const abs = resolve(ref.path);
      const kind = files.kind(abs);
      if (kind === undefined || !inside(abs) || policy?.hidesRead(abs) !== undefined) continue;
      const real = files.realPath(abs);
      if (result.filesRead.some((f) => f.path === real)) continue;
      if (kind === "directory") {
        const hides = (p: string) => policy?.hidesRead(p) !== undefined;
        const listed = await files.listDir(abs, hides);
        if ("refused" in listed) continue;
        out.push(attachmentText("list_files", real, listed.text));
        result.filesRead.push({ path: real, kind });
      } else {
        const read = await files.readFile(abs);
        if ("refused" in read) continue;
        out.push(attachmentText("read_file", real, read.text));
        result.filesRead.push(
          read.partial
            ? { path: real, kind, partial: true }
            : { path: real, kind, bytes: read.bytes },
        );
      }
    }
    return out;
  }
}

/**
 * Records the files a render attached in a run's read state (the spec's `record_reads`): a
 * file attached whole with its bytes, a part of one as partial; directories are not recorded.
 *
 * @param result the render's result
 * @param state the read state of the run (after it has begun)
 * @returns the read state with the files recorded
 */
export function recordReads(result: RenderResult, state: ReadState): ReadState {
  let out = state;
  for (const f of result.filesRead) {
    if (f.kind !== "file") continue;
    if (f.partial) out = recordRead(out, f.path, { kind: "partial" });
    else if (f.bytes !== undefined) {
      out = recordRead(out, f.path, { kind: "whole", bytes: f.bytes });
    }
  }
  return out;
}
