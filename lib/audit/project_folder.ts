/**
 * The folder under `~/.claude/projects/` where Claude Code keeps a project's session
 * transcripts, named from the directory it was started in. Pure.
 *
 * Observed with Claude Code 2.1.332 (through the oracle): every UTF-16 code unit that is not an
 * ASCII letter or digit becomes `-` (`/tmp/a.b_c d/proj` is `-tmp-a-b-c-d-proj`, `é😀` is `---`);
 * a name longer than 200 characters is cut to 200 and followed by `-` and a hash of the whole
 * path (Java's `String.hashCode`, its absolute value in base 36: a 264-character path gave
 * `…-2174a5`).
 *
 * @module
 */

const MAX = 200;

/**
 * The folder name Claude Code gives a project's transcripts.
 *
 * @param dir the directory Claude Code was started in, absolute
 * @returns the folder's name under `~/.claude/projects/`
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectFolderName } from "./project_folder.ts";
 *
 * assert.equal(projectFolderName("/home/me/my_app.v2"), "-home-me-my-app-v2");
 * assert.equal(projectFolderName("/" + "x".repeat(250)).length, 200 + 1 + 6);
 * ```
 */
export function projectFolderName(dir: string): string {
  const name = dir.replace(/[^a-zA-Z0-9]/g, "-");
  if (name.length <= MAX) return name;
  let hash = 0;
  for (let i = 0; i < dir.length; i++) hash = ((hash << 5) - hash + dir.charCodeAt(i)) | 0;
  return `${name.slice(0, MAX)}-${Math.abs(hash).toString(36)}`;
}
