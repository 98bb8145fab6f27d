/**
 * Advice for `skald lint` on a deny or ask Bash rule that still cannot catch a common spelling
 * of what it names, with the rule to write instead: an exact rule (`Bash(git push --force)`
 * misses `git push --force origin main`), a glob whose `*` stands before its option words
 * (`Bash(git push * --force)` misses `git push --force origin`) or is glued to the last of them
 * (`Bash(git push --force*)` misses `git push origin --force`). A prefix rule and the
 * space-star form (`Bash(rm -rf *)`) are read the way the program reads the command, so they
 * get no advice. Pure.
 *
 * @module
 */

import type { Rule } from "../rule.ts";
import { shellName } from "../../shell/wrappers.ts";

/** One piece of advice: what slips past the rule, and the rule to write instead. */
export interface RuleAdvice {
  /** The rule as written. */
  rule: string;
  /** A command the rule does not catch although it does what the rule names. */
  slips: string;
  /** The rule to write instead. */
  instead: string;
}

/**
 * The advice for one rule, or undefined when it catches the common spellings.
 *
 * @param rule a rule of any kind
 * @returns the advice for a deny or ask Bash (or Monitor) rule that needs it
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRule } from "../rule.ts";
 * import { ruleAdvice } from "./rule_advice.ts";
 *
 * const advice = ruleAdvice(parseRule("Bash(git push --force)", "project", "deny"));
 * assert.equal(advice?.instead, "Bash(git push --force:*)");
 * assert.equal(ruleAdvice(parseRule("Bash(git push --force:*)", "project", "deny")), undefined);
 * ```
 */
export function ruleAdvice(rule: Rule): RuleAdvice | undefined {
  const parsed = rule.parsed;
  if (rule.kind === "allow" || !rule.isValid || parsed?.family !== "bash") return undefined;
  const tool = rule.text.slice(0, rule.text.indexOf("("));
  const p = parsed.bash;
  const advice = (slips: string, words: string): RuleAdvice => ({
    rule: rule.text,
    slips,
    instead: `${tool}(${words}:*)`,
  });
  switch (p.kind) {
    case "prefix":
      return undefined;
    case "exact": {
      const words = p.words;
      if (words === undefined || words.length === 0) return undefined;
      // A shell alone is the guard of a pipe into a shell (`curl ... | sh`): it is meant to leave
      // `sh script.sh` alone.
      if (words.length === 1 && shellName(words[0]!)) return undefined;
      return advice(`${p.text} x`, p.text);
    }
    case "glob": {
      if (p.prefixWords !== undefined) return undefined;
      // `git push * --force`: plain words, one `*`, then option words.
      const inner = /^([^*]+?) \* ((?:-[^\s*]+ ?)+)$/.exec(p.text);
      if (inner !== null) {
        const [, head, options] = inner as unknown as [string, string, string];
        return advice(`${head} ${options.trim()} x`, `${head} ${options.trim()}`);
      }
      // `git push --force*`: the star glued to the last word, an option.
      const glued = /^([^*]+ -[^\s*]+)\*$/.exec(p.text);
      if (glued !== null) {
        const words = glued[1]!.split(" ");
        const last = words.pop()!;
        return advice(`${words.join(" ")} x ${last}`, glued[1]!);
      }
      return undefined;
    }
    default: {
      const never: never = p;
      throw new Error(`unknown Bash pattern ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The advice as one sentence, for `skald lint`.
 *
 * @param rule the rule's kind
 * @param advice the advice
 * @returns the sentence
 */
export function adviceText(rule: Rule, advice: RuleAdvice): string {
  return `${rule.kind} ${advice.rule} cannot catch "${advice.slips}": write ${advice.instead}`;
}
