/**
 * The renderer of a skill's or command's body for `/name` (the spec's `SlashCommand`).
 *
 * The passes, in this order, over one parse of the body (3 is `shell_pass.ts`, 4
 * `attach_pass.ts`):
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

import type { Policy } from "../permissions/policy.ts";
import type { Verdict } from "../permissions/verdict.ts";
import type { Entry } from "../skills/entry.ts";
import {
  argumentNames,
  expandArguments,
  type ExpansionContext,
  splitArguments,
} from "./arguments.ts";
import type { FileAttacher, FileRead } from "./attachments.ts";
import type { SourcedPiece } from "./file_refs.ts";
import { parseTemplate } from "./template.ts";
import { check, type CommandTrace, runCommandPass, type Runner } from "./shell_pass.ts";
import { attachPass } from "./attach_pass.ts";
import { type ReadState, recordRead } from "../tools/read_state.ts";

export {
  type CommandTrace,
  DISABLED_TEXT,
  EXIT_ONE_COMMANDS,
  grantSource,
  type Runner,
} from "./shell_pass.ts";
export { allowedToolRules } from "../skills/allowed_tools.ts";

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
  /**
   * Claude Code's `disableSkillShellExecution`: no command runs. By default the policy's (true
   * when one of its sources sets it), as `skald render` does.
   */
  disableShell?: boolean;
  /** Seconds a command may run: 120 by default. */
  timeout?: number;
  /** Runs a command (and owns the grace between SIGTERM and SIGKILL after a timeout). */
  runner: Runner;
  /** Reads files for attachments. */
  files: FileAttacher;
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
    /** Attach `@file` references (default true, as `skald render`). */
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
    const outputs = await runCommandPass(commands, entry, result, this.options);
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
    if (input.attachFiles ?? true) {
      const attachments = await attachPass(pieces, result, this.options);
      if (attachments.length > 0) {
        text += (text.endsWith("\n") ? "\n" : "\n\n") + attachments.join("\n");
      }
    }
    if (entry.kind !== "command") text = `Base directory for this skill: ${entry.dir}\n\n${text}`;
    result.text = text;
    return result;
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
