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
  return expandAs(glob, budget, { dotglob: true, nocaseglob: false, globstar: false });
}

/** bash's options that change what a glob matches. */
interface GlobOptions {
  /** `*` and `?` match a leading dot. */
  dotglob: boolean;
  /** Letters match either case. */
  nocaseglob: boolean;
  /** `**` as a whole segment matches any depth. */
  globstar: boolean;
}

/**
 * What bash may make of a glob word, given the options of the user's shell (Claude Code runs
 * commands with the user's `shopt -p`): its matches under bash's defaults (`plain`) and under
 * every option that widens a match (`wide`: `dotglob`, `nocaseglob`, `globstar`), each sorted;
 * undefined when the budget ran out. When the two agree the words are known whatever the
 * options; when both are empty bash passes the word as written, or drops it (`nullglob`).
 *
 * @param glob an absolute glob (quoted characters escaped with `\`)
 * @param budget the most directory entries to look at, per expansion
 * @returns both sets of matches, or undefined
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellGlobWords } from "./glob_expand.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/tests`);
 *   await Deno.writeTextFile(`${dir}/tests/a.py`, "");
 *   await Deno.writeTextFile(`${dir}/tests/.hidden.py`, "");
 *   assert.deepEqual(shellGlobWords(`${dir}/tests/a*.py`), {
 *     plain: [`${dir}/tests/a.py`],
 *     wide: [`${dir}/tests/a.py`],
 *   });
 *   assert.deepEqual(shellGlobWords(`${dir}/tests/*.md`), { plain: [], wide: [] });
 *   assert.deepEqual(shellGlobWords(`${dir}/tests/*.py`)?.wide, [
 *     `${dir}/tests/.hidden.py`,
 *     `${dir}/tests/a.py`,
 *   ]);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function shellGlobWords(
  glob: string,
  budget = GLOB_BUDGET,
): { plain: string[]; wide: string[] } | undefined {
  const plain = expandAs(glob, budget, { dotglob: false, nocaseglob: false, globstar: false });
  if (plain === undefined) return undefined;
  const wide = expandAs(glob, budget, { dotglob: true, nocaseglob: true, globstar: true });
  if (wide === undefined) return undefined;
  return { plain: plain.sort(), wide: wide.sort() };
}

function expandAs(glob: string, budget: number, o: GlobOptions): string[] | undefined {
  const segments = glob.split("/").filter((s) => s !== "");
  let paths = [""];
  let seen = 0;
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (!/[*?[]/.test(segment)) {
      const name = segment.replace(/\\([^])/g, "$1");
      paths = paths.map((p) => `${p}/${name}`);
      continue;
    }
    // globstar: `**` is this directory and every one below it (links to directories not
    // followed, as bash 5 does).
    if (segment === "**" && o.globstar) {
      const next: string[] = [];
      const queue = [...paths];
      while (queue.length > 0) {
        const p = queue.pop()!;
        next.push(p);
        let entries: Iterable<Deno.DirEntry>;
        try {
          entries = Deno.readDirSync(p === "" ? "/" : p);
        } catch {
          continue;
        }
        for (const e of entries) {
          if (++seen > budget) return undefined;
          if (e.isDirectory && (o.dotglob || !e.name.startsWith("."))) queue.push(`${p}/${e.name}`);
        }
      }
      paths = last ? next.filter((p) => p !== "") : next;
      continue;
    }
    const pattern = o.nocaseglob ? segment.toLowerCase() : segment;
    const matches = compileGlob(segment === "**" ? "*" : pattern);
    // Without dotglob a leading dot is matched only by a leading dot in the pattern.
    const dotted = segment.startsWith(".") || segment.startsWith("\\.");
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
        if (!o.dotglob && !dotted && e.name.startsWith(".")) continue;
        if (matches(o.nocaseglob ? e.name.toLowerCase() : e.name)) next.push(`${p}/${e.name}`);
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
