/**
 * A shell command no deny or ask rule stopped, decided part by part: a bare allow rule covers
 * it all; else, unless it is opaque, each top-level part must be covered by an allow rule as
 * written (the whole command by an exact one), or get the default (`defaults.ts`). A prefix
 * rule does not cover a part that escapes it (`prefix_escapes.ts`, `inline_cover.ts`) or that
 * writes outside the working directories. The command's verdict is the strictest of its
 * parts'. Pure.
 *
 * @module
 */

import { partDefault, type PartDefaults } from "./defaults.ts";
import type { CallFacts } from "./facts.ts";
import type { RuleSet } from "./grants.ts";
import { inlineEscape } from "./inline_cover.ts";
import { type PathContext, resolvePath } from "./paths.ts";
import { escapesPrefixRule } from "./prefix_escapes.ts";
import { lastWord, type ModeInForce, ruled, unruled } from "./reasons.ts";
import type { ShellTool } from "./rule_index.ts";
import { type Decision, type PartDecision, strictest } from "./verdict.ts";
import { writeTargets } from "./effects/write_targets.ts";
import type { SimpleCommand } from "../shell/parse.ts";

/** What a shell decision asks of the policy: its rules, its mode, its working directories. */
export interface ShellDecider extends PartDefaults, ModeInForce {
  /** The rules, grants included. */
  readonly rules: RuleSet;
}

/**
 * Decides a shell command part by part (the module doc says how).
 *
 * @param facts the call's facts (with its command)
 * @param tool the shell tool the rules are of
 * @param ctx where the command runs
 * @param d the policy's rules, mode and working directories
 * @returns the decision, with each top-level part's
 */
export function decideShell(
  facts: CallFacts,
  tool: ShellTool,
  ctx: PathContext,
  d: ShellDecider,
): Decision {
  const command = facts.command!;
  const bare = d.rules.bareShell(tool);
  if (bare !== undefined) return ruled("allow", bare, facts);
  if (command.opaque) {
    // Plan mode runs read-only commands only: one that cannot be read is not one.
    if (d.mode === "plan") {
      return unruled(
        "deny",
        `Mode plan runs read-only commands only, and this one cannot be checked before it runs ` +
          `(${command.reasons.join("; ")})`,
        "mode",
      );
    }
    // A command skald's reading found hidden (`sed 's/x/cmd/e'`: the text it makes runs) is a
    // guard of skald's, passed on by the hook: Claude Code runs it under `Bash(sed:*)`
    // (observed). Other opaque commands are the default's ask, as Claude Code's own.
    return unruled(
      "ask",
      `The command cannot be checked before it runs (${command.reasons.join("; ")})`,
      command.view.hidden.length > 0 ? "guard" : "default",
    );
  }
  const whole = d.rules.wholeCommand(command.command, tool);
  if (whole !== undefined && command.topLevel.length > 1) return ruled("allow", whole, facts);
  const parts: PartDecision[] = command.topLevel.map((part) => decidePart(part, tool, ctx, d));
  if (parts.length === 0) return unruled("allow", "An empty command runs nothing", "default");
  const verdict = parts.map((p) => p.verdict).reduce(strictest);
  // The part that gives the verdict: of the parts that share it, one skald itself refuses
  // (the mode, a guard) before one no rule speaks for, so that the hook passes it on.
  const sharing = parts.filter((p) => p.verdict === verdict);
  const decisive = sharing.find((p) => p.basis !== "default") ?? sharing[0]!;
  const reason = verdict === "allow"
    ? parts.length === 1 ? decisive.reason : "Every part is allowed"
    : parts.length === 1
    ? decisive.reason
    : `The part "${decisive.part}" is not allowed: ${decisive.reason}`;
  return {
    verdict,
    rule: decisive.rule,
    source: decisive.source,
    reason,
    basis: verdict === "allow" && parts.some((p) => p.basis === "rule") ? "rule" : decisive.basis,
    parts,
  };
}

function decidePart(
  part: SimpleCommand,
  tool: ShellTool,
  ctx: PathContext,
  d: ShellDecider,
): PartDecision {
  const rule = d.rules.covering(part, tool);
  const escape = rule !== undefined && rule.parsed?.family === "bash" &&
      rule.parsed.bash.kind !== "exact"
    ? escapesPrefixRule(part.words.map((w) => w.value)) ??
      inlineEscape(rule.parsed.bash, part.words)
    : undefined;
  const outside = rule === undefined || escape !== undefined
    ? undefined
    : writesOutside(part, ctx, d);
  if (rule !== undefined && escape === undefined && outside === undefined) {
    return {
      part: part.text,
      verdict: "allow",
      rule: rule.text,
      source: rule.source,
      reason: `Allowed by ${rule.text} from ${rule.source}`,
      basis: "rule",
    };
  }
  const decided = lastWord(
    escape !== undefined ? unruled("ask", escape, "guard") : outside !== undefined
      ? unruled(
        "ask",
        `"${part.text}" writes ${outside}, outside the working directories: ` +
          `${rule!.text} does not cover writing there`,
        "guard",
      )
      : partDefault(part, ctx, d),
    d,
  );
  return {
    part: part.text,
    verdict: decided.verdict,
    rule: null,
    source: null,
    reason: decided.reason,
    basis: decided.basis,
  };
}

/**
 * What a part an allow rule covers writes outside the working directories (`sort -o ../x`,
 * as Claude Code asks for it under `Bash(sort:*)`), or undefined.
 */
function writesOutside(
  part: SimpleCommand,
  ctx: PathContext,
  d: ShellDecider,
): string | undefined {
  let i = 0;
  while (i < part.words.length && part.words[i]!.assignment) i++;
  const w = writeTargets(part.words.slice(i).map((x) => x.dynamic ? null : x.value));
  for (const p of [...w.paths, ...w.trees]) {
    if (p === null) return "a file only known when it runs";
    if (!d.workingDirs.contains(resolvePath(p, ctx))) return p;
  }
  return undefined;
}
