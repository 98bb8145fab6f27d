/**
 * `skald rules`: every rule of every source with its kind, family and error (an invalid rule
 * is shown, not hidden), the mode and the working directories.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { asHash, type RuleHash } from "../permissions/rule.ts";
import {
  type CommonOptions,
  loadPolicy,
  modeText,
  reportProblems,
  unreadSettings,
  withCommonOptions,
} from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/** One rule as `rules --json` prints it. */
export interface RuleJson extends RuleHash {
  family: string | null;
}

/**
 * Registers `rules`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerRules(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("rules")
    .description("list every permission rule of every source, invalid ones with their error")
    .addHelpText(
      "after",
      `
Examples:
  skald rules
  skald rules --json --settings ci-settings.json`,
    );
  withCommonOptions(cmd).action(async (opts: CommonOptions) => {
    // A diagnostic: every readable source is shown, a broken one named (exit 1 then).
    const { policy, problems } = await loadPolicy(opts, io, { diagnostic: true });
    const rules: RuleJson[] = policy.rules.map((r) => ({ ...asHash(r), family: r.family ?? null }));
    if (opts.json) {
      io.out(
        JSON.stringify({
          rules,
          mode: policy.mode,
          modeSource: policy.modeSource,
          additionalDirectories: policy.additionalDirectories,
          problems,
        }) + "\n",
      );
    } else {
      reportProblems(io, problems);
      const lines = rules.map((r) =>
        `${r.kind.padEnd(5)}  ${(r.family ?? "invalid").padEnd(7)}  ${r.rule}  (${r.source})` +
        (r.error ? `\n        ${r.error}` : "")
      );
      lines.push(`mode: ${modeText(policy)}`);
      for (const d of policy.additionalDirectories) lines.push(`additional directory: ${d}`);
      io.out(lines.join("\n") + "\n");
    }
    done(unreadSettings(problems) === undefined ? "ok" : "error");
  });
}
