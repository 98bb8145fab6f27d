/**
 * One permission rule as Claude Code writes it in `permissions.allow`, `ask` or `deny`, with
 * the source it came from (the spec's `Permissions::Rule`). Parsed once; a rule that cannot be
 * parsed, or names an unknown tool, is kept with an error and never matches. Pure: the
 * environment (root, home, real paths) comes in as data.
 *
 * @module
 */

import {
  type BashPattern,
  coversPart,
  deniesCandidate,
  deniesWholeCommand,
  isWholeCommand,
  parseBashSpecifier,
} from "./bash_pattern.ts";
import type { ToolCall } from "./call.ts";
import { domainMatches, type DomainPattern, parseDomainSpecifier } from "./domain_pattern.ts";
import { type CallFacts, callFacts } from "./facts.ts";
import { parsePathSpecifier, type PathPattern, pathPatternMatches } from "./path_pattern.ts";
import type { PathContext } from "./paths.ts";
import {
  CLAUDE_NAME,
  CLAUDE_TOOLS,
  type EngineTool,
  engineTool,
  PRIMARY_FIELD,
  ruleTools,
  TOOL_SPECIFIER,
} from "./tool_names.ts";
import { CLAUDE_CODE_TOOL_ALIASES, isClaudeCodeTool } from "./claude_code_tools.ts";
import {
  parsePowerShellSpecifier,
  powerShellCovers,
  powerShellDenies,
  type PowerShellPattern,
} from "./powershell_pattern.ts";
import { wildcardMatch } from "../glob/wildcard.ts";
import { analyzeCommand } from "../shell/split.ts";

/** Which list a rule is in: `permissions.allow`, `permissions.ask` or `permissions.deny`. */
export type RuleKind = "allow" | "ask" | "deny";

/**
 * The form of a rule: a bare tool name (`tool`), a Bash command pattern (`bash`), a PowerShell
 * command pattern (`powershell`), a file path glob (`path`), a WebFetch domain (`domain`), an
 * agent or skill name (`named`), an MCP server or tool (`mcp`), a tool-name glob of a deny or
 * ask rule (`glob`: `Web*`, `*`), or a specifier on a Claude Code tool skald does not model
 * (`other`: only its `param:value` form matches).
 */
export type RuleFamily =
  | "tool"
  | "bash"
  | "powershell"
  | "path"
  | "domain"
  | "named"
  | "mcp"
  | "glob"
  | "other";

/** A parsed specifier (the text inside the parentheses), tagged by family. */
export type Specifier =
  | { family: "bash"; bash: BashPattern }
  | { family: "powershell"; powershell: PowerShellPattern }
  | { family: "path"; path: PathPattern }
  | { family: "domain"; domain: DomainPattern }
  | { family: "named"; name: string; prefix?: boolean };

/**
 * A deny or ask rule's `Tool(key:value)` form (Claude Code 2.1.332): it also matches a call of
 * that tool whose top-level input `key` (not the tool's primary field) is a scalar that `value`
 * matches whole (`*` any run, case kept): `Agent(model:opus)`, `WebSearch(query:...)`.
 */
export interface ParamPattern {
  /** The input key. */
  key: string;
  /** The value, `*` a wildcard. */
  value: string;
}

/** One permission rule, parsed, with the source it came from. */
export interface Rule {
  /** The rule as written. */
  readonly text: string;
  /** Where it came from: a settings file, `session`, `/review allowed-tools`, ... */
  readonly source: string;
  /** `allow`, `ask` or `deny`. */
  readonly kind: RuleKind;
  /** True when the rule could be parsed and names a known tool. */
  readonly isValid: boolean;
  /** Why the rule is invalid. */
  readonly error: string | undefined;
  /**
   * For an invalid rule: `unknown-tool` when it names a tool skald does not know (Claude Code
   * may know it, and enforce it), `syntax` when it cannot be read at all.
   */
  readonly errorKind: "syntax" | "unknown-tool" | undefined;
  /** The form; undefined for an invalid rule. */
  readonly family: RuleFamily | undefined;
  /** The engine tools it applies to (empty for an MCP rule or an invalid one). */
  readonly tools: readonly EngineTool[];
  /** The text inside the parentheses; undefined for a bare tool rule. */
  readonly specifier: string | undefined;
  /** For an MCP rule: the server. */
  readonly mcpServer: string | undefined;
  /** For an MCP rule: the tool; undefined for every tool of the server. */
  readonly mcpTool: string | undefined;
  /** The parsed specifier. */
  readonly parsed: Specifier | undefined;
  /** The tool as Claude Code names it (`Read`, `Agent` for `Task`); undefined for MCP. */
  readonly toolName: string | undefined;
  /** A deny or ask rule's `key:value` form, held against the call's input too. */
  readonly param: ParamPattern | undefined;
  /** A tool-name glob (`Web*`): the names it matches, for a deny or ask rule. */
  readonly toolGlob: string | undefined;
}

/** `{ rule, source, kind, error? }`, for reports. */
export interface RuleHash {
  /** The rule as written. */
  rule: string;
  /** Where it came from. */
  source: string;
  /** `allow`, `ask` or `deny`. */
  kind: RuleKind;
  /** Why it is invalid, for an invalid rule. */
  error?: string;
}

const KINDS: ReadonlySet<string> = new Set(["allow", "ask", "deny"]);

/** What a valid rule of a family may set. */
type RuleFields = Partial<
  Pick<Rule, "specifier" | "mcpServer" | "mcpTool" | "parsed" | "toolName" | "param" | "toolGlob">
>;

/** A valid rule: one object literal for every family (its keys in one order, no spread). */
function validRule(
  text: string,
  source: string,
  kind: RuleKind,
  family: RuleFamily,
  tools: readonly EngineTool[],
  fields: RuleFields,
): Rule {
  return {
    text,
    source,
    kind,
    isValid: true,
    error: undefined,
    errorKind: undefined,
    specifier: fields.specifier,
    mcpServer: fields.mcpServer,
    mcpTool: fields.mcpTool,
    parsed: fields.parsed,
    toolName: fields.toolName,
    param: fields.param,
    toolGlob: fields.toolGlob,
    family,
    tools,
  };
}

function invalid(
  text: string,
  source: string,
  kind: RuleKind,
  reason: string,
  errorKind: "syntax" | "unknown-tool" = "syntax",
): Rule {
  return {
    text,
    source,
    kind,
    isValid: false,
    error: `Cannot parse rule "${text}": ${reason}`,
    errorKind,
    family: undefined,
    tools: [],
    specifier: undefined,
    mcpServer: undefined,
    mcpTool: undefined,
    parsed: undefined,
    toolName: undefined,
    param: undefined,
    toolGlob: undefined,
  };
}

/**
 * A specifier's `key:value` form, split at the first `:` and trimmed (Claude Code's); undefined
 * when either side is empty or the key is no input key (it has blanks).
 */
function paramOf(spec: string): ParamPattern | undefined {
  const cut = spec.indexOf(":");
  if (cut <= 0) return undefined;
  const key = spec.slice(0, cut).trim();
  // Claude Code takes `\(`, `\)` and `\\` in a rule's content as the character itself.
  const value = spec.slice(cut + 1).trim().replace(/\\([()\\])/g, "$1");
  return key === "" || value === "" || /\s/.test(key) ? undefined : { key, value };
}

/**
 * Parses a rule. A rule that cannot be parsed, or names an unknown tool, comes back with
 * `isValid` false and an `error`; it never matches anything.
 *
 * @param text the rule as written, e.g. `Bash(npm run test:*)`
 * @param source where it came from
 * @param kind `allow`, `ask` or `deny`
 * @returns the rule; check `isValid`
 * @throws {TypeError} when kind is none of the three (a programming error)
 */
export function parseRule(text: string, source: string, kind: RuleKind): Rule {
  if (!KINDS.has(kind)) throw new TypeError(`Unknown rule kind "${kind}"`);
  if (typeof text !== "string") return invalid(String(text), source, kind, "not a string");
  const t = text.trim();
  if (t === "") return invalid(text, source, kind, "empty rule");
  const made = (family: RuleFamily, tools: readonly EngineTool[], fields: RuleFields) =>
    validRule(text, source, kind, family, tools, fields);
  if (t.startsWith("mcp__")) {
    if (t.includes("(")) return invalid(text, source, kind, "an MCP rule takes no specifier");
    const rest = t.slice(5);
    const sep = rest.indexOf("__");
    const server = sep === -1 ? rest : rest.slice(0, sep);
    const tool = sep === -1 ? "" : rest.slice(sep + 2);
    if (server === "") return invalid(text, source, kind, "no MCP server named");
    // A `*` before a literal `mcp__SERVER__` is a glob over the whole name: a deny or ask rule
    // only, as in Claude Code (`mcp__*`, `mcp__s*__get`).
    if (server.includes("*")) {
      if (kind === "allow") {
        return invalid(text, source, kind, `a wildcard MCP server "${server}" is not allowed`);
      }
      return made("glob", [], { toolGlob: t });
    }
    return made("mcp", [], {
      mcpServer: server,
      mcpTool: tool === "" || tool === "*" ? undefined : tool,
    });
  }
  const open = t.indexOf("(");
  const name = open === -1 ? t : t.slice(0, open).trim();
  if (open !== -1 && !t.endsWith(")")) return invalid(text, source, kind, 'missing ")"');
  const spec = open === -1 ? undefined : t.slice(open + 1, -1);
  if (name.includes("*") && /^[\w*]+$/.test(name)) {
    // A tool-name glob (Claude Code 2.1.332): deny and ask rules only; one with a specifier is
    // valid and matches nothing, as there.
    if (kind === "allow") {
      return invalid(text, source, kind, `a wildcard tool name "${name}" is not allowed`);
    }
    return made("glob", [], { toolGlob: name, specifier: spec });
  }
  const tools = ruleTools(name);
  // WebFetch's specifier is always a domain: Claude Code refuses its `key:value` rules.
  const param = kind !== "allow" && spec !== undefined && name !== "WebFetch"
    ? paramOf(spec)
    : undefined;
  if (tools === undefined && isClaudeCodeTool(name) && !/\s/.test(name)) {
    // A Claude Code tool skald does not model: its bare rule names it; a specifier matches in
    // its `key:value` form only.
    const toolName = CLAUDE_CODE_TOOL_ALIASES[name] ?? name;
    return spec === undefined
      ? made("tool", [], { toolName })
      : made("other", [], { toolName, specifier: spec, param });
  }
  if (tools === undefined) {
    // A name that is a known tool's but for its case, a lookalike or an invisible character
    // (`BASH(rm:*)`, `Bash（rm:*）`, a zero-width space) is a mistake, not a tool Claude Code may
    // know: unreadable, so that a deny rule written so blocks the hook (the red team's).
    const near = nearTool(t);
    if (near !== undefined) {
      return invalid(text, source, kind, `"${name}" is not a tool name; was "${near}" meant?`);
    }
    return invalid(text, source, kind, `unknown tool "${name}"`, "unknown-tool");
  }
  const toolName = ruleToolName(name);
  if (spec === undefined) return made("tool", tools, { toolName });
  const parsed = parseSpecifier(name, spec, kind !== "allow");
  if ("error" in parsed) {
    // Only a `key:value` rule: Claude Code holds it against the input (`WebSearch(query:x*)`).
    if (param !== undefined) {
      return made("other", tools, { toolName, specifier: spec, param });
    }
    return invalid(text, source, kind, parsed.error);
  }
  return made(parsed.family, tools, { specifier: spec, parsed, toolName, param });
}

/** The tool a rule names, as Claude Code calls it (`Task` is `Agent`, `bash` is `Bash`). */
function ruleToolName(name: string): string {
  const engine = engineTool(name);
  if (name === "Edit" || name === "Write" || name === "MultiEdit" || name === "Read") return name;
  return engine === undefined ? name : CLAUDE_NAME[engine];
}

/** A specifier; `wide`: a deny or ask rule's path, read as far as Claude Code reads it. */
function parseSpecifier(name: string, spec: string, wide: boolean): Specifier | { error: string } {
  const family = TOOL_SPECIFIER[engineTool(name)!];
  switch (family) {
    case "bash": {
      const bash = parseBashSpecifier(spec);
      return "error" in bash ? bash : { family, bash };
    }
    case "powershell": {
      const powershell = parsePowerShellSpecifier(spec);
      return "error" in powershell ? powershell : { family, powershell };
    }
    case "path": {
      const path = parsePathSpecifier(spec, wide);
      return "error" in path ? path : { family, path };
    }
    case "domain": {
      const domain = parseDomainSpecifier(spec);
      return "error" in domain ? domain : { family, domain };
    }
    case "named": {
      const n = spec.trim();
      if (n === "") return { error: "empty name" };
      // A skill rule `Skill(pdf:*)` or `Skill(pdf *)` is a plain prefix of the name, no word
      // boundary (Claude Code 2.1.332: it also names `pdf-tools`).
      const prefix = name === "Skill" && /(:\*| \*)$/.test(n) ? n.slice(0, -2) : undefined;
      if (prefix === "") return { error: "empty skill prefix" };
      return prefix === undefined ? { family, name: n } : { family, name: prefix, prefix: true };
    }
    case undefined:
      return { error: `"${name}" takes no specifier` };
    default: {
      const never: never = family;
      throw new Error(`unknown specifier family ${never}`);
    }
  }
}

/**
 * The rule for reports: its text, source and kind, and the error of an invalid one.
 *
 * @param rule a rule
 * @returns `{ rule, source, kind, error? }`
 */
export function asHash(rule: Rule): RuleHash {
  const out: RuleHash = { rule: rule.text, source: rule.source, kind: rule.kind };
  if (rule.error !== undefined) out.error = rule.error;
  return out;
}

/**
 * True when the rule applies to the call whose facts are given. An invalid rule never
 * matches; a tool-name rule matches a foreign MCP tool of that name only as deny or ask. An
 * allow rule must cover the whole call (every path, the one top-level command); a deny or ask
 * rule matches when it reaches any part of it.
 *
 * @param rule the rule
 * @param facts the call's facts, from {@link callFacts}
 * @param ctx root and home, the same as the facts were worked out in
 * @returns whether the rule matches
 */
export function ruleMatchesFacts(rule: Rule, facts: CallFacts, ctx: PathContext): boolean {
  if (!rule.isValid) return false;
  const call = facts.call;
  if (rule.param !== undefined && paramMatches(rule, rule.param, facts)) return true;
  switch (rule.family) {
    case "mcp":
      return call.kind === "mcp" && call.server === rule.mcpServer &&
        (rule.mcpTool === undefined || rule.mcpTool === call.tool ||
          mcpToolGlob(rule.mcpTool, call.tool));
    case "glob": // with a specifier it matches nothing, as in Claude Code
      return rule.specifier === undefined && wildcardMatch(rule.toolGlob!, callToolName(call));
    case "other":
      return false;
  }
  if (call.kind === "other") return rule.family === "tool" && rule.toolName === call.name;
  if (call.kind === "mcp" && rule.kind === "allow") return false;
  if (facts.tool === undefined || !rule.tools.includes(facts.tool)) return false;
  const parsed = rule.parsed;
  if (parsed === undefined) return true;
  const deny = rule.kind !== "allow";
  switch (parsed.family) {
    case "powershell":
      if (facts.powershell === undefined) return false;
      return deny
        ? powerShellDenies(parsed.powershell, facts.powershell)
        : powerShellCovers(parsed.powershell, facts.powershell);
    case "bash": {
      const command = facts.command;
      if (command === undefined) return false;
      if (!deny) {
        if (command.opaque || command.topLevel.length === 0) return false;
        if (command.topLevel.length === 1) return coversPart(parsed.bash, command.topLevel[0]!);
        return isWholeCommand(parsed.bash, command.command);
      }
      return command.view.hidden.length > 0 ||
        deniesWholeCommand(parsed.bash, command.command) ||
        command.view.candidates.some((c) => deniesCandidate(parsed.bash, c));
    }
    case "path": {
      const paths = facts.paths ?? [];
      const hit = (p: string) => pathPatternMatches(parsed.path, p, ctx);
      return deny ? paths.some(hit) : paths.length > 0 && paths.every(hit);
    }
    case "domain":
      if (facts.host === undefined) return false;
      if (facts.host === null) return deny;
      return domainMatches(parsed.domain, facts.host);
    case "named":
      return parsed.prefix
        ? facts.name !== undefined && facts.name.startsWith(parsed.name)
        : facts.name === parsed.name;
    default: {
      const never: never = parsed;
      throw new Error(`unknown specifier ${JSON.stringify(never)}`);
    }
  }
}

/**
 * True when the rule applies to the call (the spec's `matches`): {@link callFacts} and
 * {@link ruleMatchesFacts} in one step.
 *
 * @param rule the rule
 * @param call the canonical call
 * @param ctx root and home, as written and real
 * @returns whether the rule matches; false when the call's input is unusable
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRule, ruleMatches } from "./rule.ts";
 * import { pathContext } from "./paths.ts";
 * import type { ToolCall } from "./call.ts";
 *
 * const ctx = pathContext({ root: "/proj", home: "/home/me", realPath: (p) => p });
 * const rule = parseRule("Read(./secrets/**)", ".claude/settings.json", "deny");
 * const read: ToolCall = {
 *   kind: "builtin",
 *   tool: "read_file",
 *   input: { file_path: "/proj/secrets/api.key" },
 * };
 * assert.equal(ruleMatches(rule, read, ctx), true);
 * const other: ToolCall = { ...read, input: { file_path: "README.md" } };
 * assert.equal(ruleMatches(rule, other, ctx), false);
 * ```
 */
export function ruleMatches(rule: Rule, call: ToolCall, ctx: PathContext): boolean {
  const facts = callFacts(call, ctx);
  return !("error" in facts) && ruleMatchesFacts(rule, facts, ctx);
}

/**
 * For a Bash rule: true when it covers one part of a command as written (the spec's
 * `covers_command_part`). A bare Bash rule covers every part; a rule of another tool, an
 * invalid rule, or a part that is opaque or of several commands is never covered.
 *
 * @param rule the rule
 * @param part one part, as `shellParts` returns it
 * @returns whether the rule covers it
 */
export function coversCommandPart(rule: Rule, part: string): boolean {
  if (!rule.isValid || !rule.tools.includes("bash")) return false;
  if (rule.parsed === undefined) return true;
  if (rule.parsed.family !== "bash") return false;
  const analysis = analyzeCommand(part);
  const only = analysis.topLevel[0];
  if (analysis.opaque || analysis.topLevel.length !== 1 || only === undefined) return false;
  return coversPart(rule.parsed.bash, only);
}

/** Every tool name a rule may start with, in lower case, to the name as written. */
const KNOWN_TOOLS: ReadonlyMap<string, string> = new Map(
  [...Object.keys(CLAUDE_TOOLS), "Bash", "Read", "Edit", "Write", "MultiEdit"].map((n) => [
    n.toLowerCase(),
    n,
  ]),
);

/**
 * The known tool a rule's text means, once compatibility forms are folded (`（` is `(`),
 * invisible characters and blanks taken out and case ignored; undefined when it names none.
 */
function nearTool(text: string): string | undefined {
  const folded = text.normalize("NFKC").replace(/[\p{Cf}\s]/gu, "");
  const open = folded.indexOf("(");
  const name = (open === -1 ? folded : folded.slice(0, open)).toLowerCase();
  return KNOWN_TOOLS.get(name);
}

/**
 * An MCP tool name with `*` in it after a literal server (`mcp__x__del*`, the red team's: taken
 * as written it named no tool, and denied nothing) as a wildcard over the tool's name, in every
 * kind of rule (Claude Code 2.1.332 allows `mcp__srv__get_*` too).
 */
function mcpToolGlob(glob: string, tool: string | undefined): boolean {
  return tool !== undefined && glob.includes("*") && wildcardMatch(glob, tool);
}

/** A call's tool as Claude Code names it: `Read`, `PowerShell`, `mcp__server__tool`. */
export function callToolName(call: ToolCall): string {
  switch (call.kind) {
    case "builtin":
      return CLAUDE_NAME[call.tool];
    case "mcp":
      return `mcp__${call.server}__${call.tool}`;
    case "other":
      return call.name;
    default: {
      const never: never = call;
      throw new Error(`unknown call ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Whether a `Tool(key:value)` rule matches the call: the rule's tool is the call's (as Claude
 * Code names both), the input has the key (top level, not the tool's primary field), and its
 * value is a scalar the value matches whole (`*` any run; case kept; blanks around trimmed).
 */
function paramMatches(rule: Rule, param: ParamPattern, facts: CallFacts): boolean {
  const call = facts.call;
  if (call.kind === "mcp" || rule.toolName !== callToolName(call)) return false;
  if (call.kind === "builtin" && PRIMARY_FIELD[call.tool] === param.key) return false;
  if (!Object.hasOwn(call.input, param.key)) return false;
  const v = call.input[param.key];
  if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") return false;
  return wildcardMatch(param.value, String(v).trim());
}
