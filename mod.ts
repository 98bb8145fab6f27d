/**
 * skald: Claude Code's permission rules, skills catalogue and slash-command renderer, as a
 * library.
 *
 * One call reads a project as the CLI does, and gives its policy, catalogue, renderer and every
 * problem ({@link openProject}; check `problems`: an `error` there means a rule may be missing):
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { openProject } from "./mod.ts";
 *
 * const project = await openProject({ root: "examples/project", projectOnly: true });
 * assert.deepEqual(project.problems.filter((p) => p.level === "error"), []);
 * const d = project.policy.decide({ tool: "Bash", input: { command: "git push --force" } });
 * assert.equal(d.verdict, "ask");
 * const rendered = await project.render("/review src/app.ts readability");
 * assert.equal(rendered.error, undefined);
 * ```
 *
 * Four parts, each usable alone:
 *
 * - the **policy**: build a {@link Policy} from settings sources ({@link loadSettings} reads a
 *   project's), then {@link Policy.decide} a tool call; every decision names the rule and
 *   source that decided it ({@link explain} lists every rule considered). Single rules:
 *   {@link parseRule}, {@link ruleMatches}, {@link coversCommandPart}; commands:
 *   {@link shellParts}.
 * - the **catalogue**: {@link discover} a project's roots and plugins, read them into a
 *   {@link Catalogue} through a {@link SkillReader} ({@link diskSkillReader} for the disk).
 * - the **renderer**: {@link Renderer.render} a skill's or command's body for `/name ARGS`,
 *   every `` !`cmd` `` held against the policy before any runs ({@link runCommand} runs them);
 *   `@file` references are attached in the read_file and list_files formats
 *   ({@link readFileForTool}, {@link listFilesForTool}) and recorded in a {@link ReadState}
 *   ({@link recordReads}).
 * - the **audit**: {@link readTranscript} reads a Claude Code session transcript into its tool
 *   calls (each with the directory it ran in and what Claude Code did with it), a
 *   {@link replayer} decides them through a policy, and {@link newReport} counts what the policy
 *   would have done beside what Claude Code did ({@link reportTable}, {@link summaryJson}).
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "npm:yaml@2.9.1";
 * import { Catalogue, diskAttacher, Policy, Renderer, type SkillReader } from "./mod.ts";
 *
 * // The policy: rules from settings sources; a decision explains itself.
 * const policy = new Policy({
 *   sources: [{
 *     label: ".claude/settings.json",
 *     scope: "project",
 *     allow: ["Bash(npm test:*)"],
 *     deny: ["Bash(rm:*)", "Read(./secrets/**)"],
 *   }],
 *   env: { root: "/proj", home: "/home/me", realPath: (p) => p },
 * });
 * const d = policy.decide({ tool: "Bash", input: { command: "sudo rm -rf /" } });
 * assert.equal(d.verdict, "deny");
 * assert.equal(d.rule, "Bash(rm:*)");
 *
 * // The catalogue: skills and commands read through a SkillReader (here one file in memory;
 * // diskSkillReader reads the disk, discover() finds a project's roots).
 * const commands = "/proj/.claude/commands";
 * const text = "---\ndescription: Run a suite\n---\nResult: !`npm test $0`\n";
 * const reader: SkillReader = {
 *   list: (dir) =>
 *     dir === commands ? [{ name: "test.md", isDirectory: false, isFile: true }] : undefined,
 *   read: (file) =>
 *     file === `${commands}/test.md`
 *       ? { text, truncated: false }
 *       : { error: "The file does not exist", missing: true },
 *   size: () => undefined,
 *   realPath: (p) => p,
 * };
 * const catalogue = new Catalogue({
 *   roots: [{ dir: commands, source: ".claude/commands", layout: "commands" }],
 *   reader,
 *   yaml: parse,
 * });
 * assert.equal(catalogue.find("test")?.description, "Run a suite");
 *
 * // The renderer: `/test unit`, its command checked against the policy before it runs.
 * const renderer = new Renderer({
 *   root: "/proj",
 *   policy,
 *   runner: (command) => Promise.resolve({ exitCode: 0, output: `ran ${command}` }),
 *   files: diskAttacher((p) => p),
 * });
 * const entry = catalogue.find("test")!;
 * const body = catalogue.body("test")!;
 * const result = await renderer.render({ entry, body, arguments: "unit" });
 * assert.equal(result.text, "Result: ran npm test unit\n");
 * assert.equal(result.commands[0]?.verdict, "allow");
 * ```
 *
 * @module
 */

// ---------------------------------------------------------------------------------------------
// A project in one call: settings -> policy, catalogue, renderer, problems.

export {
  type OpenProject,
  openProject,
  type ProjectOptions,
  type ProjectProblem,
} from "./lib/project.ts";

// ---------------------------------------------------------------------------------------------
// Rules: one permission rule, parsed once and matched against calls.

export {
  asHash,
  callToolName,
  coversCommandPart,
  type ParamPattern,
  parseRule,
  type Rule,
  type RuleFamily,
  type RuleHash,
  type RuleKind,
  ruleMatches,
  ruleMatchesFacts,
  type Specifier,
} from "./lib/permissions/rule.ts";
export { type CallFacts, callFacts } from "./lib/permissions/facts.ts";
export type { BashPattern } from "./lib/permissions/bash_pattern.ts";
export type { PathAnchor, PathPattern } from "./lib/permissions/path_pattern.ts";
export type { PathMatcher } from "./lib/glob/path_glob.ts";
export type { DomainPattern } from "./lib/permissions/domain_pattern.ts";
export type { PowerShellPattern } from "./lib/permissions/powershell_pattern.ts";
export type { BlockScope } from "./lib/permissions/outside_blocks.ts";
export {
  CLAUDE_TOOLS,
  type EngineTool,
  engineTool,
  READ_TOOLS,
  ruleTools,
  WRITE_TOOLS,
} from "./lib/permissions/tool_names.ts";
export {
  inputForSubject,
  type ToolCall,
  type ToolInput,
  toToolCall,
} from "./lib/permissions/call.ts";
export {
  type ArchiveListing,
  type ArchiveMember,
  callPaths,
  type PathContext,
  pathContext,
  type PathEnv,
  resolvePath,
  type WalkBudget,
} from "./lib/permissions/paths.ts";

// ---------------------------------------------------------------------------------------------
// The policy: every source's rules, the mode, and decisions.

export {
  type CallRequest,
  Policy,
  type PolicyOptions,
  type PolicySource,
  type Restriction,
} from "./lib/permissions/policy.ts";
export {
  type Basis,
  type Decision,
  type PartDecision,
  strictest,
  type Verdict,
} from "./lib/permissions/verdict.ts";
export {
  decidedMode,
  isModeName,
  type Mode,
  MODE_NAMES,
  MODES,
  resolveMode,
  type SourceScope,
} from "./lib/permissions/modes.ts";
export type { WorkingDirs } from "./lib/permissions/working_dirs.ts";
export { explain, type Explanation, type RuleExplanation } from "./lib/permissions/explain.ts";
export {
  type CaseResult,
  type PolicyCase,
  readPolicyCases,
  runPolicyCases,
} from "./lib/permissions/policy_cases.ts";
export {
  defaultManagedPath,
  type LoadedSettings,
  loadSettings,
  type ReadFiles,
  type SettingsLocations,
} from "./lib/settings/load.ts";
export {
  settingsFromDocument,
  settingsFromJson,
  type SettingsRead,
} from "./lib/settings/settings.ts";
export type { Problem } from "./lib/settings/problem.ts";
export { cachedRealPath, realPathOnDisk } from "./lib/fs/real_path.ts";
export {
  type KeptListing,
  type Listings,
  newListings,
  treeHolds,
  type WalkOptions,
} from "./lib/fs/tree_search.ts";
export type { TreeFilter } from "./lib/permissions/tree_filter.ts";
export type { NameGlob, OverrideGlob } from "./lib/glob/reader_globs.ts";
export { gitAliases } from "./lib/fs/git_aliases.ts";
export { diskPathEnv } from "./lib/fs/disk_env.ts";
export { type Gunzip, loadGunzip } from "./lib/fs/archive_members.ts";

// ---------------------------------------------------------------------------------------------
// The hook: Claude Code's hook input read, the answer for a decision, a whole hook run.

export { type HookEvent, type HookInput, parseHookInput } from "./lib/hook/hook_input.ts";
export { hookAnswer, type HookOutput } from "./lib/hook/hook_answer.ts";
export { type HookOptions, type HookRun, runAgentHook, runHook } from "./lib/hook/run_hook.ts";
// The other agents' hooks: each adapter reads the agent's input and answers in its contract.
export type {
  AgentAdapter,
  AgentName,
  AgentReply,
  AgentRequest,
  AnswerOptions,
  MappedCall,
} from "./lib/hook/agents/agent.ts";
export { ADAPTERS } from "./lib/hook/agents/adapters.ts";
export { AGENT_NAMES, isAgentName } from "./lib/hook/agents/agent.ts";
export { existsOnDisk, findProjectRoot } from "./lib/fs/project_root.ts";

// ---------------------------------------------------------------------------------------------
// Shell commands: parts, opacity, and the deny view rules are held against.

export {
  analyzeCommand,
  type CommandAnalysis,
  type ShellParts,
  shellParts,
} from "./lib/shell/split.ts";
export type { ProgramKnowledge } from "./lib/shell/unwrap.ts";
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

// ---------------------------------------------------------------------------------------------
// The catalogue: skills and commands, their roots, frontmatter and `allowed-tools`.

export {
  BODY_BYTES,
  Catalogue,
  type CatalogueOptions,
  HEAD_BYTES,
  type Layout,
  type Plugin,
  type Root,
  type Shadowed,
  type SkillProblem,
} from "./lib/skills/catalogue.ts";
export type { Entry, EntryKind, SkillOverride } from "./lib/skills/entry.ts";
export {
  discover,
  type Discovered,
  type DiscoveryOptions,
  nestedRoots,
  readPlugin,
} from "./lib/skills/discovery.ts";
export { pluginFolders } from "./lib/skills/plugin_folder.ts";
export {
  checkManifest,
  type JsonPath,
  type Manifest,
  type ManifestCheck,
  type ManifestFrom,
} from "./lib/skills/manifest.ts";
export {
  type EntrySource,
  type MarketplaceEntry,
  type MarketplaceProblem,
  type MarketplaceRead,
  readMarketplace,
} from "./lib/skills/marketplace.ts";
export {
  type EntryComponents,
  isRootSource,
  type MergedEntry,
  mergeEntry,
} from "./lib/skills/marketplace_entry.ts";
export type { MarketplaceSummary } from "./lib/skills/marketplace_folder.ts";
export { isManifestKey } from "./lib/skills/manifest_keys.ts";
export {
  engineRangeProblem,
  type RangeFunctions,
  type StatedRange,
} from "./lib/skills/engine_range.ts";
export {
  budgetListing,
  type Listing,
  listingBudget,
  type ListingLine,
  type ListingOptions,
} from "./lib/skills/listing_budget.ts";
export { type BuiltinEntry, CLAUDE_CODE_BUILTINS } from "./lib/_generated/claude_builtins.ts";
export { type Frontmatter, parseFrontmatter, type YamlParse } from "./lib/skills/frontmatter.ts";
export type { DirEntry, FileHead, ReadError, SkillReader } from "./lib/skills/reader.ts";
export { diskSkillReader } from "./lib/fs/skill_reader.ts";
export {
  allowedToolRules,
  type AllowedTools,
  allowedTools,
  allowedToolsValue,
  allowedToolVars,
  splitAllowedTools,
} from "./lib/skills/allowed_tools.ts";
export { CLAUDE_CODE_TOOLS, isClaudeCodeTool } from "./lib/permissions/claude_code_tools.ts";

// ---------------------------------------------------------------------------------------------
// The renderer: `/name ARGS` -> the text a model receives.

export {
  type CommandTrace,
  DISABLED_TEXT,
  EXIT_ONE_COMMANDS,
  grantSource,
  recordReads,
  Renderer,
  type RendererOptions,
  type RenderResult,
  type Runner,
} from "./lib/render/renderer.ts";
export {
  argumentNames,
  expandArguments,
  type ExpansionContext,
  splitArguments,
} from "./lib/render/arguments.ts";
export { parseTemplate, type Segment } from "./lib/render/template.ts";
export { attachmentText, type FileAttacher, type FileRead } from "./lib/render/attachments.ts";
export { diskAttacher } from "./lib/fs/disk_attacher.ts";
export { MAX_OUTPUT, runCommand, type RunOptions, type RunResult } from "./lib/exec/run_command.ts";

// ---------------------------------------------------------------------------------------------
// The read_file and list_files formats, their disk edge, and the read state of a run.

export {
  cutNote,
  EMPTY_FILE_TEXT,
  type EmptyText,
  estimateTokens,
  type FileContent,
  type FileKind,
  fileKindOf,
  formatFileSize,
  NOT_TEXT_NOTES,
  type NotShown,
  type NotText,
  type PartialText,
  READ_LIMITS,
  readFileForTool,
  type ReadFileOptions,
  type ReadFileResult,
  type WholeText,
} from "./lib/tools/read_file.ts";
export {
  type DirListing,
  LIST_LIMITS,
  listFilesForTool,
  type ListFilesOptions,
  type ListFilesResult,
  moreEntriesLine,
} from "./lib/tools/list_files.ts";
export {
  CHANGED_MESSAGE,
  checkWrite,
  emptyReadState,
  NOT_READ_MESSAGE,
  type ReadRecord,
  type ReadState,
  recordRead,
  wasRead,
  type WriteCheck,
} from "./lib/tools/read_state.ts";
export {
  type EntryKind as ToolEntryKind,
  listForTool,
  readForTool,
  type ToolDirEntry,
  type ToolDirListing,
  type ToolFsError,
  type ToolFsErrorCode,
} from "./lib/fs/tool_files.ts";

// ---------------------------------------------------------------------------------------------
// The audit: Claude Code's transcripts replayed through a policy (`skald audit`).

export {
  CLAUDE_OUTCOMES,
  type ClaudeOutcome,
  claudeOutcome,
  type ResultFacts,
} from "./lib/audit/claude_outcome.ts";
export { readTranscript, type Transcript, type TranscriptCall } from "./lib/audit/transcript.ts";
export { type ReplayCall, type Replayer, replayer } from "./lib/audit/replay.ts";
export {
  type AuditedCall,
  type AuditReport,
  isFinding,
  newReport,
  type OutcomeCounts,
  type ProjectUse,
  type ReportBuilder,
  type RuleUse,
} from "./lib/audit/report.ts";
export {
  type CallJson,
  callJson,
  type ListedJson,
  type SummaryJson,
  summaryJson,
} from "./lib/audit/report_json.ts";
export { githubAnnotations, reportTable } from "./lib/audit/report_text.ts";
export { callSubject } from "./lib/audit/subject.ts";
export { projectFolderName } from "./lib/audit/project_folder.ts";
export { fileLines, findTranscripts } from "./lib/fs/transcript_files.ts";
