/**
 * The rules of one kind, indexed so that deciding a call costs far less than holding it
 * against every rule: Bash rules by the name of the command they start with, path rules by
 * their first segment, domain rules by host, MCP rules by server, the rest by tool. Finds the
 * earliest rule (in source order) that matches. Pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import {
  bashIndexKeys,
  bashLookupKeys,
  coversPart,
  deniesCandidate,
  deniesWholeCommand,
  spansParts,
} from "./bash_pattern.ts";
import type { PathContext } from "./paths.ts";
import type { CallFacts } from "./facts.ts";
import { type Rule, ruleMatchesFacts } from "./rule.ts";
import { PathRuleIndex } from "./path_index.ts";
import { sameAddress } from "./domain_pattern.ts";
import type { EngineTool } from "./tool_names.ts";
import type { SimpleCommand } from "../shell/parse.ts";

/** Indexed rules of one kind. */
export class RuleIndex {
  readonly rules: readonly Rule[];
  /** Each rule's position, made when first asked (a hook call often never compares two). */
  #order: Map<Rule, number> | undefined;
  /** Shell rules, per shell tool: a `Monitor` rule names monitor, not bash. */
  #shell: Partial<Record<ShellTool, ShellRules>> = {};
  /** The rules a shell tool's index is made of, when it is first asked for. */
  #shellRules: Rule[] = [];
  /** Bare and named rules of the other tools, by engine tool. */
  #byTool = new Map<EngineTool, Rule[]>();
  /** Rules with a path specifier. */
  readonly paths: PathRuleIndex = new PathRuleIndex();
  /** Domain rules by host (`*.host` rules under host). */
  #domains = new Map<string, Rule[]>();
  /** MCP rules by server. */
  #mcp = new Map<string, Rule[]>();
  /** Deny and ask rules with a `key:value` form, by the input key. */
  #params = new Map<string, Rule[]>();
  /** Tool-name globs (`Web*`, `mcp__*`). */
  #globs: Rule[] = [];
  /** Bare rules on Claude Code tools skald does not model, by name. */
  #byName = new Map<string, Rule[]>();

  /**
   * Builds the index.
   *
   * @param rules valid and invalid rules of one kind, in source order
   */
  constructor(rules: readonly Rule[]) {
    this.rules = rules;
    for (const rule of rules) {
      if (!rule.isValid) continue;
      if (rule.param !== undefined) push(this.#params, rule.param.key, rule);
      if (rule.family === "glob") {
        this.#globs.push(rule);
        continue;
      }
      if (rule.family === "other") continue; // its `key:value` form only
      if (rule.family === "tool" && rule.tools.length === 0) {
        push(this.#byName, rule.toolName!, rule);
        continue;
      }
      if (rule.family === "mcp") {
        push(this.#mcp, rule.mcpServer!, rule);
        continue;
      }
      const parsed = rule.parsed;
      if (parsed?.family === "path") this.paths.add(rule, parsed.path);
      else if (parsed?.family === "domain") push(this.#domains, parsed.domain.host, rule);
      else {
        for (const tool of rule.tools) {
          if (tool !== "bash" && tool !== "monitor") push(this.#byTool, tool, rule);
        }
      }
      if (rule.tools.includes("bash") || rule.tools.includes("monitor")) {
        this.#shellRules.push(rule);
      }
    }
  }

  /**
   * The position of a rule of this index in source order.
   *
   * @param rule a rule
   * @returns its position, or undefined for a rule of another index
   */
  order(rule: Rule): number | undefined {
    return this.#positions().get(rule);
  }

  #positions(): Map<Rule, number> {
    if (this.#order === undefined) {
      this.#order = new Map();
      this.rules.forEach((r, i) => this.#order!.set(r, i));
    }
    return this.#order;
  }

  /**
   * A shell tool's rules, indexed when first asked for: a Bash rule names monitor too, and a
   * hook call, which decides one tool's call, indexes them once.
   */
  #shellIndex(tool: ShellTool): ShellRules {
    let index = this.#shell[tool];
    if (index === undefined) {
      index = this.#shell[tool] = new ShellRules();
      for (const rule of this.#shellRules) if (rule.tools.includes(tool)) index.add(rule);
    }
    return index;
  }

  #earliest(found: Rule | undefined, rule: Rule): Rule {
    if (found === undefined) return rule;
    const order = this.#positions();
    return order.get(rule)! < order.get(found)! ? rule : found;
  }

  /**
   * The earliest rule that matches the call, or undefined. For a shell command an allow index
   * answers with a bare rule only: a command is allowed part by part (`covering`,
   * `wholeCommand`).
   *
   * @param facts the call's facts
   * @param ctx root and home
   * @returns the deciding rule
   */
  first(facts: CallFacts, ctx: PathContext): Rule | undefined {
    const call = facts.call;
    let found: Rule | undefined;
    const consider = (list: readonly Rule[] | undefined) => {
      for (const r of list ?? []) {
        if (ruleMatchesFacts(r, facts, ctx)) found = this.#earliest(found, r);
      }
    };
    if (this.#params.size > 0) {
      for (const key of Object.keys(call.input)) consider(this.#params.get(key));
    }
    consider(this.#globs);
    if (call.kind === "other") {
      consider(this.#byName.get(call.name));
      return found;
    }
    if (call.kind === "mcp") {
      for (const r of this.#mcp.get(call.server) ?? []) {
        if (ruleMatchesFacts(r, facts, ctx)) found = this.#earliest(found, r);
      }
    }
    const tool = facts.tool;
    if (tool === undefined) return found;
    if (tool !== "bash" && tool !== "monitor") {
      for (const r of this.#candidates(tool, facts, ctx)) {
        if (ruleMatchesFacts(r, facts, ctx)) found = this.#earliest(found, r);
      }
      return found;
    }
    const allow = this.rules[0]?.kind === "allow";
    if (call.kind === "mcp" && allow) return found;
    const shell = this.#shellIndex(tool);
    for (const r of shell.bare) found = this.#earliest(found, r);
    const command = facts.command;
    if (command === undefined || allow) return found;
    if (command.view.hidden.length > 0) {
      const any = shell.all[0];
      return any === undefined ? found : this.#earliest(found, any);
    }
    for (const r of shell.whole) {
      if (r.parsed?.family === "bash" && deniesWholeCommand(r.parsed.bash, command.command)) {
        found = this.#earliest(found, r);
      }
    }
    for (const candidate of command.view.candidates) {
      const consider = (list: readonly Rule[]) => {
        for (const r of list) {
          if (r.parsed?.family === "bash" && deniesCandidate(r.parsed.bash, candidate)) {
            found = this.#earliest(found, r);
          }
        }
      };
      const head = candidate.tokens[0];
      if (typeof head === "string") {
        for (const key of bashLookupKeys(head)) consider(shell.keyed.get(key) ?? []);
      }
      consider(shell.unkeyed);
    }
    return found;
  }

  /**
   * The earliest rule with a path specifier that matches the call's paths, or undefined.
   *
   * @param facts the call's facts
   * @param ctx root and home
   * @returns the rule
   */
  firstPath(facts: CallFacts, ctx: PathContext): Rule | undefined {
    let found: Rule | undefined;
    for (const p of facts.paths ?? []) {
      for (const r of this.paths.rulesFor(p, ctx)) {
        if (ruleMatchesFacts(r, facts, ctx)) found = this.#earliest(found, r);
      }
    }
    return found;
  }

  /** The rules that could match a call of a tool other than bash. */
  #candidates(tool: EngineTool, facts: CallFacts, ctx: PathContext): Rule[] {
    const out = [...this.#byTool.get(tool) ?? []];
    for (const p of facts.paths ?? []) out.push(...this.paths.rulesFor(p, ctx));
    if (facts.host === null) out.push(...[...this.#domains.values()].flat());
    else if (facts.host !== undefined) {
      // The host and its other names (`[::ffff:7f00:1]` is 127.0.0.1: `sameAddress`).
      for (const host of [facts.host, ...sameAddress(facts.host)]) {
        const labels = host.split(".");
        for (let i = 0; i < labels.length; i++) {
          out.push(...this.#domains.get(labels.slice(i).join(".")) ?? []);
        }
      }
    }
    return out;
  }

  /**
   * The earliest Bash allow rule that covers one part as written, or undefined.
   *
   * @param part a top-level part
   * @param tool the shell tool of the call
   * @returns the covering rule
   */
  covering(part: SimpleCommand, tool: ShellTool = "bash"): Rule | undefined {
    const shell = this.#shellIndex(tool);
    let found: Rule | undefined;
    for (const r of shell.bare) found = this.#earliest(found, r);
    const head = part.words[0];
    const keys = head && !head.dynamic ? bashLookupKeys(head.value) : [];
    // A glob covers the text as written: also look under its first blank-separated piece.
    const blank = part.text.indexOf(" ");
    const written = blank === -1 ? part.text : part.text.slice(0, blank);
    if (keys.length > 0 && written !== head!.value) {
      const name = posix.basename(written);
      if (!keys.includes(name)) keys.push(name);
    }
    const consider = (list: readonly Rule[]) => {
      for (const r of list) {
        if (r.parsed?.family === "bash" && coversPart(r.parsed.bash, part)) {
          found = this.#earliest(found, r);
        }
      }
    };
    for (const key of keys) consider(shell.keyed.get(key) ?? []);
    consider(shell.unkeyed);
    return found;
  }

  /**
   * The earliest bare rule of a shell tool (`Bash`), or undefined.
   *
   * @param tool the shell tool of the call
   * @returns the rule
   */
  bareShell(tool: ShellTool): Rule | undefined {
    return this.#shellIndex(tool).bare[0];
  }

  /**
   * An exact Bash allow rule naming the whole command as written, or undefined.
   *
   * @param command the command text
   * @param tool the shell tool of the call
   * @returns the rule
   */
  wholeCommand(command: string, tool: ShellTool = "bash"): Rule | undefined {
    return this.#shellIndex(tool).exact.get(command.trim())?.[0];
  }
}

/** The tools whose calls are shell commands. */
export type ShellTool = "bash" | "monitor";

/** The shell rules of one tool, indexed. */
class ShellRules {
  /** Bare rules: every command. */
  bare: Rule[] = [];
  /** Specifier rules by each name their command may have (`bashIndexKeys`). */
  keyed = new Map<string, Rule[]>();
  /** Specifier rules that start with `*` or are empty prefixes. */
  unkeyed: Rule[] = [];
  /** Rules that only match a whole command as written (several parts, operators). */
  whole: Rule[] = [];
  /** Every rule, for a hidden part that any of them could match. */
  all: Rule[] = [];
  /** Exact rules by their text. */
  exact = new Map<string, Rule[]>();

  add(rule: Rule): void {
    this.all.push(rule);
    const parsed = rule.parsed;
    if (parsed === undefined) {
      this.bare.push(rule);
      return;
    }
    if (parsed.family !== "bash") return;
    const p = parsed.bash;
    if (spansParts(p)) this.whole.push(rule);
    if (p.kind === "exact") push(this.exact, p.text, rule);
    const keys = bashIndexKeys(p);
    if (keys === undefined) this.unkeyed.push(rule);
    else for (const key of keys) push(this.keyed, key, rule);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
