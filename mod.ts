/**
 * skald: Claude Code's permission rules, as a library.
 *
 * Build a {@link Policy} from settings sources and decide tool calls:
 *
 * ```ts
 * import { Policy } from "./mod.ts";
 *
 * const policy = new Policy({
 *   sources: [{
 *     label: ".claude/settings.json",
 *     scope: "project",
 *     allow: ["Bash(npm run test:*)"],
 *     deny: ["Bash(rm:*)", "Read(./secrets/**)"],
 *   }],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * const d = policy.decide({ tool: "Bash", input: { command: "sudo rm -rf /" } });
 * console.assert(d.verdict === "deny" && d.rule === "Bash(rm:*)");
 * ```
 *
 * Load the sources of a real project with {@link loadSettings}, parse single rules with
 * {@link parseRule}, split commands with {@link shellParts}.
 *
 * @module
 */

export {
  type CallRequest,
  Policy,
  type PolicyOptions,
  type PolicySource,
} from "./lib/permissions/policy.ts";
export {
  asHash,
  type CallFacts,
  callFacts,
  coversCommandPart,
  parseRule,
  type Rule,
  type RuleFamily,
  type RuleHash,
  type RuleKind,
  ruleMatches,
  type Specifier,
} from "./lib/permissions/rule.ts";
export {
  type Decision,
  type PartDecision,
  strictest,
  type Verdict,
} from "./lib/permissions/verdict.ts";
export { isMode, type Mode, MODES, type SourceScope } from "./lib/permissions/modes.ts";
export {
  callPaths,
  type PathContext,
  pathContext,
  type PathEnv,
  resolvePath,
} from "./lib/permissions/paths.ts";
export {
  inputForSubject,
  type ToolCall,
  type ToolInput,
  toToolCall,
} from "./lib/permissions/call.ts";
export {
  CLAUDE_TOOLS,
  type EngineTool,
  engineTool,
  READ_TOOLS,
  ruleTools,
  WRITE_TOOLS,
} from "./lib/permissions/tool_names.ts";
export {
  analyzeCommand,
  type CommandAnalysis,
  type ShellParts,
  shellParts,
} from "./lib/shell/split.ts";
export { type LoadedSettings, loadSettings, type SettingsLocations } from "./lib/settings/load.ts";
export type { Problem } from "./lib/settings/problem.ts";
export { cachedRealPath, realPathOnDisk } from "./lib/fs/real_path.ts";
export type { BashPattern } from "./lib/permissions/bash_pattern.ts";
export type { PathAnchor, PathPattern } from "./lib/permissions/path_pattern.ts";
export type { PathMatcher } from "./lib/glob/path_glob.ts";
export type { DomainPattern } from "./lib/permissions/domain_pattern.ts";
export type { WorkingDirs } from "./lib/permissions/defaults.ts";
export type {
  Heredoc,
  OpaqueKind,
  OpaqueReason,
  Redirect,
  ShellParse,
  SimpleCommand,
  Word,
} from "./lib/shell/parse.ts";
export type { Candidate, DenyView, Hidden } from "./lib/shell/unwrap.ts";
