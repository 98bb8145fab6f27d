/**
 * The renderer of a skill's or command's body for `/name` (the spec's `SlashCommand`).
 *
 * The passes, in this order, over one parse of the body:
 * 1. The body is parsed once into text and `` !`cmd` `` / ```` ```! ```` commands, before any
 *    argument is inserted, so a value can never become a command.
 * 2. Placeholders are expanded in one pass over each segment; an inserted value is never
 *    expanded again.
 * 3. Every command is held against the policy with the entry's `allowed-tools` granted (a
 *    policy of this render's own, `Policy.withGrants`: no other render, and nobody else who
 *    holds the policy, sees them), then against the validator gate, before the first one
 *    runs: a refusal leaves no side effect. Then they run, at the same time, each output in
 *    its command's place; output is never scanned again.
 * 4. File references are found in the body's text and the inserted arguments, never in
 *    command output, and attached after the text.
 *
 * @module
 */

import { posix } from "../path.ts";
import { workingDirs } from "../permissions/working_dirs.ts";
import { pathContext } from "../permissions/paths.ts";
import type { Policy } from "../permissions/policy.ts";
import type { Verdict } from "../permissions/verdict.ts";
import { parseShell } from "../shell/parse.ts";
import { commandName } from "../shell/unwrap.ts";
import { allowedTools, allowedToolsValue, allowedToolVars } from "../skills/allowed_tools.ts";
import type { Entry } from "../skills/entry.ts";
import type { RunResult } from "../exec/run_command.ts";
import {
  argumentNames,
  expandArguments,
  type ExpansionContext,
  splitArguments,
} from "./arguments.ts";
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
  /**
   * Directories besides the root that `@path` may reach (relative ones under the root, `~`
   * the policy's home), or a function asked on every render; default the policy's.
   */
  extraRoots?: string[] | (() => string[]);
  /** `${CLAUDE_SESSION_ID}`. */
  sessionId?: string;
  /** Claude Code's `disableSkillShellExecution`: no command runs. */
  disableShell?: boolean;
  /** Seconds a command may run: 120 by default. */
  timeout?: number;
  /** Runs a command (and owns the grace between SIGTERM and SIGKILL after a timeout). */
  runner: Runner;
  /** Reads files for attachments. */
  files: FileAttacher;
}

/** What one command did. */
export interface CommandTrace {
  /** The command, placeholders expanded. */
  command: string;
  /**
   * The policy's verdict; `disabled` when shell commands are disabled, `refused` when the
   * validator gate refused it.
   */
  verdict: Verdict | "disabled" | "refused";
  /** Its exit code, when it ran. */
  exitCode?: number;
  /** Why it was decided so, or why it could not run. */
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
  /** Every command of the body, in order, with its verdict. */
  commands: CommandTrace[];
  /** The files and directories attached, in order. */
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
 * The source an entry's `allowed-tools` carry as grants while its commands are checked.
 *
 * @param entry the entry
 * @returns `/name allowed-tools`
 */
export function grantSource(entry: Entry): string {
  return `/${entry.name} allowed-tools`;
}

/**
 * An entry's `allowed-tools` (or `allowed_tools`) as rule texts, invalid ones left out; with
 * the project root, `${CLAUDE_PROJECT_DIR}`, `${CLAUDE_PLUGIN_ROOT}` and (in a skill)
 * `${CLAUDE_SKILL_DIR}` expanded first, as Claude Code does.
 *
 * @param entry an entry, or a plain `allowed-tools` value
 * @param projectDir the project root, for the variables
 * @returns the rule texts
 */
export function allowedToolRules(entry: Entry | unknown, projectDir?: string): string[] {
  if (!isEntry(entry)) return allowedTools(entry).rules;
  const vars = projectDir === undefined ? {} : allowedToolVars(entry, projectDir);
  return allowedTools(allowedToolsValue(entry.frontmatter), vars).rules;
}

function isEntry(v: unknown): v is Entry {
  return typeof v === "object" && v !== null && "frontmatter" in v && "name" in v;
}

/** The verdict of a policy on the bash call of a command; deny without a policy. */
function check(policy: Policy | undefined, command: string): { verdict: Verdict; reason: string } {
  if (policy === undefined) return { verdict: "deny", reason: "No permission policy is set" };
  const d = policy.decide({ tool: "Bash", input: { command } });
  return { verdict: d.verdict, reason: d.reason };
}

/** The name of the command whose exit status a command line returns (its last part). */
function lastCommandName(command: string): string | undefined {
  const top = parseShell(command).commands.filter((c) => c.depth === 0);
  const words = top.at(-1)?.words ?? [];
  const head = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.raw));
  return head === undefined ? undefined : commandName(head);
}

/** A segment of the body, its placeholders expanded. */
type Part = { kind: "text"; text: string } | { kind: "command"; command: string; raw: string };

/**
 * The renderer of `/name ARGUMENTS`: one parse of the body, placeholders expanded once, every
 * command checked (with the entry's `allowed-tools`) before any runs, file references
 * attached. A refusal or a failing command aborts the render: `error` instead of `text`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Renderer } from "./renderer.ts";
 * import { diskAttacher } from "../fs/disk_attacher.ts";
 * import { Policy } from "../permissions/policy.ts";
 * import type { Entry } from "../skills/entry.ts";
 *
 * const policy = new Policy({
 *   sources: [{ label: ".claude/settings.json", scope: "project", deny: ["Bash(rm:*)"] }],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * const ran: string[] = [];
 * const renderer = new Renderer({
 *   root: "/proj",
 *   policy,
 *   runner: (command) => {
 *     ran.push(command);
 *     return Promise.resolve({ exitCode: 0, output: "2 passed" });
 *   },
 *   files: diskAttacher((p) => p),
 * });
 * const entry: Entry = {
 *   name: "test",
 *   kind: "command",
 *   description: "Run the tests",
 *   dir: "/proj/.claude/commands",
 *   file: "/proj/.claude/commands/test.md",
 *   source: ".claude/commands",
 *   frontmatter: { "allowed-tools": "Bash(npm test:*)" },
 *   modelInvocable: true,
 *   userInvocable: true,
 * };
 *
 * const body = "Result: !`npm test $0`\nFix what fails in $0.";
 * const ok = await renderer.render({ entry, body, arguments: "unit" });
 * assert.equal(ok.text, "Result: 2 passed\nFix what fails in unit.");
 *
 * // Every command is checked before the first runs: a refusal leaves no side effect.
 * const refused = await renderer.render({ entry, body: "!`npm test`\n!`rm -rf build`" });
 * assert.equal(refused.text, undefined);
 * assert.equal(
 *   refused.error,
 *   'Shell command permission check failed for pattern "!`rm -rf build`": ' +
 *     "Denied by Bash(rm:*) from .claude/settings.json",
 * );
 * assert.deepEqual(ran, ["npm test unit"]);
 * ```
 */
export class Renderer {
  /** The options the renderer was built with. */
  readonly options: RendererOptions;

  /**
   * Keeps the options; nothing is read or run before {@link Renderer.render}.
   *
   * @param options root, policy, gate, session, shell settings, runner and file access
   */
  constructor(options: RendererOptions) {
    this.options = options;
  }

  /**
   * The verdict of the renderer's policy on the bash call of a command (an entry's grants are
   * not in it: they hold for that entry's render only); deny without a policy.
   *
   * @param command the command
   * @returns the verdict and why
   */
  checkCommand(command: string): { verdict: Verdict; reason: string } {
    return check(this.options.policy, command);
  }

  /**
   * Renders an entry's body (the passes are in the module doc). A skill's text starts with
   * `Base directory for this skill: DIR`; a body without an argument placeholder gets
   * `ARGUMENTS: ...` appended when arguments are given.
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
    let used = false;
    const parts = parseTemplate(body).map((s): Part => {
      const e = expandArguments(s.kind === "text" ? s.text : s.template, ctx);
      used ||= e.used;
      return s.kind === "text"
        ? { kind: "text", text: e.text }
        // The pattern an error names is the command as expanded, as Claude Code names it.
        : {
          kind: "command",
          command: e.text,
          raw: s.raw.startsWith("!`") ? `!\`${e.text}\`` : s.raw,
        };
    });

    // Pass 3: every command checked, then run.
    const commands = parts.filter((p) => p.kind === "command");
    const outputs = await this.#runCommands(commands, entry, result);
    if (outputs === undefined) return result;

    let next = 0;
    const pieces: SourcedPiece[] = parts.map((p) =>
      p.kind === "text"
        ? { text: p.text, fromOutput: false }
        : { text: outputs[next++]!, fromOutput: true }
    );
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
    // The entry's allowed-tools, granted in a policy of this render's own.
    const policy = this.options.policy?.withGrants(
      allowedToolRules(entry, this.options.root),
      grantSource(entry),
    );
    // Every command is checked and traced; the first one refused names the abort.
    for (const c of commands) {
      const v = check(policy, c.command);
      result.commands.push({ command: c.command, verdict: v.verdict, reason: v.reason });
      if (v.verdict !== "allow") {
        result.error ??=
          `Shell command permission check failed for pattern "${c.raw}": ${v.reason}`;
      }
    }
    if (result.error !== undefined) return undefined;
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
      // The command is parsed for its last command's name only when that can matter.
      const fine = run.exitCode === 0 ||
        (run.exitCode === 1 && EXIT_ONE_COMMANDS.has(lastCommandName(c.command) ?? ""));
      // Claude Code's wording: the output (both streams) after a "[stderr]" line.
      const shown = run.output === "" ? "" : `[stderr]\n${run.output}`;
      if (!fine) result.error ??= `Shell command failed for pattern "${c.raw}": ${shown}`;
      outputs.push(run.output);
    }
    return result.error === undefined ? outputs : undefined;
  }

  async #attach(pieces: SourcedPiece[], result: RenderResult): Promise<string[]> {
    const { root, files, policy } = this.options;
    const resolve = (p: string) => posix.resolve(root, p);
    // One `kind` per path: the finder's existence test and the attaching share it.
    const kinds = new Map<string, "file" | "directory" | undefined>();
    const kindOf = (abs: string) => {
      if (!kinds.has(abs)) kinds.set(abs, files.kind(abs));
      return kinds.get(abs);
    };
    const refs = findFileRefs(pieces, (p) => kindOf(resolve(p)) !== undefined);
    if (refs.length === 0) return [];
    const extra = typeof this.options.extraRoots === "function"
      ? this.options.extraRoots()
      : this.options.extraRoots ?? policy?.additionalDirectories ?? [];
    // The policy's own test of "inside a working directory" (the path and its real form), on
    // the renderer's root; without a policy `~` has no home and stands for the root.
    const ctx = pathContext({ root, home: policy?.ctx.home ?? root, realPath: files.realPath });
    const dirs = workingDirs(ctx, extra);
    const out: string[] = [];
    for (const ref of refs) {
      const abs = resolve(ref);
      const kind = kindOf(abs);
      if (kind === undefined || !dirs.contains(abs) || policy?.hidesRead(abs) !== undefined) {
        continue;
      }
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
