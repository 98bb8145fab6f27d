/**
 * The rules a policy decides with: its sources' rules, indexed once, and the grants laid over
 * them (a command's `allowed-tools`, while its render checks its commands). A `RuleSet` is a
 * value: {@link RuleSet.withGrants} returns a new set that shares the sources' indexes and adds
 * the grants, and changes nothing that another caller holds, so that two renders at once never
 * see each other's grants. Every lookup asks the sources' rules first, then the grants' (a
 * grant counts after every source's rule of its kind). Pure.
 *
 * @module
 */

import type { CallFacts } from "./facts.ts";
import type { PathContext } from "./paths.ts";
import { bashPathRule, type PathRuleHit } from "./bash_paths.ts";
import type { ShellEffects } from "./effects/shell_effects.ts";
import type { Rule, RuleKind } from "./rule.ts";
import { RuleIndex, type ShellTool } from "./rule_index.ts";
import type { SimpleCommand } from "../shell/parse.ts";

/** One index of rules per kind. */
export type RuleIndexes = Readonly<Record<RuleKind, RuleIndex>>;

/**
 * Indexes rules by kind, each index in the rules' order.
 *
 * @param rules the rules
 * @returns the indexes
 */
export function indexRules(rules: readonly Rule[]): RuleIndexes {
  return {
    allow: new RuleIndex(rules.filter((r) => r.kind === "allow")),
    ask: new RuleIndex(rules.filter((r) => r.kind === "ask")),
    deny: new RuleIndex(rules.filter((r) => r.kind === "deny")),
  };
}

/** The indexes of no grants, made on first use. */
let noGrants: RuleIndexes | undefined;

/** The sources' rules and the grants over them, each lookup in that order. */
export class RuleSet {
  /** The grants, in the order they were given. */
  readonly grants: readonly Rule[];
  readonly #sources: RuleIndexes;
  readonly #granted: RuleIndexes;

  /**
   * A set of the sources' indexed rules and grants over them.
   *
   * @param sources the sources' rules, indexed ({@link indexRules})
   * @param grants rules laid over them, none by default
   */
  constructor(sources: RuleIndexes, grants: readonly Rule[] = []) {
    this.#sources = sources;
    this.grants = grants;
    this.#granted = grants.length === 0 ? (noGrants ??= indexRules([])) : indexRules(grants);
  }

  /**
   * This set with more grants after the ones it has: a new set; this one is unchanged.
   *
   * @param grants the parsed rules to grant
   * @returns the new set, sharing this one's source indexes
   */
  withGrants(grants: readonly Rule[]): RuleSet {
    return new RuleSet(this.#sources, [...this.grants, ...grants]);
  }

  /** The earliest rule of a kind that applies to the call. */
  first(kind: RuleKind, facts: CallFacts, ctx: PathContext): Rule | undefined {
    return this.#sources[kind].first(facts, ctx) ?? this.#granted[kind].first(facts, ctx);
  }

  /** The earliest path rule of a kind for the call's paths, held as if `tool` made the call. */
  firstPath(
    kind: RuleKind,
    facts: CallFacts,
    tool: "read_file" | "write_file",
    ctx: PathContext,
  ): Rule | undefined {
    const as = { ...facts, tool };
    return this.#sources[kind].firstPath(as, ctx) ?? this.#granted[kind].firstPath(as, ctx);
  }

  /** The earliest allow rule that covers one part of a shell command as written. */
  covering(part: SimpleCommand, tool: ShellTool): Rule | undefined {
    return this.#sources.allow.covering(part, tool) ?? this.#granted.allow.covering(part, tool);
  }

  /** The earliest bare allow rule of the shell tool (`Bash`). */
  bareShell(tool: ShellTool): Rule | undefined {
    return this.#sources.allow.bareShell(tool) ?? this.#granted.allow.bareShell(tool);
  }

  /** The earliest exact allow rule that is the whole command. */
  wholeCommand(command: string, tool: ShellTool): Rule | undefined {
    return this.#sources.allow.wholeCommand(command, tool) ??
      this.#granted.allow.wholeCommand(command, tool);
  }

  /**
   * The earliest deny or ask path rule on what a shell command reads or writes, with what the
   * command does there (`bash_paths.ts`); a grant counts after every source's rule.
   */
  pathRule(
    kind: "deny" | "ask",
    effects: ShellEffects,
    ctx: PathContext,
  ): PathRuleHit | undefined {
    const [sources, granted] = [this.#sources[kind], this.#granted[kind]];
    const order = (r: Rule) => sources.order(r) ?? sources.rules.length + (granted.order(r) ?? 0);
    return bashPathRule([sources.paths, granted.paths], order, effects, ctx);
  }
}
