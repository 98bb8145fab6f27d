/**
 * A skill's or command's `allowed-tools` (also `allowed_tools`) frontmatter as permission rule
 * texts: a string with the rules separated by commas or whitespace outside parentheses, or a
 * YAML list of such strings. A text that is not a valid rule is left out (an invalid rule
 * never widens anything) and reported. Pure.
 *
 * @module
 */

import { parseRule } from "../permissions/rule.ts";
import type { Entry } from "./entry.ts";
import { splitOutside } from "./split_outside.ts";

/**
 * Splits an `allowed-tools` string at commas and whitespace outside parentheses.
 *
 * @param text the value
 * @returns the rule texts
 */
export function splitAllowedTools(text: string): string[] {
  return splitOutside(text, "(", ")", (c) => c === "," || /\s/.test(c));
}

/** The rules of an `allowed-tools` value, and the texts left out. */
export interface AllowedTools {
  /** The valid rule texts, in order. */
  rules: string[];
  /** The texts left out, each with the parse error. */
  invalid: { text: string; error: string }[];
}

/**
 * The variables Claude Code expands in an entry's `allowed-tools` before it reads the rules
 * (oracle: `tests/oracle/cases/plugin_renders.json`): `${CLAUDE_PROJECT_DIR}` always,
 * `${CLAUDE_PLUGIN_ROOT}` in a plugin's entries, `${CLAUDE_SKILL_DIR}` in skills (a command
 * keeps it as written).
 *
 * @param entry the entry's kind, directory and plugin root
 * @param projectDir the project root
 * @returns the variables and their values
 */
export function allowedToolVars(
  entry: { kind: "skill" | "command"; dir: string; pluginRoot?: string },
  projectDir: string,
): Record<string, string> {
  const vars: Record<string, string> = { CLAUDE_PROJECT_DIR: projectDir };
  if (entry.pluginRoot !== undefined) vars.CLAUDE_PLUGIN_ROOT = entry.pluginRoot;
  if (entry.kind === "skill") vars.CLAUDE_SKILL_DIR = entry.dir;
  return vars;
}

/**
 * Reads an `allowed-tools` value (from a frontmatter, or given directly), each `${NAME}` of
 * `vars` replaced in every rule text before it is parsed.
 *
 * @param value a string, or a list of strings
 * @param vars variables to expand ({@link allowedToolVars})
 * @returns the valid rule texts and the invalid ones with their errors
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { allowedTools } from "./allowed_tools.ts";
 *
 * assert.deepEqual(allowedTools(["Bash(npm test:*)", "Frob, Read"]), {
 *   rules: ["Bash(npm test:*)", "Read"],
 *   invalid: [{ text: "Frob", error: 'Cannot parse rule "Frob": unknown tool "Frob"' }],
 * });
 * ```
 */
export function allowedTools(value: unknown, vars: Record<string, string> = {}): AllowedTools {
  const texts = typeof value === "string"
    ? splitAllowedTools(value)
    : Array.isArray(value)
    ? value.flatMap((v) => typeof v === "string" ? splitAllowedTools(v) : [String(v)])
    : [];
  const out: AllowedTools = { rules: [], invalid: [] };
  for (const raw of texts) {
    const text = raw.replace(
      /\$\{([A-Z_]+)\}/g,
      (m, n: string) => Object.hasOwn(vars, n) ? vars[n]! : m,
    );
    const rule = parseRule(text, "allowed-tools", "allow");
    if (rule.isValid) out.rules.push(text);
    else out.invalid.push({ text, error: rule.error! });
  }
  return out;
}

/**
 * The `allowed-tools` value of a frontmatter (`allowed-tools`, else `allowed_tools`).
 *
 * @param frontmatter the frontmatter keys
 * @returns the value, or undefined
 */
export function allowedToolsValue(frontmatter: Record<string, unknown>): unknown {
  return frontmatter["allowed-tools"] ?? frontmatter["allowed_tools"];
}

/**
 * An entry's `allowed-tools` (or `allowed_tools`) as rule texts, invalid ones left out; with
 * the project root, `${CLAUDE_PROJECT_DIR}`, `${CLAUDE_PLUGIN_ROOT}` and (in a skill)
 * `${CLAUDE_SKILL_DIR}` expanded first, as Claude Code does.
 *
 * @param entry an entry, or a plain `allowed-tools` value
 * @param projectDir the project root, for the variables
 * @returns the rule texts
 */
export function allowedToolRules(entry: Entry | unknown, projectDir?: string): string[] {
  if (!isEntry(entry)) return allowedTools(entry).rules;
  const vars = projectDir === undefined ? {} : allowedToolVars(entry, projectDir);
  return allowedTools(allowedToolsValue(entry.frontmatter), vars).rules;
}

function isEntry(v: unknown): v is Entry {
  return typeof v === "object" && v !== null && "frontmatter" in v && "name" in v;
}
