/**
 * skald's hook registration in a settings file: for `PreToolUse`, `PermissionRequest` and
 * `PreSkillShellCommand`, a command hook on every tool (`"matcher": "*"`) with
 * `"onFailure": "block"` (Claude Code 2.1.332 then refuses the call when the hook fails, times
 * out or cannot start: observed), whose command also blocks the call when skald cannot start
 * (`SKALD hook || { echo 'skald hook could not run' >&2; exit 2; }`), for a Claude Code older
 * than `onFailure`, which lets a call through when a hook's command is not found or exits 1.
 * What `init` writes and `doctor` looks for. Pure.
 *
 * @module
 */

/** The events skald's hook answers. */
export const HOOK_EVENTS = ["PreToolUse", "PermissionRequest", "PreSkillShellCommand"] as const;

/** The hook entry's `onFailure`: a failing, timed-out or missing hook refuses the call. */
export const ON_FAILURE = "block";

/**
 * What follows the command: a failing start blocks the call, and says what to do (a teammate
 * who cloned the project without skald reads it on the first call).
 */
export const BLOCKING_FALLBACK =
  "|| { echo 'skald hook could not run, so the call is blocked: install skald and put it on PATH (see its README, Install), then run skald doctor' >&2; exit 2; }";

/**
 * The hook command for a way of starting skald: with `--resident`, so that calls after the
 * first are answered by the resident decider (docs/hook.md, "The resident decider").
 *
 * @param skald the command that starts skald (an absolute path, or a `deno run ...` line)
 * @returns the hook's command
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookCommand } from "./hook_registration.ts";
 *
 * assert.match(hookCommand("skald"), /^skald hook --resident \|\| \{ echo 'skald hook could not run/);
 * ```
 */
export function hookCommand(skald: string): string {
  return `${skald} hook --resident ${BLOCKING_FALLBACK}`;
}

/** One hook command found in a settings document. */
export interface FoundHook {
  event: string;
  /** The index of the matcher entry, and of the hook in it. */
  at: [number, number];
  matcher: unknown;
  command: string;
  /** The entry's `onFailure`, as written. */
  onFailure: unknown;
}

/**
 * Whether a hook command runs skald's hook: `... skald hook`, `... main.ts hook`, the plugin's.
 *
 * @param command the command
 * @returns true for skald's hook
 */
export function isSkaldHook(command: string): boolean {
  return /(^|[\s/"'])(skald|main\.ts"?)\s+hook\b/.test(command);
}

/**
 * Every skald hook command of a settings document, event by event.
 *
 * @param doc the parsed settings
 * @returns the commands found
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { skaldHooks } from "./hook_registration.ts";
 *
 * const doc = { hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "/bin/skald hook" }] }] } };
 * assert.deepEqual(skaldHooks(doc).map((h) => [h.event, h.command]), [["PreToolUse", "/bin/skald hook"]]);
 * ```
 */
export function skaldHooks(doc: unknown): FoundHook[] {
  const hooks = (doc as { hooks?: unknown } | null)?.hooks;
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) return [];
  const out: FoundHook[] = [];
  for (const [event, entries] of Object.entries(hooks)) {
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, i) => {
      const list = (entry as { hooks?: unknown })?.hooks;
      if (!Array.isArray(list)) return;
      list.forEach((h, j) => {
        const command = (h as { command?: unknown })?.command;
        if (
          (h as { type?: unknown })?.type === "command" && typeof command === "string" &&
          isSkaldHook(command)
        ) {
          out.push({
            event,
            at: [i, j],
            matcher: (entry as { matcher?: unknown }).matcher,
            command,
            onFailure: (h as { onFailure?: unknown }).onFailure,
          });
        }
      });
    });
  }
  return out;
}

/**
 * The session id of doctor's sample calls, in every agent's input: a call of it starts no
 * resident decider (doctor starts nothing it would have to stop).
 */
export const DOCTOR_SESSION = "skald-doctor";

/**
 * Whether a hook command blocks the call when its program cannot start: it ends in
 * `|| { ...; exit 2; }` or `|| exit 2` (Claude Code blocks on exit 2 only).
 *
 * @param command the hook's command
 * @returns true when a failing start blocks
 */
export function blocksOnFailure(command: string): boolean {
  return /\|\|\s*(\{[^}]*\bexit\s+2\s*;?\s*\}|exit\s+2)\s*$/.test(command.trim());
}

/**
 * Whether a skald hook command asks the resident decider first (`hook ... --resident[=DIR]`):
 * without it, every call is decided in its own process (docs/hook.md, "The resident decider").
 *
 * @param command the hook's command
 * @returns true when it passes `--resident`
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asksResident } from "./hook_registration.ts";
 *
 * assert.equal(asksResident("/bin/skald hook --resident || exit 2"), true);
 * assert.equal(asksResident("/bin/skald hook --resident=/run/u/skald"), true);
 * assert.equal(asksResident("/bin/skald hook || exit 2"), false);
 * assert.equal(asksResident("/bin/skald hook --residents"), false);
 * ```
 */
export function asksResident(command: string): boolean {
  const hook = command.split("||", 1)[0]!;
  return /(^|[\s/"'])(skald|main\.ts"?)\s+hook\b.*\s--resident(=\S*)?(?=\s|$|['"])/.test(hook);
}
