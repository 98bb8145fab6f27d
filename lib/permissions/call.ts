/**
 * Tool calls as the engine sees them: a built-in tool with its input, or a tool of a foreign
 * MCP server. Claude Code's names and inputs (`Bash` with `command`, `Read` with `file_path`,
 * `mcp__server__tool`) are read here, once. Pure.
 *
 * @module
 */

import { type EngineTool, engineTool } from "./tool_names.ts";
import { CLAUDE_CODE_TOOL_ALIASES, isClaudeCodeTool } from "./claude_code_tools.ts";

/** The input object of a tool call. */
export type ToolInput = Record<string, unknown>;

/**
 * A canonical tool call: a built-in tool with its input, a foreign MCP server's tool, or a tool
 * of Claude Code's that skald does not model (only rules that name it match it).
 */
export type ToolCall =
  | {
    /** A built-in tool. */
    kind: "builtin";
    /** The engine's name of the tool. */
    tool: EngineTool;
    /** The tool input. */
    input: ToolInput;
  }
  | {
    /** A tool of a foreign MCP server. */
    kind: "mcp";
    /** The foreign MCP server. */
    server: string;
    /** The tool's name on that server, without the `mcp__server__` prefix. */
    tool: string;
    /** The tool input. */
    input: ToolInput;
  }
  | {
    /** A tool of Claude Code 2.1.332 that skald does not model (`TaskCreate`, `LSP`, ...). */
    kind: "other";
    /** Its name, as Claude Code calls it (an older name mapped: `KillBash` is `TaskStop`). */
    name: string;
    /** The tool input. */
    input: ToolInput;
  };

/**
 * Reads a tool name (Claude Code's, the engine's or `mcp__server__tool`) and its input.
 *
 * @param name the tool name
 * @param input the tool input; must be an object
 * @param server the MCP server the call comes from, when the name does not say it
 * @returns the canonical call, or an error message
 */
export function toToolCall(
  name: string,
  input: unknown,
  server?: string,
): ToolCall | { error: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { error: `The input of tool "${name}" is not an object` };
  }
  const fields = input as ToolInput;
  if (server !== undefined) {
    const prefix = `mcp__${server}__`;
    const tool = name.startsWith(prefix) ? name.slice(prefix.length) : name;
    return { kind: "mcp", server, tool, input: fields };
  }
  if (name.startsWith("mcp__")) {
    const rest = name.slice(5);
    const sep = rest.indexOf("__");
    if (sep <= 0 || sep + 2 >= rest.length) {
      return { error: `Cannot read MCP tool name "${name}": expected mcp__SERVER__TOOL` };
    }
    return { kind: "mcp", server: rest.slice(0, sep), tool: rest.slice(sep + 2), input: fields };
  }
  const tool = engineTool(name);
  if (tool !== undefined) return { kind: "builtin", tool, input: fields };
  if (isClaudeCodeTool(name)) {
    return { kind: "other", name: CLAUDE_CODE_TOOL_ALIASES[name] ?? name, input: fields };
  }
  return { error: `Unknown tool "${name}"` };
}

const str = (v: unknown): string | undefined => typeof v === "string" ? v : undefined;

/** The command of a bash or monitor call. */
export function callCommand(input: ToolInput): string | undefined {
  return str(input.command);
}

/**
 * The paths of a file tool's call: every one of `file_path`, `notebook_path` and `path` it
 * gives (a lax harness may take any of them); for glob and grep the search root, `.` without.
 */
export function callPath(tool: EngineTool, input: ToolInput): string[] {
  const paths = [str(input.file_path), str(input.notebook_path), str(input.path)]
    .filter((p): p is string => p !== undefined);
  if (paths.length === 0 && (tool === "glob" || tool === "grep")) return ["."];
  return paths;
}

/**
 * For glob: the directory a pattern reaches above its search root (`../x/*` reaches `..`,
 * `/etc/*` reaches `/etc`), so that rules are held against what is really searched.
 */
export function globReach(input: ToolInput): string | undefined {
  const pattern = str(input.pattern);
  if (pattern === undefined) return undefined;
  if (!pattern.startsWith("/") && !pattern.startsWith("~") && !/(^|\/)\.\.(\/|$)/.test(pattern)) {
    return undefined;
  }
  const segments = pattern.split("/");
  const fixed: string[] = [];
  for (const s of segments) {
    if (/[*?[{]/.test(s)) break;
    fixed.push(s);
  }
  const dir = fixed.join("/");
  return dir === "" ? "/" : dir;
}

/** The URL of a web_fetch call. */
export function callUrl(input: ToolInput): string | undefined {
  return str(input.url);
}

/** The subagent type of an agent call: without one it starts general-purpose. */
export function callAgentType(input: ToolInput): string {
  return str(input.subagent_type) ?? "general-purpose";
}

/** The skill of a skill call, without a leading `/`. */
export function callSkill(input: ToolInput): string | undefined {
  const name = str(input.skill) ?? str(input.name) ?? str(input.command);
  return name?.replace(/^\//, "");
}

/**
 * A whole tool input from one subject: the command for Bash, the path for the file tools, the
 * URL for WebFetch, the name for Skill and Agent/Task.
 *
 * @param tool a tool name in either vocabulary
 * @param subject the subject
 * @returns `{ input }`, or an error for a tool that takes no subject
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inputForSubject } from "./call.ts";
 *
 * assert.deepEqual(inputForSubject("Bash", "npm test"), { input: { command: "npm test" } });
 * assert.deepEqual(inputForSubject("Edit", "src/app.ts"), { input: { file_path: "src/app.ts" } });
 * assert.ok("error" in inputForSubject("TodoWrite", "x"));
 * ```
 */
export function inputForSubject(
  tool: string,
  subject: string,
): { input: ToolInput } | { error: string } {
  const engine = engineTool(tool);
  if (engine === undefined && !tool.startsWith("mcp__")) return { error: `Unknown tool "${tool}"` };
  switch (engine) {
    case "bash":
    case "monitor":
      return { input: { command: subject } };
    case "read_file":
    case "write_file":
    case "edit_file":
    case "multi_edit":
      return { input: { file_path: subject } };
    case "notebook_edit":
      return { input: { notebook_path: subject } };
    case "list_files":
    case "glob":
    case "grep":
      return { input: { path: subject, pattern: "*" } };
    case "web_fetch":
      return { input: { url: subject } };
    case "agent":
      return { input: { subagent_type: subject, description: "", prompt: "" } };
    case "skill":
      return { input: { skill: subject } };
    default:
      return { error: `Tool "${tool}" takes no subject: give its input with --input JSON` };
  }
}
