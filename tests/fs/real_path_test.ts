/**
 * Real paths: `realPathOnDisk` walks a path as the kernel would once the missing parts were
 * made as plain directories; `cachedRealPath` reaches a path through its directory's
 * remembered real path and must give the same, whatever was asked before (a path of more
 * than 40 links aside: the kernel refuses it, nothing is read or written through it).
 */

import assert from "node:assert/strict";
import { cachedRealPath, realPathOnDisk } from "../../lib/fs/real_path.ts";
import { Policy } from "../../lib/permissions/policy.ts";

/** A tree of directories, files and links (relative, absolute, dangling, through `..`, loops). */
function fixture(): string {
  const dir = Deno.realPathSync(Deno.makeTempDirSync());
  Deno.mkdirSync(`${dir}/a/b/c`, { recursive: true });
  Deno.mkdirSync(`${dir}/secrets/s`, { recursive: true });
  Deno.writeTextFileSync(`${dir}/a/b/file.txt`, "x");
  Deno.writeTextFileSync(`${dir}/secrets/key`, "k");
  Deno.symlinkSync("a/b", `${dir}/rel`); // relative link to a directory
  Deno.symlinkSync(`${dir}/secrets`, `${dir}/abs`); // absolute link
  Deno.symlinkSync("secrets/s", `${dir}/deep`);
  Deno.symlinkSync("deep/../key", `${dir}/up`); // `..` taken from the link's target
  Deno.symlinkSync("deep/../new.txt", `${dir}/dangling`); // dangling, through `..`
  Deno.symlinkSync("../../../secrets", `${dir}/a/b/c/back`); // relative `..` out of a deep dir
  Deno.symlinkSync("loop2", `${dir}/loop1`);
  Deno.symlinkSync("loop1", `${dir}/loop2`);
  Deno.symlinkSync("/", `${dir}/root`);
  Deno.symlinkSync("rel/c", `${dir}/chain`); // a link through a link
  Deno.mkdirSync(`${dir}/real`);
  Deno.mkdirSync(`${dir}/target`);
  Deno.symlinkSync("../target", `${dir}/real/z`);
  Deno.symlinkSync("missing/../real", `${dir}/via-missing`); // `..` after a missing part
  Deno.symlinkSync("missing/../real/z", `${dir}/via-missing-z`);
  return dir;
}

const PATHS = [
  "",
  "/a",
  "/a/b/file.txt",
  "/a/b/missing",
  "/a/missing/deeper/x",
  "/rel",
  "/rel/file.txt",
  "/rel/new.txt",
  "/rel/c/back/key",
  "/rel/c/back/new/x",
  "/abs/key",
  "/abs/s/new",
  "/deep",
  "/deep/x",
  "/up",
  "/dangling",
  "/dangling/below",
  "/loop1",
  "/loop1/x",
  "/root/etc",
  "/root/no-such-dir/x",
  "/chain/back/key",
  "/chain/..",
  "/rel/../x",
  "/rel/./file.txt",
  "/a//b/file.txt",
  "/rel/",
  "/via-missing/z/new",
  "/via-missing-z/new",
  "/missing/../real/z/new",
  "/missing/deeper/../../real/z/new",
  "/missing/deeper/../x",
];

Deno.test("real paths: cachedRealPath agrees with realPathOnDisk on every path of the tree", () => {
  const dir = fixture();
  try {
    const want = PATHS.map((p) => realPathOnDisk(dir + p));
    // The answer must not depend on what the cache learnt first: forwards, backwards, twice.
    for (const order of [PATHS, [...PATHS].reverse()]) {
      const realPath = cachedRealPath();
      for (let round = 0; round < 2; round++) {
        for (const p of order) {
          assert.deepEqual(
            { path: p, real: realPath(dir + p) },
            { path: p, real: want[PATHS.indexOf(p)] },
          );
        }
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("real paths: links are followed where they stand (the kernel's answers)", () => {
  const dir = fixture();
  try {
    const realPath = cachedRealPath();
    const cases: [string, string][] = [
      ["/rel/file.txt", "/a/b/file.txt"],
      ["/up", "/secrets/key"],
      ["/dangling", "/secrets/new.txt"],
      ["/dangling/below", "/secrets/new.txt/below"],
      ["/rel/c/back/key", "/secrets/key"],
      ["/chain/back/key", "/secrets/key"],
      ["/a/missing/deeper/x", "/a/missing/deeper/x"],
      // A missing part is a plain directory: `..` comes back, and the link after it is followed.
      ["/via-missing/z/new", "/target/new"],
      ["/via-missing-z/new", "/target/new"],
      ["/missing/deeper/../../real/z/new", "/target/new"],
      ["/missing/deeper/../x", "/missing/x"],
    ];
    for (const [path, real] of cases) {
      assert.deepEqual({ path, real: realPath(dir + path) }, { path, real: dir + real });
    }
    assert.deepEqual(realPath(`${dir}/root/etc`), Deno.realPathSync("/etc"));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("real paths: a Read deny rule holds through a link whose target passes a part made first", () => {
  // `d2 -> missing/../real/z` and `real/z -> ../target`: after `mkdir missing`, `cat d2/new`
  // reads target/new. Before, the walk stopped at `missing` and named real/z/new.
  const dir = fixture();
  try {
    for (const realPath of [realPathOnDisk, cachedRealPath()]) {
      const policy = new Policy({
        sources: [{ label: "t", scope: "project", allow: ["Bash"], deny: ["Read(./target/**)"] }],
        env: { root: dir, home: "/home/u", realPath },
      });
      for (const command of ["mkdir missing && cat via-missing-z/new", "cat via-missing/z/new"]) {
        const d = policy.decide({ tool: "Bash", input: { command } });
        assert.deepEqual({ command, verdict: d.verdict, rule: d.rule }, {
          command,
          verdict: "deny",
          rule: "Read(./target/**)",
        });
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
