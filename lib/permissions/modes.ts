/**
 * Permission modes (`defaultMode`, `--mode`) and which source may set one. Pure.
 *
 * @module
 */

/** Claude Code's permission modes. */
export type Mode = "default" | "acceptEdits" | "plan" | "dontAsk" | "bypassPermissions";

/** Every mode, in the order the README lists them. */
export const MODES: readonly Mode[] = [
  "default",
  "acceptEdits",
  "plan",
  "dontAsk",
  "bypassPermissions",
];

/**
 * True when the text names a mode.
 *
 * @param text a candidate mode name
 * @returns whether it is one
 */
export function isMode(text: unknown): text is Mode {
  return typeof text === "string" && (MODES as readonly string[]).includes(text);
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

/** Scopes that live inside the project: a repository may not grant itself bypass. */
const PROJECT_SCOPES: ReadonlySet<SourceScope> = new Set(["project", "local", "raider"]);

/**
 * The mode in force: an explicit one, else the `defaultMode` of the highest-priority source
 * (managed settings, then `--settings`, local, `.raider`, project, user), where
 * `bypassPermissions` from a file inside the project is ignored (as Claude Code does).
 *
 * @param explicit the mode given on the command line, if any
 * @param sources each source's label, scope and `defaultMode`
 * @returns the mode, and the source that set it (null: none)
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
 *   mode: "acceptEdits",
 *   source: "~/.claude/settings.json",
 * });
 * assert.deepEqual(resolveMode("plan", sources), { mode: "plan", source: "--mode" });
 * ```
 */
export function resolveMode(
  explicit: Mode | undefined,
  sources: readonly { label: string; scope: SourceScope; defaultMode?: Mode }[],
): { mode: Mode; source: string | null } {
  if (explicit !== undefined) return { mode: explicit, source: "--mode" };
  let best: { mode: Mode; source: string | null; rank: number } = {
    mode: "default",
    source: null,
    rank: -1,
  };
  for (const s of sources) {
    if (s.defaultMode === undefined) continue;
    if (s.defaultMode === "bypassPermissions" && PROJECT_SCOPES.has(s.scope)) continue;
    const rank = MODE_PRIORITY[s.scope];
    if (rank > best.rank) best = { mode: s.defaultMode, source: s.label, rank };
  }
  return { mode: best.mode, source: best.source };
}
