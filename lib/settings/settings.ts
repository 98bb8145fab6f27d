/**
 * Settings documents -> policy sources: `permissions.allow`, `ask`, `deny`,
 * `additionalDirectories`, `defaultMode`, checked for type; a wrong value is a problem naming
 * the file and the key, and the rest of the document still counts. Pure.
 *
 * @module
 */

import { isModeName, type SourceScope } from "../permissions/modes.ts";
import type { PolicySource, Restriction } from "../permissions/policy_sources.ts";
import type { Problem } from "./problem.ts";
import type { SkillOverride } from "../skills/entry.ts";

/** A settings source read from a document. */
export interface SettingsRead {
  /** The rules, directories and mode the document gives (what is well typed of them). */
  source: PolicySource;
  /** Claude Code's `disableSkillShellExecution`, when set. */
  disableSkillShellExecution?: boolean;
  /** Claude Code's `enabledPlugins` (`"name@marketplace": true | false`), when set. */
  enabledPlugins?: Record<string, unknown>;
  /** skald's own `skald.authoritative` (the hook's policy is the whole policy), when set. */
  authoritative?: boolean;
  /** Claude Code's `skillListingBudgetFraction` and `skillListingMaxDescChars`, when set. */
  skillListing?: { budgetFraction?: number; maxDescChars?: number };
  /** Claude Code's `skillOverrides` (skill name -> `on`, `name-only`, ...), when valid. */
  skillOverrides?: Record<string, SkillOverride>;
  /** Claude Code's `disableBundledSkills`, when set. */
  disableBundledSkills?: boolean;
  /**
   * Claude Code's `strictPluginOnlyCustomization` says skills (`true`, or a list naming
   * `skills`): the user's and the project's skills and commands are not loaded.
   */
  pluginOnlySkills?: boolean;
  /** The values of a wrong type, each naming the file and the key. */
  problems: Problem[];
}

const LISTS = [
  "allow",
  "ask",
  "deny",
  "additionalDirectories",
  "blockReadsExemptPaths",
  "workingDirectoriesExclude",
] as const;

const OVERRIDES: ReadonlySet<string> = new Set(["on", "name-only", "user-invocable-only", "off"]);

/** The restricting switches under `permissions` that are `true` when on. */
const PERMISSION_SWITCHES = [
  "blockReadsOutsideWorkingDirectories",
  "blockWritesOutsideWorkingDirectories",
  "blockFileToolReadsOutsideWorkingDirectories",
  "denyInsteadOfPrompting",
] as const;

/**
 * Claude Code's `skillOverrides`: an object of skill names to `on`, `name-only`,
 * `user-invocable-only` or `off`. One value it does not take makes Claude Code 2.1.332 ignore
 * the whole object (observed), and so does skald, with a problem that decides no call.
 */
function readSkillOverrides(
  value: unknown,
  read: SettingsRead,
  problem: (code: string, message: string, key?: string) => void,
): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("wrong-type", '"skillOverrides" is not an object', "skillOverrides");
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const bad = entries.find(([, v]) => typeof v !== "string" || !OVERRIDES.has(v));
  if (bad !== undefined) {
    problem(
      "bad-value",
      `"skillOverrides.${bad[0]}" is not on, name-only, user-invocable-only or off: ` +
        `${JSON.stringify(bad[1])}; the whole of "skillOverrides" is ignored, as Claude Code does`,
      "skillOverrides",
    );
    return;
  }
  const overrides: Record<string, SkillOverride> = Object.create(null);
  for (const [k, v] of entries) overrides[k] = v as SkillOverride;
  read.skillOverrides = overrides;
}

/**
 * Reads a parsed settings document. A value of the wrong type is left out and reported; the
 * rest of the document still counts.
 *
 * @param doc the parsed JSON or YAML value
 * @param label how reports name the file
 * @param scope where the file lives
 * @returns the source and the problems found
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsFromDocument } from "./settings.ts";
 *
 * const doc = { permissions: { allow: ["Bash(ls)", 42], defaultMode: "plan" } };
 * const read = settingsFromDocument(doc, ".claude/settings.json", "project");
 * assert.deepEqual(read.source, {
 *   label: ".claude/settings.json",
 *   scope: "project",
 *   allow: ["Bash(ls)"],
 *   defaultMode: "plan",
 * });
 * assert.deepEqual(read.problems, [{
 *   file: ".claude/settings.json",
 *   code: "wrong-type",
 *   message: '"permissions.allow[1]" is not a string: 42',
 * }]);
 * ```
 */
export function settingsFromDocument(
  doc: unknown,
  label: string,
  scope: SourceScope,
): SettingsRead {
  const source: PolicySource = { label, scope };
  const problems: Problem[] = [];
  const problem = (code: string, message: string, key?: string) =>
    problems.push(
      key === undefined ? { file: label, code, message } : { file: label, code, message, key },
    );
  if (doc === null || doc === undefined) return { source, problems };
  if (typeof doc !== "object" || Array.isArray(doc)) {
    problem("wrong-type", "The settings are not an object");
    return { source, problems };
  }
  const top = doc as Record<string, unknown>;
  const read: SettingsRead = { source, problems };
  if ("disableSkillShellExecution" in top) {
    if (typeof top.disableSkillShellExecution === "boolean") {
      read.disableSkillShellExecution = top.disableSkillShellExecution;
      if (top.disableSkillShellExecution) source.disableSkillShellExecution = true;
    } else {
      problem(
        "wrong-type",
        '"disableSkillShellExecution" is not true or false',
        "disableSkillShellExecution",
      );
    }
  }
  if ("enabledPlugins" in top) {
    const e = top.enabledPlugins;
    if (typeof e === "object" && e !== null && !Array.isArray(e)) {
      read.enabledPlugins = e as Record<string, unknown>;
    } else problem("wrong-type", '"enabledPlugins" is not an object', "enabledPlugins");
  }
  if ("skald" in top) readSkaldKeys(top.skald, read, problem);
  if ("skillOverrides" in top) readSkillOverrides(top.skillOverrides, read, problem);
  if ("disableBundledSkills" in top) {
    if (typeof top.disableBundledSkills === "boolean") {
      read.disableBundledSkills = top.disableBundledSkills;
    } else {
      problem("wrong-type", '"disableBundledSkills" is not true or false', "disableBundledSkills");
    }
  }
  if ("strictPluginOnlyCustomization" in top) {
    const v = top.strictPluginOnlyCustomization;
    if (v === true || (Array.isArray(v) && v.includes("skills"))) read.pluginOnlySkills = true;
  }
  const restricts: Restriction[] = [];
  if ("allowManagedPermissionRulesOnly" in top) {
    const v = top.allowManagedPermissionRulesOnly;
    if (v === true) restricts.push("allowManagedPermissionRulesOnly");
    else if (v !== false) {
      problem("wrong-type", '"allowManagedPermissionRulesOnly" is not true or false');
    }
  }
  for (
    const [key, field] of [
      ["skillListingBudgetFraction", "budgetFraction"],
      ["skillListingMaxDescChars", "maxDescChars"],
    ] as const
  ) {
    if (!(key in top)) continue;
    const v = top[key];
    if (typeof v === "number" && v > 0 && Number.isFinite(v)) {
      read.skillListing = { ...read.skillListing, [field]: v };
    } else problem("wrong-type", `"${key}" is not a positive number`, key);
  }
  const perms = top.permissions;
  if (restricts.length > 0) source.restricts = restricts;
  if (perms === undefined || perms === null) return read;
  if (typeof perms !== "object" || Array.isArray(perms)) {
    problem("wrong-type", '"permissions" is not an object');
    return read;
  }
  const p = perms as Record<string, unknown>;
  // A list key spelt otherwise (`Deny`, `deny ` , a YAML merge key left unmerged) holds rules
  // nothing reads: a problem, so that the hook blocks instead of deciding without them.
  for (const key of Object.keys(p)) {
    const near = key.trim().toLowerCase();
    if (
      !(LISTS as readonly string[]).includes(key) && (LISTS as readonly string[]).includes(near)
    ) {
      problem(
        "unknown-key",
        `"permissions.${key}" is not "permissions.${near}": its rules are not read`,
      );
    } else if (key === "<<") {
      problem("unknown-key", '"permissions" holds a merge key "<<" that was not merged');
    }
  }
  for (const key of LISTS) {
    const value = p[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      problem("wrong-type", `"permissions.${key}" is not a list`);
      continue;
    }
    const texts: string[] = [];
    value.forEach((v, i) => {
      if (typeof v === "string") texts.push(v);
      else {problem(
          "wrong-type",
          `"permissions.${key}[${i}]" is not a string: ${JSON.stringify(v)}`,
        );}
    });
    source[key] = texts;
  }
  for (const key of PERMISSION_SWITCHES) {
    if (!(key in p) || p[key] === false || p[key] === null) continue;
    if (p[key] === true) restricts.push(key);
    else problem("wrong-type", `"permissions.${key}" is not true or false`);
  }
  if ("disableBypassPermissionsMode" in p && p.disableBypassPermissionsMode !== null) {
    if (p.disableBypassPermissionsMode === "disable") {
      restricts.push("disableBypassPermissionsMode");
    } else {
      problem(
        "bad-value",
        `"permissions.disableBypassPermissionsMode" is not "disable": ` +
          JSON.stringify(p.disableBypassPermissionsMode),
      );
    }
  }
  if (restricts.length > 0) source.restricts = restricts;
  if (p.defaultMode !== undefined && p.defaultMode !== null) {
    // A mode skald does not know (a newer Claude Code's, or a slip) is decided as default, never
    // more loosely, and blocks nothing: only a deny or ask rule that cannot be read does.
    if (isModeName(p.defaultMode)) source.defaultMode = p.defaultMode;
    else {
      source.defaultMode = "default";
      problems.push({
        file: label,
        code: "unknown-mode",
        level: "warning",
        key: "permissions",
        message: `"permissions.defaultMode" is not a mode skald knows: ` +
          `${JSON.stringify(p.defaultMode)}; skald decides as default and keeps the file's ` +
          "rules (Claude Code 2.1.332 ignores the whole file, its deny rules too)",
      });
    }
  }
  return read;
}

/** skald's own keys, under `skald` (Claude Code ignores a key it does not know). */
function readSkaldKeys(
  value: unknown,
  read: SettingsRead,
  problem: (code: string, message: string) => void,
): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("wrong-type", '"skald" is not an object');
    return;
  }
  const keys = value as Record<string, unknown>;
  for (const key of Object.keys(keys)) {
    if (key !== "authoritative") problem("unknown-key", `"skald.${key}" is not a skald setting`);
  }
  if (keys.authoritative === undefined) return;
  if (typeof keys.authoritative === "boolean") read.authoritative = keys.authoritative;
  else problem("wrong-type", '"skald.authoritative" is not true or false');
}

/**
 * Parses JSON settings text (a leading byte-order mark ignored) and reads it with
 * {@link settingsFromDocument}.
 *
 * @param text the file's text
 * @param label how reports name the file
 * @param scope where the file lives
 * @returns the source and problems; text that is not JSON gives an empty source and a problem
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsFromJson } from "./settings.ts";
 *
 * const read = settingsFromJson('{"permissions":{"deny":["WebFetch"]}}', "--settings", "cli");
 * assert.deepEqual(read.source.deny, ["WebFetch"]);
 * assert.equal(settingsFromJson("{", "broken.json", "user").problems[0]?.code, "not-json");
 * ```
 */
export function settingsFromJson(text: string, label: string, scope: SourceScope): SettingsRead {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    const message = (e as Error).message;
    // V8 says where: "... at position 12 (line 2 column 5)".
    const line = Number(/\(line (\d+) column \d+\)/.exec(message)?.[1]) || undefined;
    return {
      source: { label, scope },
      problems: [{
        file: label,
        ...(line === undefined ? {} : { line }),
        code: "not-json",
        message: `Cannot parse JSON: ${message}`,
      }],
    };
  }
  return settingsFromDocument(doc, label, scope);
}
