/**
 * `lib/path.ts` against `node:path`'s posix functions, on a table of tricky paths.
 */

import assert from "node:assert/strict";
import { posix as node } from "node:path";
import { posix } from "../lib/path.ts";

const PATHS = [
  "",
  ".",
  "..",
  "/",
  "//",
  "///a//b",
  "a",
  "a/",
  "a/b",
  "a/b/",
  "/a",
  "/a/",
  "/a/b/c",
  "/a/b/c/",
  "./a",
  "../a",
  "a/../..",
  "/a/../..",
  "/../a",
  "a/./b/../c",
  "/a/b/../../..",
  ".hidden",
  "a/.hidden",
  "file.txt",
  "a/file.tar.gz",
  "a/b.",
  "..a",
  "a/..",
  "~/x",
  "a b/c d",
];

for (const fn of ["normalize", "dirname", "basename", "extname", "isAbsolute"] as const) {
  Deno.test(`path: ${fn} agrees with node:path`, () => {
    for (const p of PATHS) {
      assert.deepEqual(posix[fn](p), node[fn](p), `${fn}(${JSON.stringify(p)})`);
    }
  });
}

Deno.test("path: basename with an extension agrees with node:path", () => {
  for (
    const [p, e] of [["a/b.md", ".md"], ["a/.md", ".md"], [".md", ".md"], ["a/b", ".md"], [
      "a/b.md/",
      ".md",
    ]]
  ) {
    assert.equal(posix.basename(p!, e), node.basename(p!, e), `${p} ${e}`);
  }
});

Deno.test("path: join agrees with node:path", () => {
  for (const a of PATHS) {
    for (const b of ["", "x", "/x", "../x", "x/", "..", "."]) {
      assert.equal(
        posix.join(a, b),
        node.join(a, b),
        `join(${JSON.stringify(a)}, ${JSON.stringify(b)})`,
      );
    }
  }
});

Deno.test("path: resolve agrees with node:path", () => {
  for (const a of ["/r", "/r/s/", "/"]) {
    for (const b of PATHS) {
      assert.equal(posix.resolve(a, b), node.resolve(a, b), `resolve(${a}, ${JSON.stringify(b)})`);
    }
  }
  assert.equal(posix.resolve("rel"), node.resolve("rel"));
});

Deno.test("path: relative agrees with node:path", () => {
  for (const a of ["/", "/a", "/a/b", "/a/b/c", "/x/y"]) {
    for (const b of ["/", "/a", "/a/b", "/a/b/c/d", "/x", "/a/c"]) {
      assert.equal(posix.relative(a, b), node.relative(a, b), `relative(${a}, ${b})`);
    }
  }
});
