/**
 * A skill's or command's `allowed-tools` (also `allowed_tools`) frontmatter as permission rule
 * texts: a string with the rules separated by commas or whitespace outside parentheses, or a
 * YAML list of such strings. A text that is not a valid rule is left out (an invalid rule
 * never widens anything) and reported. Pure.
 *
 * @module
 */

import { parseRule } from "../permissions/rule.ts";
import { splitOutside } from "./split_outside.ts";

/**
 * Splits an `allowed-tools` string at commas and whitespace outside parentheses.
 *
 * @param text the value
 * @returns the rule texts
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitAllowedTools } from "./allowed_tools.ts";
 *
 * assert.deepEqual(splitAllowedTools("Bash(git add:*), Bash(git commit -m:*) Read"), [
 *   "Bash(git add:*)",
 *   "Bash(git commit -m:*)",
 *   "Read",
 * ]);
 * ```
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
 * Reads an `allowed-tools` value (from a frontmatter, or given directly).
 *
 * @param value a string, or a list of strings
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
export function allowedTools(value: unknown): AllowedTools {
  const texts = typeof value === "string"
    ? splitAllowedTools(value)
    : Array.isArray(value)
    ? value.flatMap((v) => typeof v === "string" ? splitAllowedTools(v) : [String(v)])
    : [];
  const out: AllowedTools = { rules: [], invalid: [] };
  for (const text of texts) {
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
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { allowedToolsValue } from "./allowed_tools.ts";
 *
 * assert.equal(allowedToolsValue({ allowed_tools: "Read" }), "Read");
 * assert.equal(allowedToolsValue({ description: "x" }), undefined);
 * ```
 */
export function allowedToolsValue(frontmatter: Record<string, unknown>): unknown {
  return frontmatter["allowed-tools"] ?? frontmatter["allowed_tools"];
}
