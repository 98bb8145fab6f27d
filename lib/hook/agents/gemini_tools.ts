/**
 * Gemini CLI's tools (0.61.0, read from its bundle: `packages/core/src/tools/definitions`) and
 * what each is to skald: `run_shell_command` is Bash where `dir_path` says, the file tools are
 * Read, Write, Edit, Glob, Grep and LS, `web_fetch` is a WebFetch of every URL its `prompt` (or
 * `url`) names, `mcp_<server>_<tool>` is `mcp__server__tool`. Gemini passes `tool_input` as the
 * model wrote it: relative paths stay relative to the project (the hook's `cwd`), and the
 * engine resolves them there. A tool with no counterpart is left undefined: no rule of skald's
 * can name it. Pure.
 *
 * @module
 */

import { posix } from "../../path.ts";
import type { MappedCall } from "./agent.ts";

type Input = Record<string, unknown>;

/** A field that must be a string when present. */
function optionalString(input: Input, key: string, tool: string): string | undefined | Error {
  const v = input[key];
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : new Error(`The "${key}" of ${tool} is not a string`);
}

/** Whether a path pattern holds glob syntax (Gemini globs `read_many_files`' entries). */
const GLOBBY = /[*?[\]{}]/;

/**
 * The directory a glob pattern reads everything below: its segments before the first one with
 * glob syntax (`src/**\/*.ts` reads `src`, `**\/*` reads `.`).
 */
function patternRoot(pattern: string): string {
  const fixed: string[] = [];
  for (const s of pattern.split("/")) {
    if (GLOBBY.test(s)) break;
    fixed.push(s);
  }
  const dir = fixed.join("/");
  return dir === "" ? (pattern.startsWith("/") ? "/" : ".") : dir;
}

/**
 * The URLs a `web_fetch` prompt names, as Gemini reads them (`parsePrompt` in
 * `packages/core/src/tools/web-fetch.ts`: the whitespace-separated words holding `://` that
 * parse as http or https URLs), each also as Gemini fetches it: a `github.com/.../blob/...`
 * page from `raw.githubusercontent.com` (`convertGithubUrlToRaw`).
 *
 * @param prompt the prompt
 * @returns the URLs, and the words Gemini refuses (it then refuses the call itself)
 */
export function promptUrls(prompt: string): string[] {
  const urls: string[] = [];
  for (const word of prompt.split(/\s+/)) {
    if (!word.includes("://")) continue;
    let url: URL;
    try {
      url = new URL(word);
    } catch {
      continue;
    }
    if (url.protocol === "http:" || url.protocol === "https:") urls.push(url.href);
  }
  return urls;
}

function githubRaw(href: string): string | undefined {
  const url = new URL(href);
  if (url.hostname !== "github.com" || !url.pathname.includes("/blob/")) return undefined;
  url.hostname = "raw.githubusercontent.com";
  url.pathname = url.pathname.replace(/^\/([^/]+\/[^/]+)\/blob\//, "/$1/");
  return url.href;
}

/**
 * The MCP calls a Gemini tool name stands for. With `mcp_context` (Gemini sends the server's
 * and the tool's names when the server is configured), exactly that one; without, every way
 * the name splits: Gemini joins `mcp_`, the server and the tool with `_` (its
 * `generateValidName`), and a server name may hold `_` itself (Gemini's own `parseMcpToolName`
 * takes the first `_`, which misreads `mcp_my_db_query`), so each split is decided and the
 * strictest verdict holds.
 */
function mcpCalls(name: string, input: Input, context: unknown): MappedCall[] {
  const c = context as { server_name?: unknown; tool_name?: unknown } | undefined;
  if (typeof c?.server_name === "string" && typeof c.tool_name === "string") {
    return [{
      tool: `mcp__${c.server_name}__${c.tool_name}`,
      agentTool: name,
      input,
      server: c.server_name,
    }];
  }
  const rest = name.slice("mcp_".length);
  const calls: MappedCall[] = [];
  for (let i = rest.indexOf("_"); i !== -1; i = rest.indexOf("_", i + 1)) {
    const server = rest.slice(0, i);
    const tool = rest.slice(i + 1);
    if (server === "" || tool === "") continue;
    calls.push({ tool: `mcp__${server}__${tool}`, agentTool: name, input, server });
  }
  return calls.length > 0 ? calls : [{ tool: undefined, agentTool: name, input }];
}

/**
 * The calls skald decides for one Gemini tool call.
 *
 * @param name Gemini's tool name
 * @param input the tool input, as the model wrote it
 * @param cwd the hook input's `cwd` (the project)
 * @param mcpContext the hook input's `mcp_context`, if any
 * @returns the calls, or an error naming the field that cannot be read
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiCalls } from "./gemini_tools.ts";
 *
 * assert.deepEqual(geminiCalls("run_shell_command", { command: "ls", dir_path: "sub" }, "/p"), [
 *   { tool: "Bash", agentTool: "run_shell_command", input: { command: "ls" }, cwd: "/p/sub" },
 * ]);
 * const calls = geminiCalls("mcp_my_db_query", {}, "/p");
 * assert.ok(Array.isArray(calls));
 * assert.deepEqual(calls.map((c) => c.tool), ["mcp__my__db_query", "mcp__my_db__query"]);
 * ```
 */
export function geminiCalls(
  name: string,
  input: Input,
  cwd: string,
  mcpContext?: unknown,
): MappedCall[] | { error: string } {
  const one = (tool: string | undefined, mapped: Input, at?: string): MappedCall[] => [
    { tool, agentTool: name, input: mapped, ...(at === undefined ? {} : { cwd: at }) },
  ];
  const field = (key: string) => optionalString(input, key, name);
  const dir = field("dir_path");
  if (dir instanceof Error) return { error: dir.message };
  switch (name) {
    case "run_shell_command":
      return one(
        "Bash",
        { command: input.command },
        dir === undefined ? undefined : posix.resolve(cwd, dir),
      );
    case "read_file":
      return one("Read", { file_path: input.file_path });
    case "write_file":
      return one("Write", { file_path: input.file_path, content: input.content });
    case "replace":
      return one("Edit", {
        file_path: input.file_path,
        old_string: input.old_string,
        new_string: input.new_string,
      });
    case "list_directory":
      return one("LS", { path: input.dir_path });
    case "glob":
      return one("Glob", { pattern: input.pattern, ...(dir === undefined ? {} : { path: dir }) });
    case "grep_search":
    case "search_file_content": {
      const calls = one("Grep", {
        pattern: input.pattern,
        ...(dir === undefined ? {} : { path: dir }),
      });
      calls[0]!.readsTree = dir ?? ".";
      return calls;
    }
    case "read_many_files": {
      const include = input.include;
      if (!Array.isArray(include) || include.some((p) => typeof p !== "string")) {
        return { error: `The "include" of ${name} is not a list of strings` };
      }
      // Each entry: a file is a Read of it; a glob reads everything below its fixed part
      // (`exclude` does not count: exclusions are too easy to get wrong).
      return (include as string[]).map((p) =>
        GLOBBY.test(p)
          ? { tool: "Glob", agentTool: name, input: { pattern: p }, readsTree: patternRoot(p) }
          : { tool: "Read", agentTool: name, input: { file_path: p }, readsTree: p }
      );
    }
    case "web_fetch": {
      const url = field("url");
      const prompt = field("prompt");
      if (url instanceof Error) return { error: url.message };
      if (prompt instanceof Error) return { error: prompt.message };
      const urls = [...(url === undefined ? [] : [url]), ...promptUrls(prompt ?? "")];
      if (urls.length === 0) return { error: `${name} names no http or https URL` };
      const fetched = urls.flatMap((u) => {
        const raw = URL.canParse(u) ? githubRaw(u) : undefined;
        return raw === undefined ? [u] : [u, raw];
      });
      return fetched.map((u) => ({ tool: "WebFetch", agentTool: name, input: { url: u } }));
    }
    case "google_web_search":
      return one("WebSearch", { query: input.query });
    case "activate_skill":
      return one("Skill", { skill: input.name });
    case "write_todos":
      return one("TodoWrite", { todos: input.todos });
    default:
      return name.startsWith("mcp_") ? mcpCalls(name, input, mcpContext) : one(undefined, input);
  }
}
