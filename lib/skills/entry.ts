/**
 * A catalogue entry (a skill or a command) and how its fields come from its file: the name by
 * layout, the booleans, the description. Pure.
 *
 * @module
 */

/** A skill (`SKILL.md`, a flat or single file) or a command (a commands root, plugin commands). */
export type EntryKind = "skill" | "command";

/**
 * What Claude Code's `skillOverrides` setting says of an entry (2.1.332): listed with its
 * description (`on`), listed by name alone (`name-only`), not listed but run by the user
 * (`user-invocable-only`), or neither (`off`). A plugin's entries are not affected.
 */
export type SkillOverride = "on" | "name-only" | "user-invocable-only" | "off";

/** One entry of the catalogue. */
export interface Entry {
  /** The identifier the model calls, `/name` for the user. */
  name: string;
  /** A skill or a command. */
  kind: EntryKind;
  /** The description, or "" without one. */
  description: string;
  /** The base directory; a command's is the directory of its file. */
  dir: string;
  /** The file the entry was read from. */
  file: string;
  /** The root's label, or `plugin NAME`. */
  source: string;
  /** Every key of the frontmatter. */
  frontmatter: Record<string, unknown>;
  /** False iff `disable-model-invocation` is true. */
  modelInvocable: boolean;
  /** False iff `user-invocable` is false. */
  userInvocable: boolean;
  /** Plugin entries only: the plugin's name. */
  plugin?: string;
  /** Plugin entries only: the plugin's root, `${CLAUDE_PLUGIN_ROOT}`. */
  pluginRoot?: string;
  /** The directory the `paths:` globs are relative to, when known. */
  base?: string;
  /** `skillOverrides` on this entry, when a setting names it (not `on`). */
  override?: Exclude<SkillOverride, "on">;
}

const TRUE = new Set(["true", "yes", "on", "1"]);
const FALSE = new Set(["false", "no", "off", "0"]);

/**
 * A frontmatter boolean: `true` / `yes` / `on` / `1` and `false` / `no` / `off` / `0`, in any
 * case; anything else (or unset) gives the default.
 *
 * @param value the frontmatter value
 * @param fallback the value when unset or unreadable
 * @returns the boolean
 */
export function parseBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string" && typeof value !== "number") return fallback;
  const text = String(value).trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return fallback;
}

const SCALAR = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * True when the frontmatter gives a `description` or a `when_to_use` (a string, number or
 * boolean that is not blank): Claude Code lists a plugin's skill or command for the model only
 * then (the Skill tool still runs the others).
 *
 * @param frontmatter the frontmatter keys
 * @returns whether the entry describes itself
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describesItself } from "./entry.ts";
 *
 * assert.equal(describesItself({ description: "Format the code" }), true);
 * assert.equal(describesItself({ when_to_use: "After an edit" }), true);
 * assert.equal(describesItself({ description: "  " }), false);
 * assert.equal(describesItself({ description: ["a", "b"] }), false);
 * assert.equal(describesItself({}), false);
 * ```
 */
export function describesItself(frontmatter: Record<string, unknown>): boolean {
  return [frontmatter.description, frontmatter.when_to_use].some((v) =>
    SCALAR(v) && String(v).trim() !== ""
  );
}

/** The longest description taken from a body line. */
const DESCRIPTION_MAX = 250;

/**
 * The description: the frontmatter's (whitespace collapsed), else the first non-empty line of
 * the body that is not a Markdown heading, trimmed and cut to 250 characters.
 *
 * @param frontmatter the frontmatter keys
 * @param body the body
 * @returns the description, or ""
 */
export function describe(frontmatter: Record<string, unknown>, body: string): string {
  const d = frontmatter.description;
  if (typeof d === "string" || typeof d === "number" || typeof d === "boolean") {
    const raw = String(d);
    const text = (/\s\s|[\t\n\r\f\v]/.test(raw) ? raw.replace(/\s+/g, " ") : raw).trim();
    if (text !== "") return text;
  }
  let at = 0;
  while (at < body.length) {
    const nl = body.indexOf("\n", at);
    const end = nl === -1 ? body.length : nl;
    const t = body.slice(at, end).trim();
    at = end + 1;
    if (t === "" || /^#{1,6}(\s|$)/.test(t)) continue;
    return t.length <= DESCRIPTION_MAX ? t : [...t].slice(0, DESCRIPTION_MAX).join("");
  }
  return "";
}
