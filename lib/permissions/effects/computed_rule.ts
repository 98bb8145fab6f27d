/**
 * The rule that makes a command with a path only known when it runs ask (issue 22, point 2;
 * `computed_paths.ts` finds such paths): every Read deny or ask rule for a computed read, every
 * Edit one for a computed word given to a program skald has no spec for. Pure.
 *
 * @module
 */

import { noEffects, type ShellEffects } from "./shell_effects.ts";

/** A path rule on what a command reads or writes, as `bash_paths.ts` finds it. */
type PathRuleOf<R> = (
  kind: "deny" | "ask",
  effects: ShellEffects,
) => { rule: R; why: string } | undefined;

/**
 * The rule that makes a command with a computed path ask: the earliest Read deny or ask rule
 * for a path it reads that is only known when it runs (`cat $(echo .env)`), or Edit deny or ask
 * rule for one it gives a program skald has no spec for; a deny rule asks too (the path may not
 * be the one it names), and the mode has the last word (dontAsk, and the hook in
 * bypassPermissions, deny).
 *
 * @param pathRule the policy's path rule of a kind on a command's effects
 * @param effects what the command reads and writes
 * @returns the rule, and what the command does, or undefined
 */
export function computedPathRule<R>(
  pathRule: PathRuleOf<R>,
  effects: ShellEffects,
): { rule: R; why: string } | undefined {
  const read = effects.computedReads[0];
  const written = effects.computedWrites[0];
  if (read === undefined && written === undefined) return undefined;
  const probe: ShellEffects = {
    ...noEffects(effects.bases),
    unknownWrites: written !== undefined,
    unknownTree: read !== undefined,
  };
  const hit = pathRule("deny", probe) ?? pathRule("ask", probe);
  if (hit === undefined) return undefined;
  const why = read !== undefined
    ? `reads ${read}, a path only known when it runs`
    : `gives ${written}, a path only known when it runs, to a program skald has no spec for`;
  return { rule: hit.rule, why };
}
