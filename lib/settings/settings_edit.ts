/**
 * `init`'s change to a settings file, made with `jsonc-parser`'s edits so that every other key
 * and the file's formatting stay as they were (its indentation is kept; new keys are indented
 * like it). Adds skald's hook registration for each event it answers (an existing skald hook's
 * command is brought up to date instead of adding a second one) and deny rules not there yet.
 * Pure: the package is passed in.
 *
 * @module
 */

import type { Jsonc } from "../deps/lint.ts";
import { HOOK_EVENTS, ON_FAILURE, skaldHooks } from "./hook_registration.ts";
import type { AgentRegistration } from "./agent_registration.ts";

/** What to add. */
export interface SettingsChange {
  /** The hook's command (with its blocking fallback). */
  hookCommand: string;
  /** Deny rules to add when missing. */
  deny?: readonly string[];
}

/** The file's indentation: a tab, or the spaces of its first indented line (2 by default). */
function indentOf(text: string): { insertSpaces: boolean; tabSize: number } {
  const m = /\n([ \t]+)\S/.exec(text);
  if (m === null) return { insertSpaces: true, tabSize: 2 };
  if (m[1]!.startsWith("\t")) return { insertSpaces: false, tabSize: 1 };
  return { insertSpaces: true, tabSize: m[1]!.length };
}

/** A settings file open for edits: its object, its `hooks`, an edit, and the text it ends as. */
interface OpenFile {
  doc: Record<string, unknown>;
  hooks: Record<string, unknown> | undefined;
  edit: (path: (string | number)[], value: unknown, isArrayInsertion?: boolean) => void;
  /** The text with every edit made: its byte-order mark kept, a final newline added. */
  done: () => string;
}

/**
 * Opens a file's text for edits (a blank one as `empty`): an error when it cannot be read
 * whole (skald changes only a file it can read whole), is not an object, or has a `hooks`
 * that is not one.
 */
function openFile(
  text: string,
  empty: string,
  options: { allowComments: boolean; notObject: string },
  jsonc: Jsonc,
): OpenFile | { error: string } {
  const start = text.trim() === "" ? empty : text;
  const bom = start.charCodeAt(0) === 0xfeff ? "\uFEFF" : "";
  let out = start.slice(bom.length);
  const errors: { error: number; offset: number; length: number }[] = [];
  const doc = jsonc.parse(out, errors, {
    disallowComments: !options.allowComments,
    allowTrailingComma: false,
  });
  if (errors.length > 0) {
    return { error: "The file is not JSON: skald changes only a file it can read whole" };
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    return { error: options.notObject };
  }
  const hooks = doc.hooks;
  if (
    hooks !== undefined && (typeof hooks !== "object" || hooks === null || Array.isArray(hooks))
  ) {
    return { error: '"hooks" is not an object' };
  }
  const formattingOptions = { ...indentOf(out), eol: out.includes("\r\n") ? "\r\n" : "\n" };
  return {
    doc,
    hooks,
    edit: (path, value, isArrayInsertion = false) => {
      out = jsonc.applyEdits(
        out,
        jsonc.modify(out, path, value, { formattingOptions, isArrayInsertion }),
      );
    },
    done: () => bom + (out.endsWith("\n") ? out : out + "\n"),
  };
}

/**
 * The settings text with the change made.
 *
 * @param text the file's text (`""` for a new file)
 * @param change what to add
 * @param jsonc the `jsonc-parser` package
 * @returns the new text, or an error when the text is not a JSON object
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as jsonc from "npm:jsonc-parser@3.3.1";
 * import { changeSettings } from "./settings_edit.ts";
 *
 * const text = '{\n    "model": "opus"\n}\n';
 * const out = changeSettings(text, { hookCommand: "/bin/skald hook", deny: ["Bash(rm -rf:*)"] }, jsonc);
 * assert.ok("text" in out);
 * const doc = JSON.parse(out.text);
 * assert.equal(doc.model, "opus");
 * assert.deepEqual(doc.permissions.deny, ["Bash(rm -rf:*)"]);
 * assert.equal(doc.hooks.PreToolUse[0].hooks[0].command, "/bin/skald hook");
 * assert.match(out.text, /^    "model": "opus",$/m); // the file's own indentation kept
 * ```
 */
export function changeSettings(
  text: string,
  change: SettingsChange,
  jsonc: Jsonc,
): { text: string } | { error: string } {
  const file = openFile(
    text,
    "{}\n",
    { allowComments: false, notObject: "The settings are not an object" },
    jsonc,
  );
  if ("error" in file) return file;
  const { doc, hooks, edit } = file;
  const found = skaldHooks(doc);
  for (const event of HOOK_EVENTS) {
    const mine = found.filter((h) => h.event === event);
    if (mine.length > 0) {
      for (const h of mine) {
        const at = ["hooks", event, h.at[0], "hooks", h.at[1]];
        if (h.command !== change.hookCommand) edit([...at, "command"], change.hookCommand);
        if (h.onFailure !== ON_FAILURE) edit([...at, "onFailure"], ON_FAILURE);
      }
      continue;
    }
    const entry = {
      matcher: "*",
      hooks: [{ type: "command", command: change.hookCommand, onFailure: ON_FAILURE }],
    };
    const list = (hooks as Record<string, unknown> | undefined)?.[event];
    if (list !== undefined && !Array.isArray(list)) {
      return { error: `"hooks.${event}" is not a list` };
    }
    if (Array.isArray(list)) edit(["hooks", event, list.length], entry, true);
    else edit(["hooks", event], [entry]);
  }
  const perms = doc.permissions;
  if (
    perms !== undefined && (typeof perms !== "object" || perms === null || Array.isArray(perms))
  ) {
    return { error: '"permissions" is not an object' };
  }
  const deny = (perms as Record<string, unknown> | undefined)?.deny;
  if (deny !== undefined && !Array.isArray(deny)) {
    return { error: '"permissions.deny" is not a list' };
  }
  const have = new Set(Array.isArray(deny) ? deny : []);
  let length = Array.isArray(deny) ? deny.length : 0;
  const missing = (change.deny ?? []).filter((r) => !have.has(r));
  if (missing.length > 0 && deny === undefined) edit(["permissions", "deny"], missing);
  else for (const rule of missing) edit(["permissions", "deny", length++], rule, true);
  return { text: file.done() };
}

/**
 * An agent's hook file with skald's registration in it: an existing skald hook's command
 * brought up to date, else the entry added to the agent's list (every other key and the file's
 * formatting kept, as {@link changeSettings} does).
 *
 * @param text the file's text (`""` for a new file)
 * @param registration the agent's registration
 * @param command the hook command (with its blocking fallback)
 * @param jsonc the `jsonc-parser` package
 * @returns the new text, or an error when the file cannot be read whole
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as jsonc from "npm:jsonc-parser@3.3.1";
 * import { REGISTRATIONS } from "./agent_registration.ts";
 * import { changeAgentFile } from "./settings_edit.ts";
 *
 * const copilot = REGISTRATIONS.copilot;
 * const out = changeAgentFile("", copilot, copilot.command("/bin/skald"), jsonc);
 * assert.ok("text" in out);
 * const doc = JSON.parse(out.text);
 * assert.equal(doc.version, 1);
 * assert.match(doc.hooks.preToolUse[0].bash, /^\/bin\/skald hook --agent copilot \|\|/);
 * ```
 */
export function changeAgentFile(
  text: string,
  registration: AgentRegistration,
  command: string,
  jsonc: Jsonc,
): { text: string } | { error: string } {
  const file = openFile(
    text,
    `${JSON.stringify(registration.newFile)}\n`,
    // Gemini's settings may hold comments (it reads them as JSONC); the others are JSON.
    { allowComments: registration.agent === "gemini", notObject: "The file is not a JSON object" },
    jsonc,
  );
  if ("error" in file) return file;
  const { doc, hooks, edit } = file;
  const mine = registration.found(doc);
  if (mine.length > 0) {
    for (const h of mine) if (h.command !== command) edit(registration.commandPath(h.at), command);
  } else {
    const list = (hooks as Record<string, unknown> | undefined)?.[registration.event];
    if (list !== undefined && !Array.isArray(list)) {
      return { error: `"hooks.${registration.event}" is not a list` };
    }
    const entry = registration.entry(command);
    if (Array.isArray(list)) edit([...registration.listPath, list.length], entry, true);
    else edit(registration.listPath, [entry]);
  }
  return { text: file.done() };
}
