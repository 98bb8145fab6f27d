/**
 * The hook's answer to Claude Code for one decision, in the output shape of the event. By
 * default skald passes on every verdict stricter than Claude Code's own that skald gave for a
 * reason of its own (a rule, a guard, the mode) and stays silent where it only asks because no
 * rule speaks, so that Claude Code decides as usual; an allow is never sent. Authoritative
 * (`--authoritative`), skald's policy is the whole policy: every verdict is sent, allow too
 * (Claude Code's own deny rules still hold). Pure.
 *
 * @module
 */

import type { Mode } from "../permissions/modes.ts";
import type { Decision } from "../permissions/verdict.ts";
import type { HookEvent } from "./hook_input.ts";

/** Claude Code's hook output, for the events skald answers. */
export type HookOutput =
  | {
    hookSpecificOutput: {
      hookEventName: "PreToolUse" | "PreSkillShellCommand";
      permissionDecision: "allow" | "ask" | "deny";
      permissionDecisionReason: string;
    };
  }
  | {
    hookSpecificOutput: {
      hookEventName: "PermissionRequest";
      decision: { behavior: "allow" } | { behavior: "deny"; message: string };
    };
  };

/**
 * What the hook answers for a decision, or undefined for no opinion.
 *
 * - `PreToolUse`: a deny or ask that a rule, a guard or the mode gave; silent on an allow and on
 *   an ask that is only the default (no rule speaks). Authoritative: every verdict.
 * - `PermissionRequest` (Claude Code is about to ask): `deny` where skald denies; `allow` where
 *   skald allows, only when authoritative; silent on an ask (Claude Code asks).
 * - `PreSkillShellCommand` (a skill's `` !`cmd` ``, which Claude Code has allowed): as
 *   `PreToolUse`, an allow never sent; Claude Code does not run the command on a deny or an ask.
 *
 * @param event the hook event
 * @param decision skald's decision for the call
 * @param authoritative whether skald's policy is the whole policy
 * @param mode the mode the call runs under: in bypassPermissions, where Claude Code asks nobody
 *   (it runs a call a hook asks for), an ask is sent as a deny
 * @returns the hook output, or undefined
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookAnswer } from "./hook_answer.ts";
 *
 * const guard = {
 *   verdict: "ask",
 *   rule: null,
 *   source: null,
 *   reason: "Writing /p/.git/hooks/pre-push needs approval: it is a protected file",
 *   basis: "guard",
 * } as const;
 * assert.deepEqual(hookAnswer("PreToolUse", guard, false), {
 *   hookSpecificOutput: {
 *     hookEventName: "PreToolUse",
 *     permissionDecision: "ask",
 *     permissionDecisionReason: `skald: ${guard.reason}`,
 *   },
 * });
 * const fallback = { ...guard, reason: "No rule allows it", basis: "default" } as const;
 * assert.equal(hookAnswer("PreToolUse", fallback, false), undefined);
 * assert.equal(hookAnswer("PermissionRequest", { ...fallback, verdict: "allow" }, false), undefined);
 * assert.deepEqual(hookAnswer("PermissionRequest", { ...fallback, verdict: "allow" }, true), {
 *   hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
 * });
 * ```
 */
export function hookAnswer(
  event: HookEvent,
  decision: Decision,
  authoritative: boolean,
  mode: Mode = "default",
): HookOutput | undefined {
  let reason = `skald: ${decision.reason}`;
  let { verdict } = decision;
  // bypassPermissions asks nobody: Claude Code runs a call its hook asks for (observed).
  if (verdict === "ask" && mode === "bypassPermissions") {
    verdict = "deny";
    reason += " (bypassPermissions asks nobody, so skald denies)";
  }
  if (event === "PermissionRequest") {
    if (verdict === "deny") {
      return {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: reason },
        },
      };
    }
    if (verdict === "allow" && authoritative) {
      return {
        hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
      };
    }
    return undefined;
  }
  if (!authoritative && (verdict === "allow" || decision.basis === "default")) return undefined;
  // A skill's command: an allow adds nothing (Claude Code allowed it before asking the hook),
  // and an ask is refused there like a deny (a skill cannot wait for an approval).
  if (event === "PreSkillShellCommand" && verdict === "allow") return undefined;
  return {
    hookSpecificOutput: {
      hookEventName: event,
      permissionDecision: verdict,
      permissionDecisionReason: reason,
    },
  };
}
