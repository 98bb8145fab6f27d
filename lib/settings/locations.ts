/**
 * The settings files of a project, in the order their rules are listed: the managed file,
 * `~/.claude/settings.json`, `.claude/settings.json`, `.claude/settings.local.json`,
 * `.raider/config.yml` (`--settings` values come after, named by the caller). Pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { SourceScope } from "../permissions/modes.ts";

/** One settings file. */
export interface SettingsFile {
  /** Its absolute path. */
  path: string;
  /** How reports name it (the managed file: its path). */
  label: string;
  /** Where it lives. */
  scope: SourceScope;
}

/**
 * The managed settings' drop-in files (`managed-settings.d/` beside the managed file), as
 * Claude Code 2.1.332 reads them: names ending in `.json` that do not start with `.`, in plain
 * string order (`10-a.json` before `9-b.json`), each after the managed file and after the ones
 * before it (a later file's single values win; lists add up).
 *
 * @param managed the managed settings file
 * @param names the names in its `managed-settings.d/` (regular files and links)
 * @returns the drop-in files in order
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dropInFiles } from "./locations.ts";
 *
 * const files = dropInFiles("/etc/claude-code/managed-settings.json", [
 *   "9-b.json",
 *   "10-a.json",
 *   ".hidden.json",
 *   "notes.txt",
 * ]);
 * assert.deepEqual(files.map((f) => f.label), [
 *   "/etc/claude-code/managed-settings.d/10-a.json",
 *   "/etc/claude-code/managed-settings.d/9-b.json",
 * ]);
 * ```
 */
export function dropInFiles(managed: string, names: readonly string[]): SettingsFile[] {
  const dir = dropInDir(managed);
  return names.filter((n) => n.endsWith(".json") && !n.startsWith("."))
    .sort((a, b) => a < b ? -1 : a > b ? 1 : 0)
    .map((n) => ({ path: `${dir}/${n}`, label: `${dir}/${n}`, scope: "managed" }));
}

/**
 * The drop-in folder of a managed settings file: `managed-settings.d/` beside it.
 *
 * @param managed the managed settings file
 * @returns the folder
 */
export function dropInDir(managed: string): string {
  return posix.join(posix.dirname(managed), "managed-settings.d");
}

/**
 * The settings files of a project, whether they exist or not.
 *
 * @param where root, home and the managed file; `projectOnly` leaves the managed and the user's
 * files out
 * @returns the files in order
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsFiles } from "./locations.ts";
 *
 * const files = settingsFiles({ root: "/p", home: "/h", managed: "/etc/m.json" });
 * assert.deepEqual(files.map((f) => f.label), [
 *   "/etc/m.json",
 *   "~/.claude/settings.json",
 *   ".claude/settings.json",
 *   ".claude/settings.local.json",
 *   ".raider/config.yml",
 * ]);
 * ```
 */
export function settingsFiles(
  where: { root: string; home: string; managed: string; projectOnly?: boolean },
): SettingsFile[] {
  const project: SettingsFile[] = [
    {
      path: posix.join(where.root, ".claude/settings.json"),
      label: ".claude/settings.json",
      scope: "project",
    },
    {
      path: posix.join(where.root, ".claude/settings.local.json"),
      label: ".claude/settings.local.json",
      scope: "local",
    },
    {
      path: posix.join(where.root, ".raider/config.yml"),
      label: ".raider/config.yml",
      scope: "raider",
    },
  ];
  if (where.projectOnly) return project;
  return [
    { path: where.managed, label: where.managed, scope: "managed" },
    {
      path: posix.join(where.home, ".claude/settings.json"),
      label: "~/.claude/settings.json",
      scope: "user",
    },
    ...project,
  ];
}
