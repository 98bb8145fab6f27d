/**
 * A glob expanded on disk the way bash expands a word before the program runs (`cat src/*`):
 * segment by segment, `*`, `?` and `[...]` matched against each directory's names, a directory
 * reached through a symbolic link descended as bash does. Used to see what a glob argument
 * reaches through links (`src/env -> ../.env` makes `cat src/*` read `.env`). Names starting with
 * a dot match too (as with `dotglob`: it can only find more), `**` is read as `*` at each depth it
 * stands for (globstar's reach is covered by the walk of trees). Bounded: past the budget, the
 * answer is unknown.
 *
 * @module
 */

import { compileGlob } from "../glob/path_glob.ts";

/** Directory entries looked at, at most, per glob. */
export const GLOB_BUDGET = 5000;

/**
 * The paths an absolute glob matches on disk, as bash names them (links not resolved); undefined
 * when the budget ran out.
 *
 * @param glob an absolute glob
 * @param budget the most directory entries to look at
 * @returns the matching paths, or undefined when not known
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandGlob } from "./glob_expand.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/secrets`);
 *   await Deno.mkdir(`${dir}/src`);
 *   await Deno.writeTextFile(`${dir}/secrets/key`, "KEY=1");
 *   await Deno.writeTextFile(`${dir}/src/a.ts`, "");
 *   await Deno.symlink("../secrets", `${dir}/src/keys`);
 *   assert.deepEqual(expandGlob(`${dir}/src/*.ts`), [`${dir}/src/a.ts`]);
 *   assert.deepEqual(expandGlob(`${dir}/src/*\/*`), [`${dir}/src/keys/key`]);
 *   assert.equal(expandGlob(`${dir}/src/*`, 1), undefined);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function expandGlob(glob: string, budget = GLOB_BUDGET): string[] | undefined {
  const segments = glob.split("/").filter((s) => s !== "");
  let paths = [""];
  let seen = 0;
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (!/[*?[]/.test(segment)) {
      paths = paths.map((p) => `${p}/${segment}`);
      continue;
    }
    const matches = compileGlob(segment === "**" ? "*" : segment);
    const next: string[] = [];
    for (const p of paths) {
      let entries: Iterable<Deno.DirEntry>;
      try {
        entries = Deno.readDirSync(p === "" ? "/" : p);
      } catch {
        continue; // not a directory, or not readable: bash matches nothing there
      }
      for (const e of entries) {
        if (++seen > budget) return undefined;
        if (matches(e.name)) next.push(`${p}/${e.name}`);
      }
    }
    paths = last ? next : next.filter(isDirectory);
  }
  return paths.filter(exists);
}

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory; // a link to a directory is one (bash descends it)
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
