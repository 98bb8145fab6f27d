/**
 * `skald lint`: for CI. Names file and reason for every broken frontmatter, unreadable skill
 * file, shadowed name, invalid permission rule in any settings source, deny or ask rule that
 * cannot catch a common spelling of what it names (with the rule to write instead), settings
 * file that cannot be read, and invalid `allowed-tools` entry; exits non-zero when it found
 * any.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { adviceText, ruleAdvice } from "../permissions/rule_advice.ts";
import { allowedTools, allowedToolsValue } from "../skills/allowed_tools.ts";
import {
  type CatalogueCliOptions,
  loadCatalogue,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import { projectPolicy } from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/** One lint finding. */
export interface Finding {
  file: string;
  kind: "settings" | "rule" | "weak-rule" | "skill" | "shadowed" | "allowed-tools";
  reason: string;
}

/**
 * Registers `lint`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerLint(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("lint")
    .description("check skills, commands and settings for CI; exit 4 when anything is wrong")
    .addHelpText(
      "after",
      `
Examples:
  skald lint
  skald lint --json`,
    );
  withCatalogueOptions(cmd).action(async (opts: CatalogueCliOptions) => {
    const { catalogue, problems, pluginProblems, project } = await loadCatalogue(opts, io);
    const policy = projectPolicy(project, io);
    const findings: Finding[] = [
      ...problems.map((p): Finding => ({ file: p.file, kind: "settings", reason: p.message })),
      ...policy.rules.filter((r) => !r.isValid).map((r): Finding => ({
        file: r.source,
        kind: "rule",
        reason: `${r.kind}: ${r.error}`,
      })),
      ...policy.rules.flatMap((r): Finding[] => {
        const advice = ruleAdvice(r);
        return advice === undefined
          ? []
          : [{ file: r.source, kind: "weak-rule", reason: adviceText(r, advice) }];
      }),
      ...[...pluginProblems, ...catalogue.problems()].map((p): Finding => ({
        file: p.file,
        kind: "skill",
        reason: p.reason,
      })),
      ...catalogue.shadowed().map((s): Finding => ({
        file: s.file,
        kind: "shadowed",
        reason: `/${s.name} from ${s.source} is shadowed by the one from ${s.by}`,
      })),
    ];
    for (const e of catalogue.skills()) {
      for (const bad of allowedTools(allowedToolsValue(e.frontmatter)).invalid) {
        findings.push({
          file: e.file,
          kind: "allowed-tools",
          reason: `allowed-tools: ${bad.error}`,
        });
      }
    }
    if (opts.json) io.out(JSON.stringify({ findings }) + "\n");
    else if (findings.length > 0) {
      io.out(findings.map((f) => `${f.file}: ${f.reason}`).join("\n") + "\n");
    }
    done(findings.length > 0 ? "findings" : "ok");
  });
}
