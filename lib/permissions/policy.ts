/**
 * The permission policy: the rules of every source, each remembering it, and `decide`, which
 * holds a tool call against them. Deny beats ask beats allow; a shell command of several parts
 * is allowed when every part is covered by some allow rule or is a read-only command; with no
 * rule, what Claude Code does in the mode in force. Pure: files are read elsewhere
 * (`lib/settings/`), the environment comes in as data.
 *
 * @module
 */

import {
  type Basis,
  type Decision,
  type PartDecision,
  strictest,
  type Verdict,
} from "./verdict.ts";
import { type Mode, resolveMode, type SourceScope } from "./modes.ts";
import { type ToolCall, toToolCall } from "./call.ts";
import {
  argumentPaths,
  type PathContext,
  pathContext,
  type PathEnv,
  resolvePath,
} from "./paths.ts";
import { type CallFacts, callFacts } from "./facts.ts";
import { parseRule, type Rule, type RuleKind } from "./rule.ts";
import { RuleIndex, type ShellTool } from "./rule_index.ts";
import { matchedText } from "./bash_pattern.ts";
import { classifyCommand, type CommandDefault } from "./read_only/classify.ts";
import { bashPathRule } from "./bash_paths.ts";
import { type ShellEffects, shellEffects } from "./shell_effects.ts";
import { writeTargets } from "./write_targets.ts";
import { escapesPrefixRule } from "./prefix_escapes.ts";
import { inlineEscape } from "./inline_cover.ts";
import { defaultFor } from "./defaults.ts";
import { isProtectedWrite } from "./protected_paths.ts";
import { type WorkingDirs, workingDirs } from "./working_dirs.ts";
import { READ_TOOLS, WRITE_TOOLS } from "./tool_names.ts";
import type { SimpleCommand } from "../shell/parse.ts";
import { INPUT } from "../shell/unwrap.ts";

/** The rules and settings one source contributes. */
export interface PolicySource {
  /** How reports name it: `.claude/settings.json`, `~/.claude/settings.json`, ... */
  label: string;
  /** Where the source lives: decides which `defaultMode` counts. */
  scope: SourceScope;
  /** Rules that allow (`permissions.allow`). */
  allow?: readonly string[];
  /** Rules that ask (`permissions.ask`). */
  ask?: readonly string[];
  /** Rules that deny (`permissions.deny`). */
  deny?: readonly string[];
  /** More working directories (`permissions.additionalDirectories`). */
  additionalDirectories?: readonly string[];
  /** The mode the source asks for (`permissions.defaultMode`). */
  defaultMode?: Mode;
}

/** What a policy is built from. */
export interface PolicyOptions {
  /** The sources, in order: managed, user, project, local, `.raider`, `--settings`. */
  sources: readonly PolicySource[];
  /** Root, home and the real-path lookup. */
  env: PathEnv;
  /** A mode that overrides every `defaultMode`. */
  mode?: Mode;
  /** More working directories (`--add-dir`). */
  addDirs?: readonly string[];
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

const KINDS: readonly RuleKind[] = ["deny", "ask", "allow"];

/**
 * The permission policy of a session: every source's rules parsed once and indexed, the mode
 * in force, the working directories, and run rules (a command's `allowed-tools`) added and
 * taken out while a render runs. Pure: the environment comes in as data.
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
 * ```
 */
export class Policy {
  /** Every rule of every source, in source order (run rules last). */
  readonly rules: readonly Rule[];
  /** The mode in force. */
  readonly mode: Mode;
  /** The source that set the mode; null for the default. */
  readonly modeSource: string | null;
  /** The project root and every additional directory, as written and real. */
  readonly workingDirs: WorkingDirs;
  /** Root and home, as written and real. */
  readonly ctx: PathContext;
  #indexes: Record<RuleKind, RuleIndex>;
  #runRules: Rule[] = [];
  #runIndexes: Record<RuleKind, RuleIndex> | undefined;

  /**
   * Parses every rule once and indexes them. `rules` lists them in source order (within a
   * source: deny, ask, allow); an invalid rule is kept, and never matches.
   *
   * @param options sources, environment, mode and extra directories
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [{ label: "session", scope: "run", allow: ["Bash(make)", "Bash(oops"] }],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   *   addDirs: ["../shared"],
   * });
   * assert.equal(policy.rules.length, 2);
   * assert.equal(policy.rules[1]?.isValid, false);
   * assert.equal(policy.mode, "default");
   * assert.equal(policy.modeSource, null);
   * assert.equal(policy.workingDirs.contains("/shared/notes.md"), true);
   * ```
   */
  constructor(options: PolicyOptions) {
    this.ctx = pathContext(options.env);
    const rules: Rule[] = [];
    const dirs: string[] = [];
    for (const source of options.sources) {
      for (const kind of KINDS) {
        for (const text of source[kind] ?? []) rules.push(parseRule(text, source.label, kind));
      }
      dirs.push(...source.additionalDirectories ?? []);
    }
    dirs.push(...options.addDirs ?? []);
    this.rules = rules;
    const { mode, source } = resolveMode(options.mode, options.sources);
    this.mode = mode;
    this.modeSource = source;
    this.workingDirs = workingDirs(this.ctx, dirs);
    this.#indexes = indexes(rules);
  }

  /**
   * The additional directories (resolved, as written), without the root: every source's
   * `additionalDirectories`, then `addDirs`.
   *
   * @returns the directories, absolute
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [{ label: "project", scope: "project", additionalDirectories: ["~/notes"] }],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   *   addDirs: ["../lib"],
   * });
   * assert.deepEqual(policy.additionalDirectories, ["/home/me/notes", "/lib"]);
   * ```
   */
  get additionalDirectories(): string[] {
    return this.workingDirs.dirs.slice(1).map((d) => d.written);
  }

  /**
   * Adds run rules (e.g. a command's `allowed-tools`) under a source, until taken out again.
   * They count after every source's rules of the same kind.
   *
   * @param texts the rule texts
   * @param source the source they carry
   * @param kind their kind, allow by default
   * @returns the parsed rules, invalid ones included (they never match)
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * const call = { tool: "Bash", input: { command: "npm run build" } };
   * assert.equal(policy.decide(call).verdict, "ask");
   * policy.addRunRules(["Bash(npm run build)"], "/build allowed-tools");
   * assert.equal(policy.decide(call).verdict, "allow");
   * assert.equal(policy.decide(call).source, "/build allowed-tools");
   * ```
   */
  addRunRules(texts: readonly string[], source: string, kind: RuleKind = "allow"): Rule[] {
    const added = texts.map((t) => parseRule(t, source, kind));
    this.#runRules.push(...added);
    this.#runIndexes = undefined;
    return added;
  }

  /**
   * Takes out every run rule of a source.
   *
   * @param source the source given to {@link Policy.addRunRules}
   * @returns how many rules were taken out
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * policy.addRunRules(["Bash(make)", "Read(//etc/**)"], "/build allowed-tools");
   * assert.equal(policy.removeRunRules("/build allowed-tools"), 2);
   * assert.equal(policy.decide({ tool: "Bash", input: { command: "make" } }).verdict, "ask");
   * ```
   */
  removeRunRules(source: string): number {
    const before = this.#runRules.length;
    this.#runRules = this.#runRules.filter((r) => r.source !== source);
    this.#runIndexes = undefined;
    return before - this.#runRules.length;
  }

  /**
   * The run rules in force, in the order they were added.
   *
   * @returns the rules
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * policy.addRunRules(["Bash(make)"], "/build allowed-tools");
   * assert.deepEqual(policy.runRules.map((r) => r.text), ["Bash(make)"]);
   * ```
   */
  get runRules(): readonly Rule[] {
    return this.#runRules;
  }

  /** The policy's index of a kind and the run rules' one: a source's rule counts first. */
  #both(kind: RuleKind): readonly [RuleIndex, RuleIndex] {
    this.#runIndexes ??= indexes(this.#runRules);
    return [this.#indexes[kind], this.#runIndexes[kind]];
  }

  #first(kind: RuleKind, facts: CallFacts, ctx: PathContext): Rule | undefined {
    const [policy, run] = this.#both(kind);
    return policy.first(facts, ctx) ?? run.first(facts, ctx);
  }

  /** The earliest path rule of a kind for the call's paths, held as if `tool` made the call. */
  #firstPath(
    kind: RuleKind,
    facts: CallFacts,
    tool: "read_file" | "write_file",
    ctx: PathContext,
  ): Rule | undefined {
    const [policy, run] = this.#both(kind);
    const as = { ...facts, tool };
    return policy.firstPath(as, ctx) ?? run.firstPath(as, ctx);
  }

  #covering(part: SimpleCommand, tool: ShellTool): Rule | undefined {
    const [policy, run] = this.#both("allow");
    return policy.covering(part, tool) ?? run.covering(part, tool);
  }

  /**
   * The path context of a call that runs in `cwd`: relative paths of its input and of its
   * command resolve against it, and a `cd` continues from it. Rules stay anchored at the root,
   * and the working directories stay the root and the additional directories.
   *
   * @param cwd the directory, absolute or relative to the root; the root when undefined
   * @returns the context
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * assert.equal(policy.contextAt("src").cwd, "/proj/src");
   * assert.equal(policy.contextAt("src").root, "/proj");
   * assert.equal(policy.contextAt(undefined).cwd, undefined);
   * ```
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
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [{
   *     label: "project",
   *     scope: "project",
   *     allow: ["Bash(npm test:*)"],
   *     deny: ["Read(./.env)"],
   *   }],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * const d = policy.decide({ tool: "Bash", input: { command: "npm test && make deploy" } });
   * assert.equal(d.verdict, "ask");
   * assert.equal(d.basis, "default");
   * assert.deepEqual(d.parts?.map((p) => [p.part, p.verdict, p.rule]), [
   *   ["npm test", "allow", "Bash(npm test:*)"],
   *   ["make deploy", "ask", null],
   * ]);
   * const up = policy.decide({ tool: "Bash", input: { command: "cat ../.env" }, cwd: "src" });
   * assert.equal(up.verdict, "deny");
   * assert.equal(policy.decide({ tool: "Frobnicate", input: {} }).error, true);
   * ```
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
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [{ label: "managed", scope: "managed", deny: ["mcp__github__delete_repo"] }],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * const call = { kind: "mcp", server: "github", tool: "delete_repo", input: {} } as const;
   * assert.equal(policy.decideCall(call).verdict, "deny");
   * assert.equal(policy.decideCall({ ...call, tool: "create_issue" }).verdict, "ask");
   * ```
   */
  decideCall(call: ToolCall, cwd?: string): Decision {
    const ctx = this.contextAt(cwd);
    const facts = callFacts(call, ctx);
    if ("error" in facts) return refuse(facts.error);
    const decision = this.#decideFacts(call, facts, ctx);
    if (facts.command !== undefined) decision.commandParts = facts.command.parts;
    return decision;
  }

  #decideFacts(call: ToolCall, facts: CallFacts, ctx: PathContext): Decision {
    if ((facts.paths ?? []).some((p) => p.length > 4096)) {
      return refuse("The path is longer than 4096 characters");
    }
    const tool = facts.tool;
    const writes = tool !== undefined && WRITE_TOOLS.includes(tool);
    const reads = tool !== undefined && READ_TOOLS.includes(tool);
    const effects = facts.command === undefined ? undefined : shellEffects(facts.command, ctx);
    for (const kind of ["deny", "ask"] as const) {
      const own = this.#first(kind, facts, ctx);
      if (own !== undefined) return this.#final(ruled(kind, own, facts));
      // A path rule on what a command reads or writes, with what the command does there.
      const onPath = effects === undefined ? undefined : this.#bashPaths(kind, effects, ctx);
      if (onPath !== undefined) {
        const d = ruled(kind, onPath.rule, facts);
        return this.#final({ ...d, reason: `${d.reason} (the command ${onPath.why})` });
      }
      // A read path rule also guards writing the paths it names (as Claude Code does).
      const read = writes ? this.#firstPath(kind, facts, "read_file", ctx) : undefined;
      if (read !== undefined) return this.#final(ruled(kind, read, facts));
    }
    const guarded = this.#protectedWrite(writes ? facts.paths ?? [] : [], effects, ctx);
    if (guarded !== undefined) return this.#final(unruled("ask", guarded, "guard"));
    if (writes && this.mode === "plan") {
      return unruled("ask", "Mode plan does not write files", "mode");
    }
    if (this.mode === "bypassPermissions") return unruled("allow", this.#modeReason(), "mode");
    if (facts.command !== undefined && call.kind === "builtin") {
      return this.#final(this.#decideParts(facts, tool === "monitor" ? "monitor" : "bash", ctx));
    }
    // A path rule that allows writing also allows reading there (as Claude Code does).
    const allow = this.#first("allow", facts, ctx) ??
      (reads ? this.#firstPath("allow", facts, "write_file", ctx) : undefined);
    if (allow !== undefined) return ruled("allow", allow, facts);
    const d = defaultFor(facts, this.mode, this.workingDirs);
    return this.#final(unruled(d.verdict, d.reason, d.basis));
  }

  /** dontAsk's last word on any verdict: what would ask is denied, by the mode. */
  #final(d: Decision): Decision {
    if (d.verdict !== "ask" || this.mode !== "dontAsk") return d;
    return {
      ...d,
      verdict: "deny",
      reason: `${d.reason}; ${this.#modeReason()} denies instead of asking`,
      basis: d.basis === "default" ? "mode" : d.basis,
    };
  }

  /** Why a write is held for approval: a protected file, or a target only known at run time. */
  #protectedWrite(
    paths: readonly string[],
    effects: ShellEffects | undefined,
    ctx: PathContext,
  ): string | undefined {
    const targets = [...paths];
    if (effects !== undefined) {
      if (effects.unknownWrites) return "The command writes a file only known when it runs";
      for (const w of effects.writes) {
        for (const base of effects.bases) targets.push(...argumentPaths(w, base, ctx));
      }
    }
    const hit = targets.find((p) => isProtectedWrite(p, ctx));
    return hit === undefined
      ? undefined
      : `Writing ${hit} needs approval: it is a protected file (settings, .git, shell start-up files)`;
  }

  /** The facts of reading a path (absolute, or relative to the context's directory). */
  #readFacts(path: string, ctx: PathContext): CallFacts | { error: string } {
    return callFacts({ kind: "builtin", tool: "read_file", input: { file_path: path } }, ctx);
  }

  /** True when reading the path is allowed by a rule (a read or a write allow rule). */
  #readAllowed(path: string, ctx: PathContext): boolean {
    const facts = this.#readFacts(path, ctx);
    if ("error" in facts) return false;
    return (this.#first("allow", facts, ctx) ??
      this.#firstPath("allow", facts, "write_file", ctx)) !== undefined;
  }

  #modeReason(): string {
    return `Mode ${this.mode}${this.modeSource ? ` (from ${this.modeSource})` : ""}`;
  }

  /** Read deny and ask rules on the paths a command names, write rules on what it writes. */
  #bashPaths(
    kind: "deny" | "ask",
    effects: ShellEffects,
    ctx: PathContext,
  ): { rule: Rule; why: string } | undefined {
    const [policy, run] = this.#both(kind);
    const order = (r: Rule) => policy.order(r) ?? policy.rules.length + (run.order(r) ?? 0);
    return bashPathRule([policy.paths, run.paths], order, effects, ctx);
  }

  /**
   * A shell command: a bare allow rule covers it all; else, unless it is opaque, each top-level
   * part must be covered by an allow rule as written (the whole command by an exact one) or be
   * a read-only command.
   */
  #decideParts(facts: CallFacts, tool: ShellTool, ctx: PathContext): Decision {
    const command = facts.command!;
    const [policy, run] = this.#both("allow");
    const bare = policy.bareShell(tool) ?? run.bareShell(tool);
    if (bare !== undefined) return ruled("allow", bare, facts);
    if (command.opaque) {
      return unruled(
        "ask",
        `The command cannot be checked before it runs (${command.reasons.join("; ")})`,
        "default",
      );
    }
    const whole = policy.wholeCommand(command.command, tool) ??
      run.wholeCommand(command.command, tool);
    if (whole !== undefined && command.topLevel.length > 1) return ruled("allow", whole, facts);
    const parts: PartDecision[] = command.topLevel.map((part) => this.#decidePart(part, tool, ctx));
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

  #decidePart(part: SimpleCommand, tool: ShellTool, ctx: PathContext): PartDecision {
    const rule = this.#covering(part, tool);
    const escape = rule !== undefined && rule.parsed?.family === "bash" &&
        rule.parsed.bash.kind !== "exact"
      ? escapesPrefixRule(part.words.map((w) => w.value)) ??
        inlineEscape(rule.parsed.bash, part.words)
      : undefined;
    const outside = rule === undefined || escape !== undefined
      ? undefined
      : this.#writesOutside(part, ctx);
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
    const d = this.#final(
      escape !== undefined ? unruled("ask", escape, "guard") : outside !== undefined
        ? unruled(
          "ask",
          `"${part.text}" writes ${outside}, outside the working directories: ` +
            `${rule!.text} does not cover writing there`,
          "guard",
        )
        : this.#partDefault(part, ctx),
    );
    return {
      part: part.text,
      verdict: d.verdict,
      rule: null,
      source: null,
      reason: d.reason,
      basis: d.basis,
    };
  }

  /**
   * What a part an allow rule covers writes outside the working directories (`sort -o ../x`,
   * as Claude Code asks for it under `Bash(sort:*)`), or undefined.
   */
  #writesOutside(part: SimpleCommand, ctx: PathContext): string | undefined {
    let i = 0;
    while (i < part.words.length && part.words[i]!.assignment) i++;
    const w = writeTargets(part.words.slice(i).map((x) => x.dynamic ? null : x.value));
    for (const p of [...w.paths, ...w.trees]) {
      if (p === null) return "a file only known when it runs";
      if (!this.workingDirs.contains(resolvePath(p, ctx))) return p;
    }
    return undefined;
  }

  #partDefault(part: SimpleCommand, ctx: PathContext): Decision {
    if (part.words.some((w) => w.dynamic)) {
      return unruled("ask", `"${part.text}" expands at run time: it needs a rule`, "default");
    }
    for (const r of part.redirects) {
      const t = r.target;
      // Every input redirection (`{fd}<` too); `<&3`, `<&-` name a descriptor, not a file.
      if (t === undefined || !INPUT.test(r.op)) continue;
      if (r.op.endsWith("<&") && !t.dynamic && /^(\d+|-)$/.test(t.value)) continue;
      const path = t.dynamic ? undefined : resolvePath(t.value, ctx);
      const inside = path !== undefined && !t.value.startsWith("~") &&
        this.workingDirs.contains(path);
      if (!inside && !(path !== undefined && this.#readAllowed(path, ctx))) {
        return unruled(
          "ask",
          `"${part.text}" reads ${t.raw}, outside the working directories`,
          "default",
        );
      }
    }
    const argv = part.words.map((w) => w.value);
    const kind: CommandDefault = classifyCommand(argv, {
      inWorkingDirs: (p) => {
        const abs = resolvePath(p, ctx);
        return this.workingDirs.contains(abs) || this.#readAllowed(abs, ctx);
      },
    });
    switch (kind.kind) {
      case "read-only":
        return unruled("allow", `"${part.text}" is a read-only command`, "default");
      case "edit": {
        if (this.mode === "plan") return unruled("deny", PLAN_READ_ONLY, "mode");
        const paths = kind.paths.map((p) => resolvePath(p, ctx));
        if (paths.some((p) => isProtectedWrite(p, ctx))) {
          return unruled("ask", `"${part.text}" changes a protected file`, "guard");
        }
        if (this.mode === "acceptEdits" && paths.every((p) => this.workingDirs.contains(p))) {
          return unruled("allow", `Mode acceptEdits allows "${part.text}"`, "mode");
        }
        return unruled("ask", `"${part.text}" changes files: it needs approval`, "default");
      }
      case "other":
        if (this.mode === "plan") return unruled("deny", PLAN_READ_ONLY, "mode");
        return unruled("ask", kind.reason, "default");
      default: {
        const never: never = kind;
        throw new Error(`unknown command default ${JSON.stringify(never)}`);
      }
    }
  }

  /**
   * The deny or ask rule for reading that hides a path (from `@file` references and search
   * results), or undefined.
   *
   * @param path the path, absolute or relative to the root
   * @returns the hiding rule
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Policy } from "./policy.ts";
   *
   * const policy = new Policy({
   *   sources: [{
   *     label: ".claude/settings.json",
   *     scope: "project",
   *     deny: ["Read(./secrets/**)"],
   *     ask: ["Read(~/.aws/**)"],
   *   }],
   *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
   * });
   * assert.equal(policy.hidesRead("secrets/api.key")?.text, "Read(./secrets/**)");
   * assert.equal(policy.hidesRead("/home/me/.aws/credentials")?.kind, "ask");
   * assert.equal(policy.hidesRead("src/app.ts"), undefined);
   * ```
   */
  hidesRead(path: string): Rule | undefined {
    const facts = this.#readFacts(path, this.ctx);
    if ("error" in facts) return undefined;
    return this.#first("deny", facts, this.ctx) ?? this.#first("ask", facts, this.ctx);
  }
}

const PLAN_READ_ONLY = "Mode plan runs read-only commands only";

function indexes(rules: readonly Rule[]): Record<RuleKind, RuleIndex> {
  return {
    allow: new RuleIndex(rules.filter((r) => r.kind === "allow")),
    ask: new RuleIndex(rules.filter((r) => r.kind === "ask")),
    deny: new RuleIndex(rules.filter((r) => r.kind === "deny")),
  };
}

function refuse(reason: string): Decision {
  return { verdict: "deny", rule: null, source: null, reason, basis: "input", error: true };
}

/** A verdict no rule gave: a guard's, the mode's or the default's. */
function unruled(verdict: Verdict, reason: string, basis: Basis): Decision {
  return { verdict, rule: null, source: null, reason, basis };
}

const VERB: Readonly<Record<RuleKind, string>> = {
  allow: "Allowed",
  ask: "Needs approval",
  deny: "Denied",
};

function ruled(kind: RuleKind, rule: Rule, facts: CallFacts): Decision {
  let reason = `${VERB[kind]} by ${rule.text} from ${rule.source}`;
  const command = facts.command;
  const hidden = command?.view.hidden[0];
  if (kind !== "allow" && hidden !== undefined) {
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
