/**
 * Paths as rules see them: the context's real root and home, a path resolved against the root,
 * the home or the call's directory, every absolute form of a call's path, and a shell
 * argument's forms (`..` walked as the kernel walks it, through a link).
 */

import assert from "node:assert/strict";
import { argumentPaths, callPaths, pathContext, resolvePath } from "../../lib/permissions/paths.ts";

/** A real-path lookup of the links given. */
const links = (map: Record<string, string>) => (p: string) => map[p] ?? p;
const realPath = links({ "/proj": "/data/proj" });
const inside = links({ "/proj/link": "/etc/passwd", "/proj/lnk": "/proj/secrets/sub" });

Deno.test("paths: a context's root and home, . and .. taken out, and their real forms", () => {
  const ctx = pathContext({ root: "/proj/src/..", home: "/home/me", realPath });
  assert.deepEqual([ctx.root, ctx.realRoot, ctx.realHome], ["/proj", "/data/proj", "/home/me"]);
});

const RESOLVE: { name: string; input: { path: string; cwd?: string }; expected: string }[] = [
  {
    name: "relative to the root, .. taken out",
    input: { path: "src/../README.md" },
    expected: "/proj/README.md",
  },
  { name: "~ is the home", input: { path: "~/.ssh/id_rsa" }, expected: "/home/me/.ssh/id_rsa" },
  { name: "a trailing slash goes", input: { path: "/etc/hosts/" }, expected: "/etc/hosts" },
  {
    name: "relative to the call's directory when it has one",
    input: { path: "../.env", cwd: "/proj/src" },
    expected: "/proj/.env",
  },
];

Deno.test("paths: resolved against the root, the home or the call's directory", async (t) => {
  for (const c of RESOLVE) {
    await t.step(c.name, () => {
      const env = { root: "/proj", home: "/home/me", cwd: c.input.cwd };
      assert.equal(resolvePath(c.input.path, env), c.expected);
    });
  }
});

const FORMS: { name: string; input: () => string[]; expected: string[] }[] = [
  {
    name: "a call's path: as written and the real path behind a link",
    input: () => callPaths("link", { root: "/proj", home: "/home/me", realPath: inside }),
    expected: ["/proj/link", "/etc/passwd"],
  },
  {
    name: "a call's path without a link: one form",
    input: () => callPaths("src/app.ts", { root: "/proj", home: "/home/me", realPath: inside }),
    expected: ["/proj/src/app.ts"],
  },
  {
    name: "a shell argument with ..: as written, and .. taken from where the link leads",
    input: () =>
      argumentPaths(
        "lnk/../key",
        "/proj",
        pathContext({ root: "/proj", home: "/h", realPath: inside }),
      ),
    expected: ["/proj/key", "/proj/secrets/key"],
  },
  {
    name: "an absolute shell argument ignores the base",
    input: () =>
      argumentPaths(
        "/etc/hosts",
        "/proj/src",
        pathContext({ root: "/proj", home: "/h", realPath: inside }),
      ),
    expected: ["/etc/hosts"],
  },
];

Deno.test("paths: every absolute form a rule is held against", async (t) => {
  for (const c of FORMS) await t.step(c.name, () => assert.deepEqual(c.input(), c.expected));
});
