/**
 * The wording of decisions: a rule's verdict (`Denied by Bash(rm:*) from .claude/settings.json
 * (matches "rm -rf /" inside sudo)`), a verdict no rule gave (a guard's, the mode's, the
 * default's), a call that cannot be read, and dontAsk's last word, which turns an ask into a
 * deny and says so. Pure.
 *
 * @module
 */

import { matchedText } from "./bash_pattern.ts";
import type { CallFacts } from "./facts.ts";
import type { Mode } from "./modes.ts";
import type { Rule, RuleKind } from "./rule.ts";
import type { Basis, Decision, Verdict } from "./verdict.ts";

/** The mode in force and the source that set it (null: the default). */
export interface ModeInForce {
  /** The mode decided under. */
  readonly mode: Mode;
  /** Its name as written (`manual`, `auto`, a name skald does not know: decided as default). */
  readonly modeName: string;
  /** Its source; null for the default. */
  readonly modeSource: string | null;
}

/**
 * A call that cannot be read: denied, with `error: true`.
 *
 * @param reason why
 * @returns the decision
 */
export function refuse(reason: string): Decision {
  return { verdict: "deny", rule: null, source: null, reason, basis: "input", error: true };
}

/**
 * A verdict no rule gave: a guard's, the mode's or the default's.
 *
 * @param verdict the verdict
 * @param reason why
 * @param basis what gave it
 * @returns the decision
 */
export function unruled(verdict: Verdict, reason: string, basis: Basis): Decision {
  return { verdict, rule: null, source: null, reason, basis };
}

const VERB: Readonly<Record<RuleKind, string>> = {
  allow: "Allowed",
  ask: "Needs approval",
  deny: "Denied",
};

/**
 * A rule's verdict, naming the rule and its source; a deny or ask Bash rule also says what it
 * matched (or that a part it cannot see lets any Bash rule apply).
 *
 * @param kind the rule's kind, which is the verdict
 * @param rule the rule
 * @param facts the call's facts
 * @returns the decision
 */
export function ruled(kind: RuleKind, rule: Rule, facts: CallFacts): Decision {
  let reason = `${VERB[kind]} by ${rule.text} from ${rule.source}`;
  const command = facts.command;
  const hidden = command?.view.hidden[0];
  if (kind !== "allow" && hidden !== undefined && rule.parsed?.family === "bash") {
    reason += ` (${hidden.reason}, so any Bash rule may apply)`;
  } else if (kind !== "allow" && command !== undefined && rule.parsed?.family === "bash") {
    const text = matchedText(
      rule.parsed.bash,
      command.view.candidates,
      command.topLevel.length > 1,
    );
    if (text !== undefined) reason += ` (${text})`;
  }
  return { verdict: kind, rule: rule.text, source: rule.source, reason, basis: "rule" };
}

/**
 * The mode, named with its source: `Mode dontAsk (from .claude/settings.json)`.
 *
 * @param m the mode in force
 * @returns the words
 */
export function modeReason(m: ModeInForce): string {
  const from = m.modeSource ? ` (from ${m.modeSource})` : "";
  if (m.modeName === m.mode) return `Mode ${m.mode}${from}`;
  const why = m.modeName === "manual"
    ? "manual"
    : m.modeName === "auto"
    ? "auto, decided as default: skald has no classifier"
    : `${JSON.stringify(m.modeName)}, a mode skald does not know, decided as default`;
  return `Mode ${m.mode} (${why})${from}`;
}

/**
 * dontAsk's last word on any verdict: what would ask is denied, by the mode.
 *
 * @param d the decision
 * @param m the mode in force
 * @returns the decision, an ask made a deny under dontAsk
 */
export function lastWord(d: Decision, m: ModeInForce): Decision {
  if (d.verdict !== "ask" || m.mode !== "dontAsk") return d;
  return {
    ...d,
    verdict: "deny",
    reason: `${d.reason}; ${modeReason(m)} denies instead of asking`,
    basis: d.basis === "default" ? "mode" : d.basis,
  };
}
