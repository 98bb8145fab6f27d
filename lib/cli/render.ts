/**
 * `skald render '/name ARGUMENTS'`: the text a model should receive for a slash command, every
 * shell command first held against the policy.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { MAX_OUTPUT, runCommand } from "../exec/run_command.ts";
import { diskAttacher } from "../fs/disk_attacher.ts";
import { Renderer, type RenderResult } from "../render/renderer.ts";
import {
  type CatalogueCliOptions,
  loadCatalogue,
  notFound,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import { fail, projectPolicy, reportProblems } from "./common.ts";
import type { Io, Outcome } from "./io.ts";

interface RenderOptions extends CatalogueCliOptions {
  shell: boolean;
  attach: boolean;
  sessionId?: string;
  timeout?: string;
}

/** Claude Code's answer to `/name` for a skill only the model may invoke. */
function modelOnlyText(name: string): string {
  return `This skill can only be invoked by Claude, not directly by users. Ask Claude to use the "${name}" skill for you.`;
}

/** Claude Code's answer to `/name` for an entry `skillOverrides` turns off (2.1.332). */
function overrideOffText(name: string): string {
  return `Skill "${name}" is disabled via skillOverrides. Remove the override from your ` +
    "settings to run it. If your organization set it, only an admin can remove it.";
}

/**
 * A render result as JSON, with the spec's keys.
 *
 * @param r the result
 * @returns the JSON object
 */
function renderJson(r: RenderResult): Record<string, unknown> {
  return {
    ...(r.error === undefined ? { text: r.text } : { error: r.error }),
    arguments: r.arguments,
    commands: r.commands.map((c) => ({
      command: c.command,
      verdict: c.verdict,
      ...(c.exitCode === undefined ? {} : { exit_code: c.exitCode }),
      ...(c.reason === undefined ? {} : { reason: c.reason }),
    })),
    files_read: r.filesRead.map((f) => ({
      path: f.path,
      kind: f.kind,
      ...(f.partial ? { partial: true } : f.bytes === undefined ? {} : { bytes: f.bytes.length }),
    })),
  };
}

/**
 * Registers `render`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerRender(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("render")
    .description("render a slash command: the text a model receives for '/name ARGUMENTS'")
    .argument("<invocation>", "the slash command and its arguments, e.g. '/review src/app.ts'")
    .option("--no-shell", "replace every !`cmd` by the disabled text; check and run nothing")
    .option("--no-attach", "do not attach @file references")
    .option("--session-id <id>", "the session id for ${CLAUDE_SESSION_ID}")
    .option("--timeout <seconds>", "seconds a command may run (default 120)")
    .addHelpText(
      "after",
      `
Examples:
  skald render '/review src/app.ts "be strict"'
  skald render --json --no-shell /deploy staging

An abort (a refused or failing command) prints the error on stderr and exits 1.`,
    );
  withCatalogueOptions(cmd).action(async (invocation: string, opts: RenderOptions) => {
    done(await render(invocation, opts, io));
  });
}

async function render(invocation: string, opts: RenderOptions, io: Io): Promise<Outcome> {
  const m = /^\s*\/(\S+)(?:\s+([\s\S]*))?$/.exec(invocation);
  if (m === null) return fail(io, `Expected "/name ARGUMENTS", got ${JSON.stringify(invocation)}`);
  const [, name, rest] = m;
  const timeout = opts.timeout === undefined ? 120 : Number(opts.timeout);
  if (!(timeout > 0)) {
    return fail(io, `--timeout must be a number of seconds, got "${opts.timeout}"`);
  }
  const { catalogue, problems, pluginProblems, project } = await loadCatalogue(opts, io);
  const policy = projectPolicy(project, io);
  reportProblems(io, problems);
  for (const p of pluginProblems) io.err(`skald: ${p.file}: ${p.reason}\n`);
  const entry = catalogue.find(name!);
  if (entry === undefined) {
    return fail(io, notFound(catalogue, name!, "Unknown skill or command", true));
  }
  if (entry.override === "off") return fail(io, overrideOffText(entry.name));
  if (!entry.userInvocable) return fail(io, modelOnlyText(entry.name));
  const body = catalogue.body(entry.name);
  if (body === undefined) return fail(io, `Cannot read ${entry.file}`);
  const renderer = new Renderer({
    root: project.root,
    policy,
    sessionId: opts.sessionId,
    disableShell: !opts.shell || project.settings.disableSkillShellExecution,
    timeout,
    runner: (command, cwd, seconds) =>
      runCommand(command, {
        cwd,
        timeoutSeconds: seconds,
        killGraceSeconds: 2,
        maxOutput: MAX_OUTPUT,
      }),
    files: diskAttacher(policy.ctx.realPath),
  });
  const result = await renderer.render({
    entry,
    body,
    arguments: (rest ?? "").trim(),
    attachFiles: opts.attach,
  });
  if (opts.json) io.out(JSON.stringify(renderJson(result)) + "\n");
  else if (result.error === undefined) {
    io.out(result.text + (result.text!.endsWith("\n") ? "" : "\n"));
  }
  if (result.error !== undefined) return opts.json ? "error" : fail(io, result.error);
  return "ok";
}
