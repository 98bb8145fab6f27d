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
