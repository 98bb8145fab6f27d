/**
 * Directory listings kept across walks (the resident decider's, `lib/fs/tree_search.ts`): a
 * directory that has not changed is not listed again, and one that has (an entry added, removed
 * or renamed changes its times) is; one changed in the last 2 seconds is never kept, so that a
 * change within the same clock tick cannot hide.
 */

import assert from "node:assert/strict";
import { listDir, type Listings, treeHolds } from "../../lib/fs/tree_search.ts";
import { READS_ALL } from "../../lib/permissions/tree_filter.ts";

const names = (dir: string, listings: Listings) => {
  const seen: string[] = [];
  treeHolds(dir, (p, isDir) => {
    if (p !== dir && !isDir) seen.push(p.slice(dir.length + 1));
    return false;
  }, { reader: READS_ALL, listings });
  return seen.sort();
};

Deno.test("tree listings: a directory settled 2 s, then changed with its modification time set back (touch -d), is listed again: its change time (whole seconds to Deno) moved on", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(`${dir}/src`);
    await Deno.writeTextFile(`${dir}/src/a.ts`, "");
    await new Promise((r) => setTimeout(r, 2100));
    const listings: Listings = { byDir: new Map() };
    assert.deepEqual(names(dir, listings), ["src/a.ts"]);
    const kept = listings.byDir.get(`${dir}/src`);
    assert.ok(kept !== undefined, "kept: settled");
    await Deno.writeTextFile(`${dir}/src/.env`, "KEY=1");
    Deno.utimeSync(`${dir}/src`, new Date(kept.mtime), new Date(kept.mtime));
    assert.deepEqual(names(dir, listings), ["src/.env", "src/a.ts"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tree listings: an unchanged directory is kept, a changed one listed again", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(`${dir}/src`);
    await Deno.writeTextFile(`${dir}/src/a.ts`, "");
    // Settled at once here (a directory's change time cannot be set back for a test).
    const listings: Listings = { byDir: new Map(), settleMs: -1 };
    assert.deepEqual(names(dir, listings), ["src/a.ts"]);
    assert.ok(listings.byDir.has(`${dir}/src`), "kept");
    // Kept: a second walk does not list it again (a listing changed behind its back shows it).
    listings.byDir.get(`${dir}/src`)!.entries.push({
      name: "ghost.ts",
      isFile: true,
      isDirectory: false,
      isSymlink: false,
    });
    assert.deepEqual(names(dir, listings), ["src/a.ts", "src/ghost.ts"]);
    // An entry added changes the directory's times: listed again.
    await new Promise((r) => setTimeout(r, 20)); // past the file system's clock tick
    await Deno.writeTextFile(`${dir}/src/.env`, "KEY=1");
    assert.deepEqual(names(dir, listings), ["src/.env", "src/a.ts"]);
    // Just changed, with the default window: not kept.
    const fresh: Listings = { byDir: new Map() };
    names(dir, fresh);
    assert.ok(!fresh.byDir.has(`${dir}/src`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tree listings: a directory reached through a symbolic link is never kept (a link retargeted while it is read would keep one directory's names for the other's)", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(`${dir}/a`);
    await Deno.writeTextFile(`${dir}/a/.env`, "KEY=1");
    await Deno.mkdir(`${dir}/proj`);
    await Deno.symlink("../a", `${dir}/proj/keys`);
    const listings: Listings = { byDir: new Map(), settleMs: -1 };
    assert.deepEqual(listDir(`${dir}/proj/keys`, listings).map((e) => e.name), [".env"]);
    assert.ok(!listings.byDir.has(`${dir}/proj/keys`), "not kept: reached through a link");
    assert.deepEqual(listDir(`${dir}/a`, listings).map((e) => e.name), [".env"]);
    assert.ok(listings.byDir.has(`${dir}/a`), "kept: the directory itself");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
