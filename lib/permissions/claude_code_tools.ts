/**
 * Every tool name Claude Code 2.1.332 knows, as data: the names its permission rules are
 * matched on (its own table of tool names, read from the 2.1.332 binary), which include every
 * tool it offers the model (checked against the oracle's requests: `tests/fixtures/oracle/
 * tools.json`), the older names it maps to them, and the older names skald also reads. A rule
 * on any other name is accepted by Claude Code without a word and matches no tool of its own.
 * Pure data.
 *
 * @module
 */

/** The version the table was taken from. */
export const CLAUDE_CODE_TOOLS_VERSION = "2.1.332";

/** Claude Code 2.1.332's tool names (its table for permission rules). */
export const CLAUDE_CODE_TOOLS: readonly string[] = [
  "Agent",
  "Artifact",
  "AskUserQuestion",
  "Bash",
  "ClaudeDesign",
  "CronCreate",
  "CronDelete",
  "CronList",
  "Edit",
  "EndConversation",
  "EnterPlanMode",
  "EnterWorktree",
  "ExitPlanMode",
  "ExitWorktree",
  "Glob",
  "Grep",
  "ListAgents",
  "ListMcpResourcesTool",
  "LSP",
  "Monitor",
  "NotebookEdit",
  "OfferChromeSetup",
  "PowerShell",
  "Projects",
  "propose_skills",
  "PushNotification",
  "Read",
  "ReadMcpResourceDirTool",
  "ReadMcpResourceTool",
  "ReadNotifications",
  "RemoteTrigger",
  "ReportFindings",
  "ScheduleWakeup",
  "SendFeedback",
  "SendMessage",
  "SendUserFile",
  "SendUserMessage",
  "SetGoal",
  "ShareOnboardingGuide",
  "ShowOnboardingRolePicker",
  "Skill",
  "SubagentHandback",
  "TaskCreate",
  "TaskGet",
  "TaskList",
  "TaskStop",
  "TaskUpdate",
  "TodoWrite",
  "ToolSearch",
  "WaitForMcpServers",
  "WebFetch",
  "WebSearch",
  "Workflow",
  "Write",
];

/** Older names Claude Code 2.1.332 maps to its tools in rules. */
export const CLAUDE_CODE_TOOL_ALIASES: Readonly<Record<string, string>> = {
  Task: "Agent",
  KillShell: "TaskStop",
  KillBash: "TaskStop",
  ListPeers: "ListAgents",
  Brief: "SendUserMessage",
  ListMcpResources: "ListMcpResourcesTool",
  ReadMcpResource: "ReadMcpResourceTool",
  ReadMcpResourceDir: "ReadMcpResourceDirTool",
  ProposeGoal: "SetGoal",
  Eval: "REPL",
};

/** Names of older Claude Code versions that skald still reads in rules. */
export const OLDER_TOOLS: readonly string[] = ["LS", "MultiEdit", "BashOutput", "SlashCommand"];

const KNOWN: ReadonlySet<string> = new Set([
  ...CLAUDE_CODE_TOOLS,
  ...Object.keys(CLAUDE_CODE_TOOL_ALIASES),
  ...Object.values(CLAUDE_CODE_TOOL_ALIASES),
  ...OLDER_TOOLS,
]);

/**
 * True for a tool name Claude Code knows (or knew): its tools, their older names, and an MCP
 * tool (`mcp__server__tool`).
 *
 * @param name a rule's tool name
 * @returns whether Claude Code has such a tool
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isClaudeCodeTool } from "./claude_code_tools.ts";
 *
 * assert.equal(isClaudeCodeTool("Workflow"), true);
 * assert.equal(isClaudeCodeTool("KillShell"), true);
 * assert.equal(isClaudeCodeTool("mcp__github__create_issue"), true);
 * assert.equal(isClaudeCodeTool("Frobnicate"), false);
 * ```
 */
export function isClaudeCodeTool(name: string): boolean {
  return KNOWN.has(name) || name.startsWith("mcp__");
}
