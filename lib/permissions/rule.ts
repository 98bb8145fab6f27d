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
  CLAUDE_TOOLS,
  type EngineTool,
  engineTool,
  ruleTools,
  TOOL_SPECIFIER,
} from "./tool_names.ts";
import { analyzeCommand } from "../shell/split.ts";

/** Which list a rule is in: `permissions.allow`, `permissions.ask` or `permissions.deny`. */
export type RuleKind = "allow" | "ask" | "deny";

/**
 * The form of a rule: a bare tool name (`tool`), a Bash command pattern (`bash`), a file path
 * glob (`path`), a WebFetch domain (`domain`), an agent or skill name (`named`), or an MCP
 * server or tool (`mcp`).
 */
export type RuleFamily = "tool" | "bash" | "path" | "domain" | "named" | "mcp";

/** A parsed specifier (the text inside the parentheses), tagged by family. */
export type Specifier =
  | { family: "bash"; bash: BashPattern }
  | { family: "path"; path: PathPattern }
  | { family: "domain"; domain: DomainPattern }
  | { family: "named"; name: string };

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
  };
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
  const base = {
    text,
    source,
    kind,
    isValid: true,
    error: undefined,
    errorKind: undefined,
    specifier: undefined,
    mcpServer: undefined,
    mcpTool: undefined,
    parsed: undefined,
  };
  if (t.startsWith("mcp__")) {
    if (t.includes("(")) return invalid(text, source, kind, "an MCP rule takes no specifier");
    const rest = t.slice(5);
    const sep = rest.indexOf("__");
    const server = sep === -1 ? rest : rest.slice(0, sep);
    const tool = sep === -1 ? "" : rest.slice(sep + 2);
    if (server === "") return invalid(text, source, kind, "no MCP server named");
    return {
      ...base,
      family: "mcp",
      tools: [],
      mcpServer: server,
      mcpTool: tool === "" || tool === "*" ? undefined : tool,
    };
  }
  const open = t.indexOf("(");
  const name = open === -1 ? t : t.slice(0, open).trim();
  if (open !== -1 && !t.endsWith(")")) return invalid(text, source, kind, 'missing ")"');
  const tools = ruleTools(name);
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
  if (open === -1) return { ...base, family: "tool", tools };
  const spec = t.slice(open + 1, -1);
  const parsed = parseSpecifier(name, spec, kind !== "allow");
  if ("error" in parsed) return invalid(text, source, kind, parsed.error);
  return { ...base, family: parsed.family, tools, specifier: spec, parsed };
}

/** A specifier; `wide`: a deny or ask rule's path, read as far as Claude Code reads it. */
function parseSpecifier(name: string, spec: string, wide: boolean): Specifier | { error: string } {
  const family = TOOL_SPECIFIER[engineTool(name)!];
  switch (family) {
    case "bash": {
      const bash = parseBashSpecifier(spec);
      return "error" in bash ? bash : { family, bash };
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
      return n === "" ? { error: "empty name" } : { family, name: n };
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
  if (rule.family === "mcp") {
    return call.kind === "mcp" && call.server === rule.mcpServer &&
      (rule.mcpTool === undefined || rule.mcpTool === call.tool ||
        (rule.kind !== "allow" && mcpToolGlob(rule.mcpTool, call.tool)));
  }
  if (call.kind === "mcp" && rule.kind === "allow") return false;
  if (facts.tool === undefined || !rule.tools.includes(facts.tool)) return false;
  const parsed = rule.parsed;
  if (parsed === undefined) return true;
  const deny = rule.kind !== "allow";
  switch (parsed.family) {
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
      return facts.name === parsed.name;
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
 * A deny or ask rule's MCP tool name with `*` in it (`mcp__x__del*`, the red team's: taken as
 * written it named no tool, and denied nothing) as a wildcard over the tool's name; an allow
 * rule's stays as written.
 */
function mcpToolGlob(glob: string, tool: string | undefined): boolean {
  if (tool === undefined || !glob.includes("*")) return false;
  const parts = glob.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`).test(tool);
}
