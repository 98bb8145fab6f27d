/**
 * `skald explain TOOL SUBJECT`: every rule that was considered, which matched what, and why the
 * verdict is what it is.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { explain } from "../permissions/explain.ts";
import { decisionJson } from "./check.ts";
import {
  callCwd,
  callInput,
  type CallOptions,
  fail,
  loadPolicy,
  modeText,
  reportProblems,
  unreadSettings,
  verdictHead,
  withCallOptions,
  withCommonOptions,
} from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `explain`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerExplain(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = withCallOptions(
    program.command("explain")
      .description("explain a decision: every rule considered, what each matched, and the verdict")
      .argument("<tool>", "the tool (Claude Code's or the engine's name)")
      .argument("[subject]", "the command, path, URL or name"),
  )
    .addHelpText(
      "after",
      `
Examples:
  skald explain Bash 'sudo rm -rf /'
  skald explain --json Read src/../secrets/key

Exit codes as for check: 0 allow, 3 ask, 2 deny, 1 error.`,
    );
  withCommonOptions(cmd).action(
    async (tool: string, subject: string | undefined, opts: CallOptions) => {
      const made = callInput(tool, subject, opts);
      if ("error" in made) return done(fail(io, made.error));
      const { input } = made;
      // A diagnostic: the readable sources explain the call; a broken one is named, and the
      // run ends in an error (the hook and check block every call until it is fixed).
      const { policy, problems } = await loadPolicy(opts, io, {
        mode: opts.mode,
        addDirs: opts.addDir,
        diagnostic: true,
      });
      reportProblems(io, problems);
      const unread = unreadSettings(problems);
      if (unread !== undefined) {
        io.err(
          `skald: explained with the other sources; the hook and check block every call until ` +
            `this is fixed: ${unread}\n`,
        );
      }
      const e = explain(policy, { tool, input, cwd: callCwd(opts, io) });
      if (e.decision.error) return done(fail(io, e.decision.reason));
      if (opts.json) {
        io.out(JSON.stringify({ ...decisionJson(e.decision), considered: e.rules }) + "\n");
      } else {
        const d = e.decision;
        const lines = [
          `verdict: ${verdictHead(d)}`,
          `reason:  ${d.reason}`,
          `mode:    ${modeText(policy)}`,
        ];
        if ((d.commandParts ?? []).length > 0) {
          lines.push("parts:");
          for (const p of d.parts ?? []) {
            lines.push(`  ${p.verdict.padEnd(5)}  ${p.part}  ${p.reason}`);
          }
          if (d.parts === undefined) { for (const p of d.commandParts ?? []) lines.push(`  ${p}`); }
        }
        lines.push(e.rules.length === 0 ? "rules considered: none" : "rules considered:");
        for (const r of e.rules) {
          lines.push(
            `  ${r.matches ? "*" : " "} ${r.kind.padEnd(5)}  ${r.rule}  (${r.source}): ${r.detail}`,
          );
          if (r.readings) {
            lines.push(`             read as the program reads it: ${r.readings.join("; ")}`);
          }
        }
        io.out(lines.join("\n") + "\n");
      }
      done(unread === undefined ? e.decision.verdict : "error");
    },
  );
}
