/**
 * `lib/glob/`: the backtracking-safe wildcard (`*` in Bash rules), path globs (`*`, `**`, `?`,
 * `[...]`, `{a,b}`) and their overlap, as tables of named cases. The segment cases have a
 * second judge: bash's own pattern matching (`[[ $text == $pattern ]]`, `LC_ALL=C`), which
 * the path rules' `*`, `?` and `[...]` follow. Hostile patterns have time bounds.
 */

import assert from "node:assert/strict";
import { literalPrefix, wildcardMatch } from "../../lib/glob/wildcard.ts";
import {
  compileGlob,
  expandBraces,
  literalSegment,
  segmentMatch,
} from "../../lib/glob/path_glob.ts";
import { globsOverlap } from "../../lib/glob/glob_overlap.ts";
import { withinCpu } from "../_cpu.ts";

interface MatchCase {
  name: string;
  input: { pattern: string; text: string };
  expected: boolean;
}

/** `*` any text (a `/` too), everything else literal: the Bash rule wildcard. */
const WILDCARD: MatchCase[] = [
  {
    name: "no star: equal text",
    input: { pattern: "git status", text: "git status" },
    expected: true,
  },
  {
    name: "no star: other text",
    input: { pattern: "git status", text: "git statu" },
    expected: false,
  },
  { name: "a star matches the empty text", input: { pattern: "a*", text: "a" }, expected: true },
  {
    name: "a lone star matches anything",
    input: { pattern: "*", text: "rm -rf /" },
    expected: true,
  },
  { name: "a lone star matches nothing too", input: { pattern: "*", text: "" }, expected: true },
  {
    name: "the empty pattern matches only the empty text",
    input: { pattern: "", text: "x" },
    expected: false,
  },
  {
    name: "a star in the middle",
    input: { pattern: "git * --dry-run", text: "git push origin --dry-run" },
    expected: true,
  },
  {
    name: "the tail must match at the end",
    input: { pattern: "git * --dry-run", text: "git push --dry-run x" },
    expected: false,
  },
  {
    name: "a star crosses slashes",
    input: { pattern: "cat *", text: "cat /etc/passwd" },
    expected: true,
  },
  {
    name: "two stars, the second text after the first",
    input: { pattern: "a*b*c", text: "axxbyyc" },
    expected: true,
  },
  { name: "two stars, out of order", input: { pattern: "a*b*c", text: "acb" }, expected: false },
  {
    name: "the walk backs up past a false start",
    input: { pattern: "*ab", text: "aab" },
    expected: true,
  },
  {
    name: "? is literal in a Bash rule",
    input: { pattern: "ls ?", text: "ls x" },
    expected: false,
  },
  {
    name: "[ is literal in a Bash rule",
    input: { pattern: "ls [ab]", text: "ls [ab]" },
    expected: true,
  },
  { name: "stars in a row are one", input: { pattern: "a***b", text: "ab" }, expected: true },
];

Deno.test("wildcard: * is any text, the rest literal", async (t) => {
  for (const c of WILDCARD) {
    await t.step(c.name, () => {
      assert.equal(wildcardMatch(c.input.pattern, c.input.text), c.expected);
    });
  }
});

const PREFIXES: { name: string; input: string; expected: string }[] = [
  { name: "the text before the first star", input: "npm run *", expected: "npm run " },
  { name: "no star: the whole pattern", input: "make", expected: "make" },
  { name: "a leading star: nothing", input: "* --force", expected: "" },
  { name: "only the first star counts", input: "a*b*", expected: "a" },
];

Deno.test("wildcard: the literal prefix an index files a pattern under", async (t) => {
  for (const c of PREFIXES) {
    await t.step(c.name, () => assert.equal(literalPrefix(c.input), c.expected));
  }
});

/** One path segment against a segment pattern: the cases bash is asked too. */
const SEGMENTS: MatchCase[] = [
  { name: "a literal segment", input: { pattern: "app.ts", text: "app.ts" }, expected: true },
  {
    name: "a literal segment, other text",
    input: { pattern: "app.ts", text: "app.js" },
    expected: false,
  },
  { name: "* any text", input: { pattern: "*.ts", text: "app.ts" }, expected: true },
  { name: "* the empty text", input: { pattern: "*.ts", text: ".ts" }, expected: true },
  {
    name: "* does not match the wrong ending",
    input: { pattern: "*.ts", text: "app.tsx" },
    expected: false,
  },
  { name: "? exactly one character", input: { pattern: "a?c", text: "abc" }, expected: true },
  { name: "? not zero characters", input: { pattern: "a?c", text: "ac" }, expected: false },
  { name: "? not two characters", input: { pattern: "a?c", text: "abbc" }, expected: false },
  { name: "[abc] one of the set", input: { pattern: "[abc].md", text: "b.md" }, expected: true },
  {
    name: "[abc] not outside the set",
    input: { pattern: "[abc].md", text: "d.md" },
    expected: false,
  },
  { name: "[a-c] a range", input: { pattern: "x[a-c]", text: "xb" }, expected: true },
  { name: "[a-c] outside the range", input: { pattern: "x[a-c]", text: "xd" }, expected: false },
  { name: "[!a] negated with !", input: { pattern: "[!a]x", text: "bx" }, expected: true },
  { name: "[!a] refuses the set", input: { pattern: "[!a]x", text: "ax" }, expected: false },
  { name: "[^a] negated with ^", input: { pattern: "[^a]x", text: "ax" }, expected: false },
  { name: "[]a] a ] first is in the set", input: { pattern: "[]a]", text: "]" }, expected: true },
  { name: "[ without ] is literal", input: { pattern: "a[b", text: "a[b" }, expected: true },
  { name: "[ without ] is not a class", input: { pattern: "a[b", text: "ab" }, expected: false },
  { name: "\\* is a literal star", input: { pattern: "a\\*", text: "a*" }, expected: true },
  {
    name: "\\* does not match other text",
    input: { pattern: "a\\*", text: "ab" },
    expected: false,
  },
  { name: "\\? is a literal question mark", input: { pattern: "\\?", text: "x" }, expected: false },
  { name: "a dotfile matches *", input: { pattern: "*", text: ".env" }, expected: true },
  {
    name: "*-*-*.log with dashes",
    input: { pattern: "*-*-*.log", text: "a-b-c.log" },
    expected: true,
  },
  {
    name: "*-*-*.log with too few dashes",
    input: { pattern: "*-*-*.log", text: "a-b.log" },
    expected: false,
  },
  { name: "a class after a star", input: { pattern: "*[0-9]", text: "build7" }, expected: true },
  {
    name: "a class after a star, no digit at the end",
    input: { pattern: "*[0-9]", text: "7build" },
    expected: false,
  },
];

Deno.test("path glob: one segment, with *, ? and [...]", async (t) => {
  for (const c of SEGMENTS) {
    await t.step(c.name, () => {
      assert.equal(segmentMatch(c.input.pattern, c.input.text), c.expected);
    });
  }
});

Deno.test("path glob: bash matches every segment case as skald does ([[ t == p ]])", async () => {
  // Pattern and text NUL-separated on stdin, one answer per line.
  const script = 'while IFS= read -r -d "" p && IFS= read -r -d "" t; do ' +
    "if [[ $t == $p ]]; then echo 1; else echo 0; fi; done";
  const child = new Deno.Command("bash", {
    args: ["--norc", "--noprofile", "-c", script],
    env: { LC_ALL: "C" },
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(
    new TextEncoder().encode(SEGMENTS.map((c) => `${c.input.pattern}\0${c.input.text}\0`).join("")),
  );
  await w.close();
  const answers = new TextDecoder().decode((await child.output()).stdout).trim().split("\n");
  assert.deepEqual(
    SEGMENTS.map((c, i) => `${c.name}: ${answers[i] === "1"}`),
    SEGMENTS.map((c) => `${c.name}: ${c.expected}`),
  );
});

const LITERALS: { name: string; input: string; expected: string | undefined }[] = [
  { name: "a plain name", input: "secrets", expected: "secrets" },
  { name: "an escaped character is itself", input: "a\\-b", expected: "a-b" },
  { name: "an escaped star is still filed as a pattern", input: "a\\*b", expected: undefined },
  { name: "a star: no literal", input: "*.env", expected: undefined },
  { name: "a question mark: no literal", input: "a?", expected: undefined },
  { name: "a class: no literal", input: "[ab]", expected: undefined },
  { name: "braces: no literal", input: "{a,b}", expected: undefined },
];

Deno.test("path glob: the literal text of a segment pattern", async (t) => {
  for (const c of LITERALS) {
    await t.step(c.name, () => assert.equal(literalSegment(c.input), c.expected));
  }
});

const BRACES: { name: string; input: string; expected: string[] }[] = [
  { name: "no braces: the glob itself", input: "src/**/*.ts", expected: ["src/**/*.ts"] },
  { name: "two alternatives", input: "*.{ts,tsx}", expected: ["*.ts", "*.tsx"] },
  { name: "nested alternatives", input: "{a,b{c,d}}", expected: ["a", "bc", "bd"] },
  { name: "two groups multiply", input: "{a,b}/{c,d}", expected: ["a/c", "a/d", "b/c", "b/d"] },
  { name: "an empty alternative", input: "x{,.bak}", expected: ["x", "x.bak"] },
  { name: "braces without a comma stay", input: "{a}", expected: ["{a}"] },
  { name: "an unclosed brace stays", input: "{a,b", expected: ["{a,b"] },
  {
    name: "more than 256 alternatives: the pattern stands for itself",
    input: "{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b}",
    expected: ["{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b}"],
  },
];

Deno.test("path glob: braces expanded", async (t) => {
  for (const c of BRACES) {
    await t.step(c.name, () => assert.deepEqual(expandBraces(c.input), c.expected));
  }
});

/** A whole relative path against a glob. */
const PATHS: MatchCase[] = [
  {
    name: "** any depth",
    input: { pattern: "secrets/**", text: "secrets/a/b/key" },
    expected: true,
  },
  {
    name: "** the directory itself",
    input: { pattern: "secrets/**", text: "secrets" },
    expected: true,
  },
  {
    name: "** not a sibling",
    input: { pattern: "secrets/**", text: "secrets2/key" },
    expected: false,
  },
  { name: "**/ zero segments", input: { pattern: "**/.env", text: ".env" }, expected: true },
  { name: "**/ many segments", input: { pattern: "**/.env", text: "a/b/.env" }, expected: true },
  {
    name: "* stays in one segment",
    input: { pattern: "src/*.ts", text: "src/a/b.ts" },
    expected: false,
  },
  { name: "* in its segment", input: { pattern: "src/*.ts", text: "src/b.ts" }, expected: true },
  { name: "** in the middle", input: { pattern: "a/**/z", text: "a/b/c/z" }, expected: true },
  {
    name: "** in the middle, zero segments",
    input: { pattern: "a/**/z", text: "a/z" },
    expected: true,
  },
  {
    name: "** in the middle, the wrong end",
    input: { pattern: "a/**/z", text: "a/b/y" },
    expected: false,
  },
  {
    name: "braces in a path",
    input: { pattern: "src/*.{ts,tsx}", text: "src/app.tsx" },
    expected: true,
  },
  {
    name: "a longer path than the glob",
    input: { pattern: "src", text: "src/app.ts" },
    expected: false,
  },
  {
    name: "slashes doubled and trailing are folded",
    input: { pattern: "src//*.ts", text: "src/app.ts/" },
    expected: true,
  },
  {
    name: "a dotfile matches * in a path",
    input: { pattern: "config/*", text: "config/.secret" },
    expected: true,
  },
];

Deno.test("path glob: a path against a glob, ** across segments", async (t) => {
  for (const c of PATHS) {
    await t.step(c.name, () => {
      assert.equal(compileGlob(c.input.pattern)(c.input.text), c.expected);
    });
  }
});

const OVERLAPS: { name: string; input: [string, string]; expected: boolean }[] = [
  { name: "a literal inside a tree rule", input: ["secrets/key", "secrets/**"], expected: true },
  {
    name: "a glob argument inside a tree rule",
    input: ["secrets/*", "secrets/**"],
    expected: true,
  },
  { name: "another extension under no directory", input: ["*.txt", "secrets/**"], expected: false },
  {
    name: "two patterns in one segment are taken to overlap",
    input: ["*.txt", "*.md"],
    expected: true,
  },
  { name: "a literal against a segment pattern", input: ["a.md", "*.txt"], expected: false },
  { name: "** against any depth", input: ["**/.env", "a/b/.env"], expected: true },
  { name: "different depths, no **", input: ["a/b", "a/b/c"], expected: false },
  {
    name: "braces: one alternative overlaps",
    input: ["{src,secrets}/*", "secrets/**"],
    expected: true,
  },
  {
    name: "braces: no alternative overlaps",
    input: ["{src,lib}/*", "secrets/**"],
    expected: false,
  },
];

Deno.test("glob overlap: whether two globs can name the same path", async (t) => {
  for (const c of OVERLAPS) {
    await t.step(c.name, () => {
      assert.equal(globsOverlap(...c.input), c.expected);
      assert.equal(globsOverlap(c.input[1], c.input[0]), c.expected, "either way round");
    });
  }
});

/** Hostile patterns, each with its cost as measured (CPU ms) for a blow-up guard (`../_cpu.ts`). */
const HOSTILE: { name: string; run: () => boolean; expected: boolean; expectMs?: number }[] = [
  {
    name: "Bash(* * * * * * * * * x) against 100 KB of text",
    run: () => wildcardMatch("* * * * * * * * * x", "a ".repeat(50_000)),
    expected: false,
  },
  {
    name: "*-*-*-*-*.log against a 100 KB segment",
    run: () => segmentMatch("*-*-*-*-*.log", "-".repeat(100_000)),
    expected: false,
  },
  {
    name: "**/**/**/**/**/x against 2,000 segments",
    run: () => compileGlob("**/**/**/**/**/x")("a/".repeat(2000) + "y"),
    expected: false,
  },
  {
    name: "** against ** in two globs of 200 segments",
    run: () => globsOverlap("**/".repeat(200) + "x", "**/".repeat(200) + "y"),
    expected: false,
    expectMs: 30,
  },
];

Deno.test("glob: hostile patterns answer without a blow-up", async (t) => {
  for (const c of HOSTILE) {
    await t.step(c.name, () => {
      assert.equal(withinCpu(c.expectMs ?? 20, c.run, c.name), c.expected);
    });
  }
});
