/**
 * gitignore patterns (`lib/glob/gitignore.ts`), each case named for the sentence of man
 * gitignore it proves, its expectation held against `git check-ignore` itself (git 2.39) in a
 * scratch repository: the table is the frozen answer, and the test asks git again where git is.
 */

import assert from "node:assert/strict";
import { compileIgnore } from "../../lib/glob/gitignore.ts";

interface Case {
  name: string;
  lines: string[];
  path: string;
  dir?: boolean;
  ignored: boolean;
}

const CASES: Case[] = [
  { name: "a name matches at any depth", lines: [".env"], path: "web/app/.env", ignored: true },
  { name: "a name matches at the top", lines: [".env"], path: ".env", ignored: true },
  { name: "a star does not match a slash", lines: ["*.pem"], path: "a/b.pem", ignored: true },
  { name: "a glob does not match another name", lines: ["*.pem"], path: "a/b.pe", ignored: false },
  { name: "a leading slash anchors", lines: ["/build"], path: "src/build", ignored: false },
  { name: "an anchored name at the top", lines: ["/build"], path: "build", ignored: true },
  { name: "a middle slash anchors", lines: ["doc/frotz"], path: "a/doc/frotz", ignored: false },
  { name: "a middle slash at the top", lines: ["doc/frotz"], path: "doc/frotz", ignored: true },
  {
    name: "a trailing slash: directories only (a file)",
    lines: ["out/"],
    path: "out",
    ignored: false,
  },
  {
    name: "a trailing slash: directories only (a directory)",
    lines: ["out/"],
    path: "a/out",
    dir: true,
    ignored: true,
  },
  {
    name: "the last matching line wins",
    lines: ["*.env", "!a.env"],
    path: "a.env",
    ignored: false,
  },
  {
    name: "a negation before the pattern does not win",
    lines: ["!a.env", "*.env"],
    path: "a.env",
    ignored: true,
  },
  { name: "a comment is not a pattern", lines: ["#x"], path: "#x", ignored: false },
  { name: "an escaped hash is a pattern", lines: ["\\#x"], path: "#x", ignored: true },
  { name: "an escaped bang is a pattern", lines: ["\\!x"], path: "!x", ignored: true },
  { name: "trailing spaces are dropped", lines: ["k.pem   "], path: "k.pem", ignored: true },
  { name: "a leading **/ matches everywhere", lines: ["**/foo"], path: "a/b/foo", ignored: true },
  { name: "a trailing /** matches inside", lines: ["abc/**"], path: "abc/d/e", ignored: true },
  { name: "a/**/b spans zero directories", lines: ["a/**/b"], path: "a/b", ignored: true },
  { name: "a/**/b spans several", lines: ["a/**/b"], path: "a/x/y/b", ignored: true },
  { name: "braces are literal", lines: ["{a,b}"], path: "a", ignored: false },
  { name: "braces as a name", lines: ["{a,b}"], path: "{a,b}", ignored: true },
  { name: "a class of letters", lines: ["key.[pk]em"], path: "key.pem", ignored: true },
  { name: "a negated class", lines: ["key.[!p]em"], path: "key.pem", ignored: false },
  { name: "a question mark is one letter", lines: [".en?"], path: ".env", ignored: true },
  { name: "dotfiles match a star", lines: ["*"], path: ".env", ignored: true },
  { name: "other double stars are single", lines: ["a**b"], path: "axyb", ignored: true },
  { name: "case counts", lines: [".ENV"], path: ".env", ignored: false },
];

Deno.test("gitignore: each case as the table says", () => {
  for (const c of CASES) {
    const m = compileIgnore(c.lines);
    assert.equal(m(c.path, c.dir ?? false) === "ignored", c.ignored, c.name);
  }
});

Deno.test("gitignore: ripgrep's --iglob reads letters of either case", () => {
  assert.equal(compileIgnore([".ENV"], { caseless: true })(".env", false), "ignored");
  assert.equal(compileIgnore([".env"], { caseless: true })("A/.Env", false), "ignored");
});

const git = await (async () => {
  try {
    return (await new Deno.Command("git", { args: ["--version"] }).output()).success;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "gitignore: the table is what git check-ignore answers",
  ignore: !git,
  fn: async () => {
    for (const c of CASES) {
      const dir = await Deno.makeTempDir();
      try {
        await new Deno.Command("git", { args: ["init", "-q", dir] }).output();
        await Deno.writeTextFile(`${dir}/.gitignore`, c.lines.join("\n") + "\n");
        const full = `${dir}/${c.path}`;
        await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
        if (c.dir) await Deno.mkdir(full);
        else await Deno.writeTextFile(full, "");
        const out = await new Deno.Command("git", {
          args: ["-C", dir, "check-ignore", "-q", c.path],
        }).output();
        assert.equal(out.code === 0, c.ignored, `git says otherwise: ${c.name}`);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    }
  },
});
