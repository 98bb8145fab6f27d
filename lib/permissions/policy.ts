/**
 * The permission policy: the rules of every source, each remembering it, and `decide`, which
 * holds a tool call against them. Deny beats ask beats allow; a shell command of several parts
 * is allowed when every part is covered by some allow rule or is a read-only command; with no
 * rule, what Claude Code does in the mode in force. Pure: files are read elsewhere
 * (`lib/settings/`), the environment comes in as data.
 *
 * The pipeline is {@link Policy.decide}'s on one screen; its steps live in their modules:
 * what the policy is built from (`policy_sources.ts`), the rules and grants looked up
 * (`grants.ts`), what a call offers the rules (`facts.ts`), the protected paths
 * (`protected_paths.ts`), a shell command part by part (`_shell_decision.ts`), what happens
 * when no rule speaks (`defaults.ts`), and the wording (`reasons.ts`).
 *
 * @module
 */

import type { Decision } from "./verdict.ts";
import { type Mode, resolveMode } from "./modes.ts";
import { type ToolCall, toToolCall } from "./call.ts";
import {
  callPaths,
  type PathContext,
  pathContext,
  type PathEnv,
  resolvePath,
  WALK_ENTRIES,
  WALK_MS,
  walkBudget,
} from "./paths.ts";
import type { PathRuleHit } from "./bash_paths.ts";
import { globsExpanded } from "./known_words.ts";
import { type CallFacts, callFacts } from "./facts.ts";
import type { CommandAnalysis } from "../shell/split.ts";
import { parseRule, type Rule } from "./rule.ts";
import { indexRules, RuleSet } from "./grants.ts";
import {
  blockPaths,
  type PolicyOptions,
  readSources,
  type Restriction,
  restrictionsOf,
} from "./policy_sources.ts";
import { type BlockScope, outsideBlock } from "./outside_blocks.ts";
import { powerShellParts } from "./powershell_pattern.ts";
import { shellEffects } from "./effects/shell_effects.ts";
import { computedPathRule } from "./effects/computed_rule.ts";
import { protectedWrite } from "./protected_paths.ts";
import { decideShell, type ShellDecider } from "./_shell_decision.ts";
import { defaultFor } from "./defaults.ts";
import { lastWord, modeReason, refuse, ruled, unruled } from "./reasons.ts";
import { READ_TOOLS, WRITE_TOOLS } from "./tool_names.ts";
import { type WorkingDirs, workingDirs } from "./working_dirs.ts";

export type { PolicyOptions, PolicySource, Restriction } from "./policy_sources.ts";

/**
 * Claude Code 2.1.332 asks about every command longer than this many UTF-16 code units (its
 * parser gives up), whatever the rules and the mode but bypassPermissions; skald asks too, and
 * in bypassPermissions as well (observed: Claude Code then ran a denied part of such a command).
 */
export const MAX_COMMAND_LENGTH = 10_000;

/** How {@link Policy.withGrants} hands a new policy what it shares with the one it came from. */
const SHARED = Symbol("shared");

/** What a granted policy shares with the policy it came from, and its own rules. */
interface Shared {
  from: Policy;
  set: RuleSet;
}

/** How {@link Policy.withEnvironment} hands a new policy the parsed rules of its sources. */
const PARSED = Symbol("parsed");

/** The parsed and indexed rules of a policy's sources (its grants left out). */
interface Parsed {
  rules: readonly Rule[];
  set: RuleSet;
}

/** What of a command is only known when it runs, in words; undefined when nothing is. */
function runTimeText(command: CommandAnalysis): string | undefined {
  if (command.opaque) return command.reasons.join("; ");
  for (const part of command.parse.commands) {
    const word = part.words.find((w, i) => w.dynamic && !(i === 0 && w.assignment));
    if (word !== undefined) return `${word.raw} is only known when it runs`;
  }
  return undefined;
}

/** A tool call as Claude Code writes it: `{ tool: "Bash", input: { command: "ls" } }`. */
export interface CallRequest {
  /** The tool name: Claude Code's (`Bash`), the engine's (`bash`) or `mcp__server__tool`. */
  tool: string;
  /** The tool input, an object (`{ command: "ls" }`). */
  input: unknown;
  /** The MCP server of a foreign tool, when the name does not carry it. */
  server?: string;
  /**
   * Where the call runs (absolute, or relative to the root): relative paths resolve against
   * it and a `cd` continues from it; the root by default.
   */
  cwd?: string;
}

/**
 * The permission policy of a session: every source's rules parsed once and indexed, the mode
 * in force, the working directories, and grants (a command's `allowed-tools`, while its render
 * checks its commands). Pure: the environment comes in as data.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Policy } from "./policy.ts";
 *
 * const policy = new Policy({
 *   sources: [
 *     { label: "~/.claude/settings.json", scope: "user", allow: ["Bash(npm test:*)"] },
 *     {
 *       label: ".claude/settings.json",
 *       scope: "project",
 *       deny: ["Read(./.env)"],
 *       defaultMode: "acceptEdits",
 *     },
 *   ],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * assert.equal(policy.mode, "acceptEdits");
 * assert.equal(policy.decide({ tool: "Read", input: { file_path: ".env" } }).verdict, "deny");
 * const edit = policy.decide({ tool: "Edit", input: { file_path: "src/a.ts" } });
 * assert.equal(edit.verdict, "allow");
 * assert.equal(edit.reason, "Mode acceptEdits allows writing inside the working directories");
 * const test = policy.decide({ tool: "Bash", input: { command: "npm test" } });
 * assert.equal(test.rule, "Bash(npm test:*)");
 * assert.equal(test.source, "~/.claude/settings.json");
 * // A command's allowed-tools are granted to its render alone: a new policy, this one unchanged.
 * const make = { tool: "Bash", input: { command: "make" } };
 * const granted = policy.withGrants(["Bash(make:*)"], "/build allowed-tools");
 * assert.equal(granted.decide(make).verdict, "allow");
 * assert.equal(policy.decide(make).verdict, "ask");
 * ```
 */
export class Policy {
  /** Every rule of every source, in source order (run rules: {@link Policy.runRules}). */
  readonly rules: readonly Rule[];
  /** The mode decided under. */
  readonly mode: Mode;
  /** The mode's name as written (`manual`, `auto`: decided as `default`). */
  readonly modeName: string;
  /** The source that set the mode; null for the default. */
  readonly modeSource: string | null;
  /** True when a source sets `disableSkillShellExecution: true` (no source can undo it). */
  readonly disableSkillShellExecution: boolean;
  /** The project root and every additional directory, as written and real. */
  readonly workingDirs: WorkingDirs;
  /**
   * What a block outside the working directories (`blockReadsOutsideWorkingDirectories`, ...)
   * counts as inside: the working directories but those of a file inside the project, as Claude
   * Code 2.1.332 does, and the paths `--settings` exempts or excludes.
   */
  readonly blockScope: BlockScope;
  /**
   * The restricting switches in force (`blockReadsOutsideWorkingDirectories`,
   * `denyInsteadOfPrompting`, ...), each with the source that set it.
   */
  readonly restrictions: ReadonlyMap<Restriction, string>;
  /** Root and home, as written and real. */
  readonly ctx: PathContext;
  /** The rules looked up: the sources' and the grants (run rules). */
  readonly #set: RuleSet;
  /** What a shell command's decision asks of this policy. */
  readonly #shell: ShellDecider;
  /** What it was built from, and its sources' rules parsed: {@link Policy.withEnvironment}. */
  readonly #built: Pick<PolicyOptions, "sources" | "addDirs"> & { parsed: Parsed };

  /**
   * The sources and the `--add-dir` directories it was built from.
   *
   * @returns them
   */
  get built(): Pick<PolicyOptions, "sources" | "addDirs"> {
    return { sources: this.#built.sources, addDirs: this.#built.addDirs };
  }

  /**
   * Parses every rule once and indexes them. `rules` lists them in source order (within a
   * source: deny, ask, allow); an invalid rule is kept, and never matches.
   *
   * @param options sources, environment, mode and extra directories
   */
  constructor(options: PolicyOptions) {
    const shared = (options as { [SHARED]?: Shared })[SHARED];
    if (shared !== undefined) {
      // A policy with grants: everything but its rule set is the other policy's.
      ({ ctx: this.ctx, rules: this.rules, workingDirs: this.workingDirs } = shared.from);
      this.blockScope = shared.from.blockScope;
      this.restrictions = shared.from.restrictions;
      ({ mode: this.mode, modeName: this.modeName, modeSource: this.modeSource } = shared.from);
      this.disableSkillShellExecution = shared.from.disableSkillShellExecution;
      this.#set = shared.set;
      this.#built = shared.from.#built;
    } else {
      const parsed = (options as { [PARSED]?: Parsed })[PARSED];
      this.ctx = pathContext(options.env);
      this.restrictions = restrictionsOf(options.sources);
      const { rules, dirs, blockDirs } = readSources(options, this.restrictions, parsed?.rules);
      this.rules = rules;
      const { mode, name, source } = resolveMode(
        options.mode,
        options.sources,
        this.restrictions.has("disableBypassPermissionsMode"),
      );
      this.mode = mode;
      this.modeName = name;
      this.modeSource = source;
      this.workingDirs = workingDirs(this.ctx, dirs);
      this.blockScope = {
        dirs: workingDirs(this.ctx, blockDirs),
        ...blockPaths(options.sources),
      };
      this.disableSkillShellExecution = options.sources.some((x) => x.disableSkillShellExecution);
      this.#set = parsed?.set ?? new RuleSet(indexRules(rules));
      const { sources, addDirs } = options;
      this.#built = { sources, addDirs, parsed: parsed ?? { rules, set: this.#set } };
    }
    this.#shell = {
      rules: this.#set,
      mode: this.mode,
      modeName: this.modeName,
      modeSource: this.modeSource,
      workingDirs: this.workingDirs,
      readAllowed: (path, ctx) => this.#readAllowed(path, ctx),
    };
  }

  /**
   * A policy that decides as this one does with more allow rules (a command's `allowed-tools`
   * while its render checks its commands), counted after every source's rule: a new value.
   * This policy is unchanged, so that whoever else holds it (another render at the same time,
   * the hook) never sees the grants. The sources' rules are not parsed or indexed again.
   *
   * @param rules the rule texts to grant (an invalid one is kept, and never matches)
   * @param source the source the grants carry (`/build allowed-tools`)
   * @returns the policy with the grants
   */
  withGrants(rules: readonly string[], source: string): Policy {
    const grants = rules.map((t) => parseRule(t, source, "allow"));
    const shared: Shared = { from: this, set: this.#set.withGrants(grants) };
    return new Policy({ sources: [], env: this.ctx, [SHARED]: shared } as PolicyOptions);
  }

  /**
   * A policy of the same sources decided in another environment and mode (the resident
   * decider's next call, whose settings read the same): a new value, the sources' rules not
   * parsed or indexed again; grants are not carried over.
   *
   * @param env the environment the new policy decides in
   * @param mode a mode name that overrides every `defaultMode`, as the constructor's
   * @returns the policy
   */
  withEnvironment(env: PathEnv, mode?: string): Policy {
    const { sources, addDirs, parsed } = this.#built;
    return new Policy({ sources, addDirs, env, mode, [PARSED]: parsed } as PolicyOptions);
  }

  /**
   * The additional directories (resolved, as written), without the root: every source's
   * `additionalDirectories`, then `addDirs`.
   *
   * @returns the directories, absolute
   */
  get additionalDirectories(): string[] {
    return this.workingDirs.dirs.slice(1).map((d) => d.written);
  }

  /**
   * The run rules in force (grants), in the order they were given ({@link Policy.withGrants}).
   *
   * @returns the rules
   */
  get runRules(): readonly Rule[] {
    return this.#set.grants;
  }

  /**
   * The path context of a call that runs in `cwd`: relative paths of its input and of its
   * command resolve against it, and a `cd` continues from it. Rules stay anchored at the root,
   * and the working directories stay the root and the additional directories.
   *
   * @param cwd the directory, absolute or relative to the root; the root when undefined
   * @returns the context
   */
  contextAt(cwd: string | undefined): PathContext {
    if (cwd === undefined) return this.ctx;
    const dir = resolvePath(cwd, this.ctx);
    return dir === (this.ctx.cwd ?? this.ctx.root) ? this.ctx : { ...this.ctx, cwd: dir };
  }

  /**
   * Decides a tool call: deny beats ask beats allow; a shell command of several parts is
   * allowed when every part is; with no rule, what Claude Code does in the mode in force. A
   * call that cannot be read (unknown tool, input without what the tool needs) is denied with
   * `error: true`. A call with a `cwd` runs there (see {@link Policy.contextAt}).
   *
   * @param request the tool name (Claude Code's, the engine's or `mcp__server__tool`), input
   *   and working directory
   * @returns the verdict, the deciding rule and source (null when none), what gave the
   *   verdict, and why
   */
  decide(request: CallRequest): Decision {
    const call = toToolCall(request.tool, request.input, request.server);
    if ("error" in call) return refuse(call.error);
    return this.decideCall(call, request.cwd);
  }

  /**
   * Decides a canonical call, as {@link Policy.decide} does once the call is read.
   *
   * @param call the call
   * @param cwd where it runs (absolute, or relative to the root); the root by default
   * @returns the decision
   */
  decideCall(call: ToolCall, cwd?: string): Decision {
    // The walks of this decision share one budget.
    const ctx = { ...this.contextAt(cwd), walkBudget: walkBudget() };
    const facts = callFacts(call, ctx);
    if ("error" in facts) return refuse(facts.error);
    const decided = this.#decideFacts(call, facts, ctx);
    const by = this.restrictions.get("denyInsteadOfPrompting");
    // Claude Code's `denyInsteadOfPrompting`: what would ask is denied, whatever asked.
    const decision = decided.verdict === "ask" && by !== undefined
      ? {
        ...decided,
        verdict: "deny" as const,
        reason: `${decided.reason}; permissions.denyInsteadOfPrompting (from ${by}) denies ` +
          "instead of asking",
      }
      : decided;
    if (facts.command !== undefined) {
      decision.commandParts = facts.command.parts;
      const unchecked = runTimeText(facts.command);
      if (unchecked !== undefined) decision.unchecked = unchecked;
    }
    return decision;
  }

  /**
   * The pipeline: deny, then ask (a rule of the call's tool, a path rule on what a command
   * reads or writes, a read rule on what a file tool writes); the guards (a protected file, a
   * write only known at run time); the mode (plan, bypassPermissions); a shell command part by
   * part; an allow rule; the default. dontAsk has the last word on every ask.
   */
  #decideFacts(call: ToolCall, facts: CallFacts, ctx: PathContext): Decision {
    if ((facts.paths ?? []).some((p) => p.length > 4096)) {
      return refuse("The path is longer than 4096 characters");
    }
    const rules = this.#set;
    const tool = facts.tool;
    const writes = tool !== undefined && WRITE_TOOLS.includes(tool);
    const reads = tool !== undefined && READ_TOOLS.includes(tool);
    let effects = facts.command === undefined ? undefined : shellEffects(facts.command, ctx);
    // A deny or ask path rule only a walk out of budget leaves possible: asked about, unless a
    // rule applies for sure.
    let unsure: PathRuleHit | undefined;
    // Bash rules are held against the command's glob words as bash will expand them, when
    // nothing the command does can change what they match.
    const globbed = effects === undefined ? undefined : globsExpanded(facts.command!, effects, ctx);
    const ruleFacts = globbed === undefined ? facts : {
      ...facts,
      command: { ...facts.command!, view: { ...facts.command!.view, candidates: globbed } },
    };
    // And what the command reads, with its glob words known (`rg X logs/day-*.md` reads those
    // files, not a tree only known when it runs).
    if (globbed !== undefined) effects = shellEffects(ruleFacts.command!, ctx);
    for (const kind of ["deny", "ask"] as const) {
      const own = rules.first(kind, ruleFacts, ctx);
      if (own !== undefined) return lastWord(ruled(kind, own, ruleFacts), this);
      // A path rule on what a command reads or writes, with what the command does there.
      const onPath = effects === undefined ? undefined : rules.pathRule(kind, effects, ctx);
      if (onPath?.unsure) unsure ??= onPath;
      else if (onPath !== undefined) {
        const d = ruled(kind, onPath.rule, facts);
        const instead = onPath.hint === undefined ? "" : `; instead: ${onPath.hint}`;
        return lastWord(
          { ...d, reason: `${d.reason} (the command ${onPath.why}${instead})` },
          this,
        );
      }
      // A path only known when the command runs (`cat $(echo .env)`): every Read rule asks.
      const computed = kind === "deny" || effects === undefined
        ? undefined
        : computedPathRule((k, e) => rules.pathRule(k, e, ctx), effects);
      if (computed !== undefined) {
        const d = ruled("ask", computed.rule, facts);
        return lastWord({ ...d, reason: `${d.reason} (the command ${computed.why})` }, this);
      }
      // A read path rule also guards writing the paths it names (as Claude Code does).
      const read = writes ? rules.firstPath(kind, facts, "read_file", ctx) : undefined;
      if (read !== undefined) return lastWord(ruled(kind, read, facts), this);
      // A PowerShell command: skald does not read the language, so every word that is not an
      // option is held against the Read and Edit rules as a path it may read or write.
      if (facts.powershell !== undefined) {
        const paths = powerShellParts(facts.powershell).flat()
          .filter((w) => !w.startsWith("-") && !w.startsWith("$"))
          .flatMap((w) => callPaths(w, ctx));
        const as = { ...facts, paths };
        const hit = rules.firstPath(kind, as, "read_file", ctx) ??
          rules.firstPath(kind, as, "write_file", ctx);
        if (hit !== undefined) {
          const d = ruled(kind, hit, as);
          return lastWord({ ...d, reason: `${d.reason} (a word of the PowerShell command)` }, this);
        }
      }
    }
    if (unsure !== undefined) {
      const d = ruled("ask", unsure.rule, facts);
      return lastWord({
        ...d,
        reason: `Asked: ${unsure.rule.text} from ${unsure.rule.source} may apply (` +
          (unsure.unknown === undefined || unsure.unknown === "budget"
            ? `the command ${unsure.why}, more than skald walks for one call: ` +
              `${WALK_ENTRIES} entries, ${WALK_MS} ms)`
            : `${unsure.unknown})`),
      }, this);
    }
    const blocked = outsideBlock(facts, effects, ctx, this.blockScope, this.restrictions);
    if (blocked !== undefined) return lastWord(blocked, this);
    const guarded = protectedWrite(writes ? facts.paths ?? [] : [], effects, ctx);
    if (guarded !== undefined) return lastWord(unruled("ask", guarded, "guard"), this);
    if ((facts.command?.command.length ?? 0) > MAX_COMMAND_LENGTH) {
      const reason = `The command is longer than ${MAX_COMMAND_LENGTH} characters: Claude Code ` +
        "does not check it, so it needs approval";
      if (this.mode === "plan") {
        return unruled("deny", `${reason}, which plan mode refuses`, "mode");
      }
      return lastWord(unruled("ask", reason, "guard"), this);
    }
    if (writes && this.mode === "plan") {
      return unruled("ask", "Mode plan does not write files", "mode");
    }
    if (this.mode === "bypassPermissions") return unruled("allow", modeReason(this), "mode");
    if (facts.command !== undefined && call.kind === "builtin") {
      const shell = tool === "monitor" ? "monitor" : "bash";
      return lastWord(decideShell(facts, shell, ctx, this.#shell), this);
    }
    // A path rule that allows writing also allows reading there (as Claude Code does).
    const allow = rules.first("allow", facts, ctx) ??
      (reads ? rules.firstPath("allow", facts, "write_file", ctx) : undefined);
    if (allow !== undefined) return ruled("allow", allow, facts);
    const d = defaultFor(facts, this.mode, this.workingDirs);
    return lastWord(unruled(d.verdict, d.reason, d.basis), this);
  }

  /** The facts of reading a path (absolute, or relative to the context's directory). */
  #readFacts(path: string, ctx: PathContext): CallFacts | { error: string } {
    return callFacts({ kind: "builtin", tool: "read_file", input: { file_path: path } }, ctx);
  }

  /** True when reading the path is allowed by a rule (a read or a write allow rule). */
  #readAllowed(path: string, ctx: PathContext): boolean {
    const facts = this.#readFacts(path, ctx);
    if ("error" in facts) return false;
    return (this.#set.first("allow", facts, ctx) ??
      this.#set.firstPath("allow", facts, "write_file", ctx)) !== undefined;
  }

  /**
   * The deny or ask rule for reading that hides a path (from `@file` references and search
   * results), or undefined.
   *
   * @param path the path, absolute or relative to the root
   * @returns the hiding rule
   */
  hidesRead(path: string): Rule | undefined {
    const facts = this.#readFacts(path, this.ctx);
    if ("error" in facts) return undefined;
    return this.#set.first("deny", facts, this.ctx) ?? this.#set.first("ask", facts, this.ctx);
  }
}
