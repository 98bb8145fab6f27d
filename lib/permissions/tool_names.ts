/**
 * The one table between Claude Code's tool names and the engine's, and which engine tools a
 * rule's tool name stands for. Pure data.
 *
 * @module
 */

/** The engine's own tool names. */
export type EngineTool =
  | "read_file"
  | "list_files"
  | "glob"
  | "grep"
  | "write_file"
  | "edit_file"
  | "multi_edit"
  | "notebook_edit"
  | "bash"
  | "powershell"
  | "monitor"
  | "bash_output"
  | "kill_shell"
  | "web_fetch"
  | "web_search"
  | "agent"
  | "skill"
  | "todo_write"
  | "exit_plan_mode"
  | "slash_command";

/** Claude Code's tool names (and a few older aliases) -> the engine's. */
export const CLAUDE_TOOLS: Readonly<Record<string, EngineTool>> = {
  Read: "read_file",
  LS: "list_files",
  Glob: "glob",
  Grep: "grep",
  Write: "write_file",
  Edit: "edit_file",
  MultiEdit: "multi_edit",
  NotebookEdit: "notebook_edit",
  Bash: "bash",
  PowerShell: "powershell",
  Monitor: "monitor",
  BashOutput: "bash_output",
  KillShell: "kill_shell",
  KillBash: "kill_shell",
  WebFetch: "web_fetch",
  WebSearch: "web_search",
  Agent: "agent",
  Task: "agent",
  Skill: "skill",
  TodoWrite: "todo_write",
  ExitPlanMode: "exit_plan_mode",
  SlashCommand: "slash_command",
};

/** Every engine tool name. */
export const ENGINE_TOOLS: ReadonlySet<EngineTool> = new Set(Object.values(CLAUDE_TOOLS));

/** The tools that read files: what `Read(...)` stands for. */
export const READ_TOOLS: readonly EngineTool[] = ["read_file", "list_files", "glob", "grep"];
/** The tools that write files: what `Edit(...)`, `Write(...)` and `MultiEdit(...)` stand for. */
export const WRITE_TOOLS: readonly EngineTool[] = [
  "write_file",
  "edit_file",
  "multi_edit",
  "notebook_edit",
];

/** The specifier family a tool's rules use. */
export type SpecifierFamily = "bash" | "powershell" | "path" | "domain" | "named";

/** Which specifier a rule on this tool may have; undefined: the tool takes none. */
export const TOOL_SPECIFIER: Readonly<Partial<Record<EngineTool, SpecifierFamily>>> = {
  bash: "bash",
  monitor: "bash",
  powershell: "powershell",
  read_file: "path",
  list_files: "path",
  glob: "path",
  grep: "path",
  write_file: "path",
  edit_file: "path",
  multi_edit: "path",
  notebook_edit: "path",
  web_fetch: "domain",
  agent: "named",
  skill: "named",
};

/** Each engine tool's name in Claude Code (2.1.332), what a tool-name glob is held against. */
export const CLAUDE_NAME: Readonly<Record<EngineTool, string>> = {
  read_file: "Read",
  list_files: "LS",
  glob: "Glob",
  grep: "Grep",
  write_file: "Write",
  edit_file: "Edit",
  multi_edit: "MultiEdit",
  notebook_edit: "NotebookEdit",
  bash: "Bash",
  powershell: "PowerShell",
  monitor: "Monitor",
  bash_output: "BashOutput",
  kill_shell: "TaskStop",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  agent: "Agent",
  skill: "Skill",
  todo_write: "TodoWrite",
  exit_plan_mode: "ExitPlanMode",
  slash_command: "SlashCommand",
};

/**
 * A tool's primary field (Claude Code's `ruleContentField`), which its own rule specifier
 * matches: a `Tool(field:value)` rule never matches on it (Claude Code 2.1.332 skips it).
 */
export const PRIMARY_FIELD: Readonly<Partial<Record<EngineTool, string>>> = {
  bash: "command",
  monitor: "command",
  powershell: "command",
  read_file: "file_path",
  write_file: "file_path",
  edit_file: "file_path",
  multi_edit: "file_path",
  notebook_edit: "notebook_path",
  list_files: "path",
  glob: "path",
  grep: "path",
  web_fetch: "url",
};

/**
 * The engine tool for a name in either vocabulary (`Read` or `read_file`).
 *
 * @param name a Claude Code or engine tool name
 * @returns the engine tool, or undefined for an unknown name
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineTool } from "./tool_names.ts";
 *
 * assert.equal(engineTool("Read"), "read_file");
 * assert.equal(engineTool("Task"), "agent");
 * assert.equal(engineTool("web_fetch"), "web_fetch");
 * assert.equal(engineTool("Frobnicate"), undefined);
 * ```
 */
export function engineTool(name: string): EngineTool | undefined {
  if (Object.hasOwn(CLAUDE_TOOLS, name)) return CLAUDE_TOOLS[name];
  return ENGINE_TOOLS.has(name as EngineTool) ? name as EngineTool : undefined;
}

/**
 * The engine tools a rule's tool name stands for: `Read` for every reading tool, `Edit`,
 * `Write` and `MultiEdit` for every writing one, `Bash` (and `bash`) for bash and monitor;
 * any other name for its own tool.
 *
 * @param name the tool name of a rule
 * @returns the tools, or undefined for an unknown name
 */
export function ruleTools(name: string): EngineTool[] | undefined {
  switch (name) {
    case "Read":
      return [...READ_TOOLS];
    case "Edit":
    case "Write":
    case "MultiEdit":
      return [...WRITE_TOOLS];
    case "Bash":
    case "bash":
      return ["bash", "monitor"];
  }
  const tool = engineTool(name);
  return tool === undefined ? undefined : [tool];
}
