/**
 * Permission modes (`defaultMode`, `--mode`, a hook input's `permission_mode`): the names
 * Claude Code 2.1.332 accepts, the mode skald decides each under, and which source may set
 * one. Pure.
 *
 * @module
 */

/** The modes skald decides under. */
export type Mode = "default" | "acceptEdits" | "plan" | "dontAsk" | "bypassPermissions";

/** Every mode skald decides under, in the order docs/settings.md lists them. */
export const MODES: readonly Mode[] = [
  "default",
  "acceptEdits",
  "plan",
  "dontAsk",
  "bypassPermissions",
];

/**
 * Every mode name Claude Code 2.1.332 accepts (settings, `--permission-mode`), and the mode
 * skald decides it under: `manual` is Claude Code's own alias of `default`; `auto` (Claude
 * Code's classifier mode) is decided as `default`, since skald has no classifier: its rules,
 * guards and defaults hold, and what the classifier would have allowed is asked.
 */
export const MODE_NAMES: Readonly<Record<string, Mode>> = {
  default: "default",
  manual: "default",
  acceptEdits: "acceptEdits",
  plan: "plan",
  dontAsk: "dontAsk",
  bypassPermissions: "bypassPermissions",
  auto: "default",
};

/**
 * True when the text is a mode name Claude Code accepts (`manual` and `auto` included).
 *
 * @param text a candidate mode name
 * @returns whether it is one
 */
export function isModeName(text: unknown): text is string {
  return typeof text === "string" && Object.hasOwn(MODE_NAMES, text);
}

/**
 * The mode skald decides a mode name under: its own, `default` for `manual` and `auto`, and
 * `default` for a name it does not know (a newer Claude Code's): never more loosely.
 *
 * @param name a mode name as written
 * @returns the mode
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decidedMode } from "./modes.ts";
 *
 * assert.equal(decidedMode("acceptEdits"), "acceptEdits");
 * assert.equal(decidedMode("manual"), "default");
 * assert.equal(decidedMode("auto"), "default");
 * assert.equal(decidedMode("turbo"), "default");
 * ```
 */
export function decidedMode(name: string): Mode {
  return isModeName(name) ? MODE_NAMES[name]! : "default";
}

/** Where a settings source lives; decides which `defaultMode` wins and which is ignored. */
export type SourceScope = "managed" | "user" | "project" | "local" | "raider" | "cli" | "run";

/** Higher wins for `defaultMode`: managed settings, then `--settings`, local, project, user. */
const MODE_PRIORITY: Readonly<Record<SourceScope, number>> = {
  managed: 6,
  cli: 5,
  local: 4,
  raider: 3,
  project: 2,
  user: 1,
  run: 0,
};

/** Scopes that live inside the project: a repository may not grant itself bypass or auto. */
const PROJECT_SCOPES: ReadonlySet<SourceScope> = new Set(["project", "local", "raider"]);

/**
 * True for a source that lives inside the project (`.claude/settings.json`,
 * `.claude/settings.local.json`, `.raider/config.yml`), which Claude Code trusts less.
 *
 * @param scope the source's scope
 * @returns whether the repository controls it
 */
export function isProjectScope(scope: SourceScope): boolean {
  return PROJECT_SCOPES.has(scope);
}

/** Modes only a source outside the project may set (Claude Code 2.1.332). */
const GRANTED_OUTSIDE: ReadonlySet<string> = new Set(["bypassPermissions", "auto"]);

/**
 * The mode in force: an explicit one, else the `defaultMode` of the highest-priority source
 * (managed settings, then `--settings`, local, `.raider`, project, user). As Claude Code
 * 2.1.332 does, `bypassPermissions` or `auto` from a file inside the project counts as
 * `default` (so it also hides a user's `acceptEdits`), unless a source outside the project
 * sets the same mode.
 *
 * @param explicit the mode name given on the command line, if any
 * @param sources each source's label, scope and `defaultMode` as written
 * @param bypassDisabled `permissions.disableBypassPermissionsMode: "disable"` in some source:
 *   `bypassPermissions` counts as `default`
 * @returns the mode skald decides under, its name as written and the source that set it (null:
 *   none)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveMode } from "./modes.ts";
 *
 * const sources = [
 *   { label: "~/.claude/settings.json", scope: "user", defaultMode: "acceptEdits" },
 *   { label: ".claude/settings.json", scope: "project", defaultMode: "bypassPermissions" },
 * ] as const;
 * assert.deepEqual(resolveMode(undefined, sources), {
 *   mode: "default",
 *   name: "default",
 *   source: ".claude/settings.json",
 * });
 * assert.deepEqual(resolveMode("plan", sources), { mode: "plan", name: "plan", source: "--mode" });
 * ```
 */
export function resolveMode(
  explicit: string | undefined,
  sources: readonly { label: string; scope: SourceScope; defaultMode?: string }[],
  bypassDisabled = false,
): { mode: Mode; name: string; source: string | null } {
  const resolved = resolveName(explicit, sources);
  if (bypassDisabled && resolved.name === "bypassPermissions") {
    return { mode: "default", name: "default", source: resolved.source };
  }
  return resolved;
}

function resolveName(
  explicit: string | undefined,
  sources: readonly { label: string; scope: SourceScope; defaultMode?: string }[],
): { mode: Mode; name: string; source: string | null } {
  if (explicit !== undefined) {
    return { mode: decidedMode(explicit), name: explicit, source: "--mode" };
  }
  const grantedOutside = new Set(
    sources.filter((s) => !PROJECT_SCOPES.has(s.scope)).map((s) => s.defaultMode),
  );
  let best: { name: string; source: string | null; rank: number } = {
    name: "default",
    source: null,
    rank: -1,
  };
  for (const s of sources) {
    if (s.defaultMode === undefined) continue;
    const refused = GRANTED_OUTSIDE.has(s.defaultMode) && PROJECT_SCOPES.has(s.scope) &&
      !grantedOutside.has(s.defaultMode);
    const rank = MODE_PRIORITY[s.scope];
    // Of two sources of one scope (managed drop-ins), the later one wins.
    if (rank >= best.rank) {
      best = { name: refused ? "default" : s.defaultMode, source: s.label, rank };
    }
  }
  return { mode: decidedMode(best.name), name: best.name, source: best.source };
}
