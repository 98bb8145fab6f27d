/**
 * `skald lint`: for CI. Names file and reason for every broken frontmatter, unreadable skill
 * file, plugin Claude Code would not load, shadowed name, invalid permission rule in any
 * settings source, deny or ask rule that cannot catch a common spelling of what it names (with
 * the rule to write instead), settings file that cannot be read, and invalid `allowed-tools`
 * entry (exit 4 when it found any); and, as warnings that do not fail, descriptions the
 * listing's budget drops, rules on tools skald or Claude Code does not know, manifest keys
 * Claude Code ignores.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { Command } from "../deps/cli.ts";
import { CLAUDE_CODE_TOOLS_VERSION, isClaudeCodeTool } from "../permissions/claude_code_tools.ts";
import { adviceText, ruleAdvice } from "../permissions/reading/rule_advice.ts";
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
  kind: "settings" | "rule" | "weak-rule" | "skill" | "shadowed" | "allowed-tools" | "listing";
  /** `error` makes lint fail (exit 4); a `warning` is reported only. */
  level: "error" | "warning";
  reason: string;
}

/** The tool name of a rule text (`Frob` of `Frob(x)`). */
const toolOf = (text: string) => text.trim().split("(")[0]!.trim();

/**
 * A rule skald cannot parse, as lint reports it: naming a tool that Claude Code has but skald
 * does not decide is no finding in `allowed-tools` (it grants nothing to a shell command) and a
 * warning in settings; a name Claude Code does not know either is a warning (Claude Code takes
 * it without a word; it matches no tool); anything else is an error.
 */
function ruleFinding(text: string, error: string, where: "settings" | "allowed-tools") {
  const tool = toolOf(text);
  if (!error.endsWith(`unknown tool "${tool}"`)) return { level: "error" as const, reason: error };
  if (isClaudeCodeTool(tool)) {
    return where === "allowed-tools" ? undefined : {
      level: "warning" as const,
      reason: `"${text}": skald does not decide calls of ${tool} (a tool of Claude Code ` +
        `${CLAUDE_CODE_TOOLS_VERSION}), so the rule never matches here`,
    };
  }
  return {
    level: "warning" as const,
    reason: `"${text}": Claude Code ${CLAUDE_CODE_TOOLS_VERSION} has no tool "${tool}"; it ` +
      "accepts the rule, which matches nothing",
  };
}

/** The two files of a shadowing, relative to the folder they share. */
function pair(file: string, byFile: string): [string, string] {
  let common = posix.dirname(file);
  while (common !== "/" && !byFile.startsWith(common + "/")) common = posix.dirname(common);
  return [posix.relative(common, file), posix.relative(common, byFile)];
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
Warnings (a description the listing's budget drops, a rule on a tool skald or Claude Code does
not know, a manifest key Claude Code ignores) are printed but do not fail.

Examples:
  skald lint
  skald lint --json`,
    );
  withCatalogueOptions(cmd).action(async (opts: CatalogueCliOptions) => {
    const { catalogue, problems, pluginProblems, project, listing } = await loadCatalogue(
      opts,
      io,
    );
    const policy = projectPolicy(project, io);
    const findings: Finding[] = [
      ...problems.map((p): Finding => ({
        file: p.file,
        kind: "settings",
        level: "error",
        reason: p.message,
      })),
      ...policy.rules.filter((r) => !r.isValid).flatMap((r): Finding[] => {
        const f = ruleFinding(r.text, r.error!, "settings");
        return f === undefined
          ? []
          : [{ file: r.source, kind: "rule", level: f.level, reason: `${r.kind}: ${f.reason}` }];
      }),
      ...policy.rules.flatMap((r): Finding[] => {
        const advice = ruleAdvice(r);
        return advice === undefined ? [] : [{
          file: r.source,
          kind: "weak-rule",
          level: "warning",
          reason: adviceText(r, advice),
        }];
      }),
      ...[...pluginProblems, ...catalogue.problems()].map((p): Finding => ({
        file: p.file,
        kind: "skill",
        level: p.level ?? "error",
        reason: p.reason,
      })),
      ...catalogue.shadowed().map((s): Finding => {
        const [lost, won] = pair(s.file, s.byFile);
        return {
          file: s.file,
          kind: "shadowed",
          level: "error",
          reason: `/${s.name} from ${s.source} (${lost}) is shadowed by the one from ${s.by} ` +
            `(${won})`,
        };
      }),
    ];
    for (const e of catalogue.skills()) {
      for (const bad of allowedTools(allowedToolsValue(e.frontmatter)).invalid) {
        const f = ruleFinding(bad.text, bad.error, "allowed-tools");
        if (f === undefined) continue;
        findings.push({
          file: e.file,
          kind: "allowed-tools",
          level: f.level,
          reason: `allowed-tools: ${f.reason}`,
        });
      }
    }
    const listed = catalogue.listing(listing);
    for (const l of listed.lines.filter((l) => l.shortened)) {
      findings.push({
        file: l.entry.file,
        kind: "listing",
        level: "warning",
        reason: `/${l.entry.name}: its description is left out of the model's listing, which ` +
          `is over its budget (${listed.total} of ${listed.budget} columns, Claude Code's own ` +
          "entries counted)",
      });
    }
    if (opts.json) io.out(JSON.stringify({ findings }) + "\n");
    else if (findings.length > 0) {
      io.out(
        findings.map((f) => `${f.file}: ${f.level === "warning" ? "warning: " : ""}${f.reason}`)
          .join("\n") + "\n",
      );
    }
    done(findings.some((f) => f.level === "error") ? "findings" : "ok");
  });
}
