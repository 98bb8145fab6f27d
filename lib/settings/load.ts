/**
 * Finds and reads every settings source of a project: the file-system edge of the policy.
 * In this order (the order rules are listed in): the managed settings file,
 * `~/.claude/settings.json`, `.claude/settings.json`, `.claude/settings.local.json`,
 * `.raider/config.yml`, then each `--settings FILE` (or inline JSON). A missing file is
 * skipped; an unreadable or malformed one is a problem, and the other sources still load.
 *
 * @module
 */

import { posix } from "../path.ts";
import { loadYaml } from "../deps/yaml.ts";
import { existsByListing } from "../fs/listing.ts";
import type { SourceScope } from "../permissions/modes.ts";
import type { PolicySource } from "../permissions/policy.ts";
import { dropInDir, dropInFiles, type SettingsFile, settingsFiles } from "./locations.ts";
import type { Problem } from "./problem.ts";
import type { SkillOverride } from "../skills/entry.ts";
import { settingsFromDocument, settingsFromJson, type SettingsRead } from "./settings.ts";

/** Where {@link loadSettings} looks. */
export interface SettingsLocations {
  /** The project root. */
  root: string;
  /** The home directory (`~`). */
  home: string;
  /** `--settings` values: a file path, or inline JSON starting with `{`. */
  extra?: readonly string[];
  /** The directory a relative `--settings` file is named from; by default the root. */
  cwd?: string;
  /** The managed settings file; by default the platform's. */
  managed?: string;
  /** Only the project's files (and `--settings`): no managed file, no `~/.claude`. */
  projectOnly?: boolean;
  /**
   * Whether a path exists, for a caller that has listed the same directories already (the
   * hook, which found the project with it); by default a new `existsByListing()`.
   */
  exists?: (path: string) => boolean;
  /**
   * What earlier loads read of each file (the resident decider keeps it): a file whose text is
   * the same is not parsed again, and gives the same source, so a policy built from it can be
   * kept ({@link ReadFiles}). Every file is still read.
   */
  read?: ReadFiles;
}

/**
 * What loads read of each settings file, by path (and each inline `--settings` by its text):
 * the text and what it gave.
 */
export type ReadFiles = Map<string, { text: string; scope: SourceScope; read: SettingsRead }>;

/** Every source found, and what went wrong reading them. */
export interface LoadedSettings {
  /** The sources found, in order. */
  sources: PolicySource[];
  /** What could not be read, file by file. */
  problems: Problem[];
  /** True when any source sets `disableSkillShellExecution: true` (no source can undo it). */
  disableSkillShellExecution: boolean;
  /**
   * `enabledPlugins` of every source: a plugin that any source sets to false stays false;
   * otherwise later sources override earlier ones.
   */
  enabledPlugins: Record<string, unknown>;
  /**
   * The source that set `skald.authoritative: true`, or null. Managed settings decide over
   * `--settings`, which decide over the user's. A file inside the project (`.claude/settings.json`, `.claude/settings.local.json`,
   * `.raider/config.yml`) cannot set it: a repository may not make its own allow rules final.
   */
  authoritative: string | null;
  /**
   * `skillListingBudgetFraction` and `skillListingMaxDescChars`: a later source's value over an
   * earlier one's, the managed file's over all.
   */
  skillListing: { budgetFraction?: number; maxDescChars?: number };
  /**
   * `skillOverrides`, key by key: the user's, then the project's, the local file's,
   * `--settings` and the managed settings', each over the ones before (Claude Code 2.1.332).
   */
  skillOverrides: Record<string, SkillOverride>;
  /** `disableBundledSkills`: Claude Code's own entries leave the listing (later scope wins). */
  disableBundledSkills: boolean;
  /**
   * The managed settings' `strictPluginOnlyCustomization` names skills: the user's and the
   * project's skills and commands are not loaded (Claude Code 2.1.332 reads it there only).
   */
  pluginOnlySkills: boolean;
}

/** The order `skillOverrides` are laid over each other in: a later scope's key wins. */
const OVERRIDE_ORDER: Readonly<Record<SourceScope, number>> = {
  run: 0,
  user: 1,
  project: 2,
  raider: 3,
  local: 4,
  cli: 5,
  managed: 6,
};

/**
 * The managed settings file of this platform: `/etc/claude-code/managed-settings.json`, or
 * `/Library/Application Support/ClaudeCode/managed-settings.json` on macOS. The environment
 * variable `SKALD_MANAGED_SETTINGS` overrides it (a relative one is taken from `cwd`).
 *
 * @param env the environment (the process's by default; the hook's caller's for the hook)
 * @param cwd the directory a relative override is taken from (the process's by default)
 * @returns the path
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultManagedPath } from "./load.ts";
 *
 * const path = defaultManagedPath();
 * assert.ok(
 *   path === Deno.env.get("SKALD_MANAGED_SETTINGS") || path.endsWith("/managed-settings.json"),
 * );
 * ```
 */
export function defaultManagedPath(
  env: (name: string) => string | undefined = (name) => Deno.env.get(name),
  cwd: () => string = Deno.cwd,
): string {
  const override = env("SKALD_MANAGED_SETTINGS");
  // `..`, `.` and a relative path resolved (the red team's: `etc/sub/../managed.json` was
  // skipped as missing, and its deny rules with it).
  if (override) return posix.resolve(cwd(), override);
  return Deno.build.os === "darwin"
    ? "/Library/Application Support/ClaudeCode/managed-settings.json"
    : "/etc/claude-code/managed-settings.json";
}

/**
 * Reads every settings source: the managed file, `~/.claude/settings.json`,
 * `.claude/settings.json`, `.claude/settings.local.json`, `.raider/config.yml`, then each
 * `--settings` value. A missing file is skipped (a missing `--settings` file is a problem); a
 * file that cannot be read or parsed gives a source without rules and a problem. Without
 * `where.managed`, reads the environment variable `SKALD_MANAGED_SETTINGS`
 * ({@link defaultManagedPath}).
 *
 * @param where root, home, extra files and the managed file
 * @returns the sources in order, and the problems
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadSettings } from "./load.ts";
 *
 * const root = await Deno.makeTempDir();
 * try {
 *   await Deno.mkdir(`${root}/.claude`);
 *   await Deno.writeTextFile(
 *     `${root}/.claude/settings.json`,
 *     JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] } }),
 *   );
 *   await Deno.writeTextFile(`${root}/.claude/settings.local.json`, "{ not json");
 *   const loaded = await loadSettings({
 *     root,
 *     home: `${root}/home`,
 *     managed: `${root}/managed.json`,
 *     extra: ['{"permissions":{"allow":["Bash(npm test)"]}}'],
 *   });
 *   assert.deepEqual(loaded.sources.map((s) => s.label), [
 *     ".claude/settings.json",
 *     ".claude/settings.local.json",
 *     "--settings",
 *   ]);
 *   assert.deepEqual(loaded.sources[0]?.deny, ["Bash(rm:*)"]);
 *   assert.equal(loaded.problems[0]?.file, ".claude/settings.local.json");
 *   assert.equal(loaded.problems[0]?.code, "not-json");
 * } finally {
 *   await Deno.remove(root, { recursive: true });
 * }
 * ```
 */
export async function loadSettings(where: SettingsLocations): Promise<LoadedSettings> {
  // Most of the files are missing: their directories' listings say so without an error each.
  const exists = where.exists ?? existsByListing();
  const { files, problem } = allSettingsFiles(where, exists);
  const reads: SettingsRead[] = problem === undefined ? [] : [problem];
  const kept = where.read;
  for (const f of files) {
    const read = await readSource(f.path, f.label, f.scope, exists, false, kept);
    if (read) reads.push(read);
  }
  for (const extra of where.extra ?? []) {
    if (extra.trimStart().startsWith("{")) {
      const known = kept?.get(`\0${extra}`)?.read;
      const read = known ?? settingsFromJson(extra, "--settings", "cli");
      kept?.set(`\0${extra}`, { text: extra, scope: "cli", read });
      reads.push(read);
    } else {
      const path = posix.resolve(where.cwd ?? where.root, extra);
      reads.push(await readSource(path, extra, "cli", exists, true, kept) ?? missing(extra));
    }
  }
  let disable = false;
  let authoritative: string | null = null;
  let authoritativeRank = 0;
  const skillListing: LoadedSettings["skillListing"] = {};
  const managedLast = [
    ...reads.filter((r) => r.source.scope !== "managed"),
    ...reads.filter((r) => r.source.scope === "managed"),
  ];
  for (const r of managedLast) Object.assign(skillListing, r.skillListing);
  const skillOverrides: Record<string, SkillOverride> = Object.create(null);
  const byScope = [...reads].sort((a, b) =>
    OVERRIDE_ORDER[a.source.scope] - OVERRIDE_ORDER[b.source.scope]
  );
  for (const r of byScope) Object.assign(skillOverrides, r.skillOverrides);
  const bundled = byScope.filter((r) => r.disableBundledSkills !== undefined).at(-1);
  // A prototype-less record: a key "__proto__" in a settings file stays a key.
  const enabledPlugins: Record<string, unknown> = Object.create(null);
  // Fail closed, as the docs promise: a `true` in any file disables the shell, and a plugin
  // any file disables stays disabled, whatever a later file says.
  for (const r of reads) {
    if (r.disableSkillShellExecution === true) disable = true;
    const rank = AUTHORITATIVE_RANK[r.source.scope] ?? 0;
    if (r.authoritative !== undefined && rank > 0 && rank >= authoritativeRank) {
      authoritative = r.authoritative ? r.source.label : null;
      authoritativeRank = rank;
    }
    for (const [k, v] of Object.entries(r.enabledPlugins ?? {})) {
      if (enabledPlugins[k] !== false) enabledPlugins[k] = v;
    }
  }
  return {
    sources: reads.map((r) => r.source),
    problems: reads.flatMap((r) => r.problems),
    disableSkillShellExecution: disable,
    enabledPlugins,
    authoritative,
    skillListing,
    skillOverrides,
    disableBundledSkills: bundled?.disableBundledSkills ?? false,
    pluginOnlySkills: reads.some((r) => r.source.scope === "managed" && r.pluginOnlySkills),
  };
}

/**
 * Every settings file of a project, whether it exists or not: {@link settingsFiles}, with the
 * managed settings' drop-ins (`managed-settings.d/*.json`) after the managed file.
 *
 * @param where root, home, the managed file, whether only the project's files count
 * @param exists whether a path exists (a listing the caller may share)
 * @returns the files in order, and a problem when the drop-in folder cannot be listed (its
 *   rules would be lost)
 */
export function allSettingsFiles(
  where: SettingsLocations,
  exists: (path: string) => boolean = existsByListing(),
): { files: SettingsFile[]; problem?: SettingsRead } {
  const managed = where.managed ?? defaultManagedPath();
  const files = settingsFiles({ ...where, managed });
  if (where.projectOnly) return { files };
  const dir = dropInDir(managed);
  if (!exists(dir)) return { files };
  let names: string[];
  try {
    names = [...Deno.readDirSync(dir)].filter((e) => e.isFile || e.isSymlink).map((e) => e.name);
  } catch (e) {
    return {
      files,
      problem: {
        source: { label: dir, scope: "managed" },
        problems: [{
          file: dir,
          code: "unreadable",
          message: `Cannot list the managed settings' drop-ins: ${(e as Error).message}`,
        }],
      },
    };
  }
  const at = files.findIndex((f) => f.scope === "managed") + 1;
  return { files: [...files.slice(0, at), ...dropInFiles(managed, names), ...files.slice(at)] };
}

/** Which source decides `skald.authoritative`: managed over `--settings` over the user's. */
const AUTHORITATIVE_RANK: Partial<Record<SourceScope, number>> = { user: 1, cli: 2, managed: 3 };

function missing(label: string): SettingsRead {
  return {
    source: { label, scope: "cli" },
    problems: [{ file: label, code: "missing", message: "The settings file does not exist" }],
  };
}

/** The largest settings file read: a larger one is a problem, not a file to load whole. */
const MAX_SETTINGS_BYTES = 16 * 2 ** 20;

async function readSource(
  path: string,
  label: string,
  scope: SourceScope,
  exists: (path: string) => boolean,
  required = false,
  kept?: ReadFiles,
): Promise<SettingsRead | undefined> {
  if (!exists(path)) return required ? missing(label) : undefined;
  let text: string;
  try {
    // A pipe or a device would block the read or never end it (the red team's: the hook hung
    // past Claude Code's time-out, which lets the call through).
    const info = Deno.statSync(path);
    if ((!info.isFile && !info.isDirectory) || info.size > MAX_SETTINGS_BYTES) {
      return {
        source: { label, scope },
        problems: [{
          file: label,
          code: "unreadable",
          message: info.isFile
            ? `The settings file is larger than ${MAX_SETTINGS_BYTES / 2 ** 20} MB`
            : "The settings file is not a regular file (a pipe, a socket or a device)",
        }],
      };
    }
    // Synchronously: a hook call reads five small files, most of them missing, and an
    // asynchronous read costs a turn of the event loop each.
    text = Deno.readTextFileSync(path);
  } catch (e) {
    // Its name is there (the listing said so) but no file: a link to a file that does not
    // exist (a dotfiles checkout that moved). Its rules are lost, as with a file not read.
    if (e instanceof Deno.errors.NotFound) {
      return {
        source: { label, scope },
        problems: [{
          file: label,
          code: "dangling",
          message: "The settings file is a symbolic link to a file that does not exist",
        }],
      };
    }
    return {
      source: { label, scope },
      problems: [{
        file: label,
        code: "unreadable",
        message: `Cannot read the file: ${(e as Error).message}`,
      }],
    };
  }
  const known = kept?.get(path);
  if (known?.text === text && known.scope === scope && known.read.source.label === label) {
    return known.read;
  }
  const read = await parseSource(path, text, label, scope);
  kept?.set(path, { text, scope, read });
  return read;
}

async function parseSource(
  path: string,
  text: string,
  label: string,
  scope: SourceScope,
): Promise<SettingsRead> {
  if (!/\.ya?ml$/.test(path)) return settingsFromJson(text, label, scope);
  const yaml = await loadYaml();
  try {
    // Merge keys (`<<: *x`) as YAML 1.1 has them: without, a rule merged in would be lost.
    const doc = yaml.parse(text.replace(/^\uFEFF/, ""), { merge: true });
    return settingsFromDocument(doc, label, scope);
  } catch (e) {
    const line = (e as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    return {
      source: { label, scope },
      problems: [{
        file: label,
        line,
        code: "not-yaml",
        message: `Cannot parse YAML: ${(e as Error).message.split("\n")[0]}`,
      }],
    };
  }
}
