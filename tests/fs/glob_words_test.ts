/**
 * The words bash makes of a glob (`shellGlobWords`, `lib/fs/glob_expand.ts`), held against bash
 * itself under every shell option that changes a glob's words (Claude Code runs commands with
 * the user's `shopt -p`): where skald says the words are known, bash gives exactly those under
 * its defaults and under `dotglob`, `nocaseglob`, `globstar`, `nullglob` and all of them; where
 * it says nothing matches, bash gives the word as written or nothing; where it says not known,
 * some option really changes the words.
 */

import assert from "node:assert/strict";
import { shellGlobWords } from "../../lib/fs/glob_expand.ts";

/** The words whatever the options, `none`, or undefined, as the engine reads them. */
const known = (glob: string) => {
  const m = shellGlobWords(glob);
  if (m === undefined) return undefined;
  if (m.plain.length === 0 && m.wide.length === 0) return "none";
  return JSON.stringify(m.plain) === JSON.stringify(m.wide) ? m.plain : undefined;
};

const OPTIONS = [[], ["dotglob"], ["nocaseglob"], ["globstar"], ["nullglob"], [
  "dotglob",
  "nocaseglob",
  "globstar",
  "nullglob",
]];

async function bashWords(dir: string, glob: string, options: string[]): Promise<string[]> {
  const set = options.map((o) => `shopt -s ${o};`).join(" ");
  const out = await new Deno.Command("bash", {
    args: ["--norc", "-c", `${set} cd "$1" && printf '%s\\n' ${glob}`, "bash", dir],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).split("\n").filter((l) => l !== "").sort();
}

const FILES = [
  "tests/a.py",
  "tests/b.py",
  "tests/.hidden.py",
  "tests/Upper.PY",
  "docs/readme.md",
  "docs/sub/deep.md",
  "src/app.ts",
];

// [glob, what skald should answer: "words", "none" or "unknown"]
const CASES: [string, "words" | "none" | "unknown"][] = [
  ["tests/[ab].py", "words"],
  ["docs/*.md", "words"],
  ["src/*", "words"],
  ["*.md", "none"],
  ["nowhere/*", "none"],
  [".[dev]", "none"],
  ["tests/*.py", "unknown"], // dotglob adds .hidden.py, nocaseglob Upper.PY
  ["docs/**/*.md", "unknown"], // globstar reaches docs/sub/deep.md
  ["tests/a*", "words"],
];

Deno.test("glob words: what skald says bash makes of a glob, under every option", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    for (const f of FILES) {
      await Deno.mkdir(`${dir}/${f}`.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.writeTextFile(`${dir}/${f}`, "");
    }
    for (const [glob, expected] of CASES) {
      const ours = known(`${dir}/${glob}`);
      // Whatever the options, bash's words are among the wide matches.
      const wide = shellGlobWords(`${dir}/${glob}`)!.wide.map((m) => m.slice(dir.length + 1));
      const kind = ours === undefined ? "unknown" : ours === "none" ? "none" : "words";
      assert.equal(kind, expected, glob);
      const answers = await Promise.all(OPTIONS.map((o) => bashWords(dir, glob, o)));
      for (const a of answers) {
        assert.ok(a.every((w) => wide.includes(w) || w === glob), `${glob}: ${a} beyond ${wide}`);
      }
      if (Array.isArray(ours)) {
        const mine = ours.map((m) => m.slice(dir.length + 1)).sort();
        for (const [i, a] of answers.entries()) {
          assert.deepEqual(a, mine, `${glob} under ${OPTIONS[i]!.join(",") || "defaults"}`);
        }
      } else if (ours === "none") {
        for (const a of answers) assert.ok(a.length === 0 || (a.length === 1 && a[0] === glob));
      } else {
        assert.ok(answers.some((a) => JSON.stringify(a) !== JSON.stringify(answers[0])), glob);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
