/**
 * The working directories of a session: the project root and every additional directory
 * (`permissions.additionalDirectories`, `--add-dir`), each as written and as its real path, and
 * the one test of "inside" that reading defaults, acceptEdits, redirections and `@file`
 * references share. Pure: real paths come from the context.
 *
 * @module
 */

import { isInside, type PathContext, resolvePath } from "./paths.ts";

/** The project root and the additional directories, each as written and as real path. */
export interface WorkingDirs {
  /** The root first, then the additional directories. */
  dirs: { written: string; real: string }[];
  /** True when the absolute path and its real form both lie inside a working directory. */
  contains(path: string): boolean;
}

/**
 * The working directories: the root first, then each additional one (`~` and relative forms
 * resolved against the home and the root).
 *
 * @param ctx root, home, real paths
 * @param extra the additional directories as configured
 * @returns the working directories
 */
export function workingDirs(ctx: PathContext, extra: readonly string[]): WorkingDirs {
  const dirs = [{ written: ctx.root, real: ctx.realRoot }];
  for (const d of extra) {
    const written = resolvePath(d, ctx);
    if (!dirs.some((x) => x.written === written)) {
      dirs.push({ written, real: ctx.realPath(written) });
    }
  }
  const inside = (p: string) => dirs.some((d) => isInside(p, d.written) || isInside(p, d.real));
  return {
    dirs,
    contains: (path) => inside(path) && inside(ctx.realPath(path)),
  };
}
