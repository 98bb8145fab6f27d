/**
 * What a recorded call is about, in one line: the command, path, URL or name that
 * `skald check TOOL SUBJECT` takes, so that a report line can be pasted back into `check`.
 * Pure.
 *
 * @module
 */

import { engineTool } from "../permissions/tool_names.ts";

const MAX = 200;

const str = (v: unknown): string | undefined => typeof v === "string" ? v : undefined;

/** Cuts a text to {@link MAX} characters, `…` after. */
function cut(text: string): string {
  return text.length > MAX ? text.slice(0, MAX) + "…" : text;
}

/**
 * A call's subject: the command of Bash and Monitor, the path of the file tools (Glob and Grep:
 * the pattern, and `in PATH` when one is given), the URL of WebFetch, the type of Agent and
 * Task, the skill of Skill; any other input as JSON. Cut at 200 characters.
 *
 * @param tool the tool's name as Claude Code wrote it
 * @param input the tool input
 * @returns the subject, one line (line breaks shown as `\n`)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { callSubject } from "./subject.ts";
 *
 * assert.equal(callSubject("Bash", { command: "rm -rf build" }), "rm -rf build");
 * assert.equal(callSubject("Grep", { pattern: "TODO", path: "src" }), "TODO in src");
 * assert.equal(callSubject("Task", { subagent_type: "Plan", prompt: "p" }), "Plan");
 * assert.equal(callSubject("ToolSearch", { query: "x" }), '{"query":"x"}');
 * ```
 */
export function callSubject(tool: string, input: unknown): string {
  const i = typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
  let subject: string | undefined;
  switch (engineTool(tool)) {
    case "bash":
    case "monitor":
      subject = str(i.command);
      break;
    case "read_file":
    case "list_files":
    case "write_file":
    case "edit_file":
    case "multi_edit":
    case "notebook_edit":
      subject = str(i.file_path) ?? str(i.notebook_path) ?? str(i.path);
      break;
    case "glob":
    case "grep": {
      const pattern = str(i.pattern);
      const path = str(i.path);
      subject = pattern === undefined
        ? path
        : path === undefined
        ? pattern
        : `${pattern} in ${path}`;
      break;
    }
    case "web_fetch":
      subject = str(i.url);
      break;
    case "agent":
      subject = str(i.subagent_type) ?? "general-purpose";
      break;
    case "skill":
      subject = str(i.skill) ?? str(i.name) ?? str(i.command);
      break;
  }
  if (subject === undefined) subject = JSON.stringify(input) ?? "";
  return cut(subject.replaceAll("\r", "\\r").replaceAll("\n", "\\n"));
}
