/**
 * The files a Codex `apply_patch` patch touches (Codex's patch format: `*** Begin Patch`, then
 * `*** Add File: P`, `*** Update File: P` with an optional `*** Move to: Q`, `*** Delete File: P`,
 * `*** End Patch`), each as the write skald decides: adding a file is a Write, changing, moving
 * or deleting one an Edit of it (and a Write of where it moves). Codex sends the patch as
 * `tool_input.command`. Pure.
 *
 * @module
 */

/** One file a patch writes. */
export interface PatchTarget {
  /** `Write` for a new file, `Edit` for one changed or deleted. */
  tool: "Write" | "Edit";
  /** The path as the patch gives it (relative to where the call runs, or absolute). */
  path: string;
}

const HEADER = /^\*\*\* (Add File|Update File|Delete File|Move to): (.*)$/;

/**
 * The files a patch writes.
 *
 * @param patch the patch text
 * @returns the targets, or an error when the patch names none
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patchTargets } from "./apply_patch.ts";
 *
 * const patch = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: b.txt\n" +
 *   "*** Move to: c.txt\n@@\n-x\n+y\n*** Delete File: d.txt\n*** End Patch\n";
 * assert.deepEqual(patchTargets(patch), [
 *   { tool: "Write", path: "a.txt" },
 *   { tool: "Edit", path: "b.txt" },
 *   { tool: "Write", path: "c.txt" },
 *   { tool: "Edit", path: "d.txt" },
 * ]);
 * assert.ok("error" in patchTargets("rm -rf /"));
 * ```
 */
export function patchTargets(patch: string): PatchTarget[] | { error: string } {
  const targets: PatchTarget[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const m = HEADER.exec(line.trimEnd());
    if (m === null) continue;
    const path = m[2]!.trim();
    if (path === "") return { error: `The patch's "${m[1]}" line names no file` };
    targets.push({ tool: m[1] === "Add File" || m[1] === "Move to" ? "Write" : "Edit", path });
  }
  if (targets.length === 0) return { error: "The apply_patch input names no file" };
  return targets;
}
