/**
 * Fixture trees copied into a new temporary directory, for tests that run commands in them: a
 * command that writes (a planted bug, a regression) changes the copy, never the committed
 * fixture that every later run reads.
 *
 * @module
 */

import { posix } from "node:path";
import { fromFileUrl } from "./_paths.ts";

/** The repository root. */
const REPO = fromFileUrl(new URL("../", import.meta.url));

/** Copies a directory tree: files with their mode, symbolic links as links. */
function copyTree(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const e of Deno.readDirSync(from)) {
    const [src, dst] = [posix.join(from, e.name), posix.join(to, e.name)];
    if (e.isSymlink) Deno.symlinkSync(Deno.readLinkSync(src), dst);
    else if (e.isDirectory) copyTree(src, dst);
    else Deno.copyFileSync(src, dst);
  }
}

/**
 * Runs `fn` on a copy of a fixture tree (its real path), then removes the copy.
 *
 * @param fixture the tree, relative to the repository (`tests/fixtures/render`); none for an
 *   empty directory
 * @param fn what to do with the copy's path
 * @returns what `fn` returns
 */
export async function withFixtureCopy<T>(
  fixture: string | undefined,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-fixture-" }));
  try {
    if (fixture !== undefined) copyTree(posix.join(REPO, fixture), dir);
    return await fn(dir);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}
