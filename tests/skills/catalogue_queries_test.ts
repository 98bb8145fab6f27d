/**
 * The catalogue's queries, one table over one tree in memory (what each method's doc example
 * showed, and a little more): who won a name and who lost it, problems, lookups by name, the
 * invocable and listed entries, conditional skills, roots added later, bodies and the texts the
 * model is given. Each case gets a catalogue of its own (activation changes one).
 */

import assert from "node:assert/strict";
import { parse } from "npm:yaml@2.9.1";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import type { Entry } from "../../lib/skills/entry.ts";
import { treeReader } from "../../lib/skills/tree_reader.ts";

const FILES: Record<string, string> = {
  "/home/me/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
  "/proj/review.md": "Theirs.\n",
  "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
  "/proj/lint.md": "---\nuser-invocable: false\n---\nLint quietly.\n",
  "/proj/style.md": "---\npaths: src/**, test/**\n---\nFollow the style guide.\n",
  "/proj/broken.md": "---\ndescription: never closed\n",
  "/plug/commands/fmt.md": "Format the code.\n",
  "/p/skills/brainstorming/SKILL.md": "---\ndescription: Brainstorm first\n---\nThink.\n",
  "/proj/pkg/build.md": "Build the package.\n",
  "/proj/pkg/review.md": "Another review.\n",
};

/** A fresh catalogue of the tree: the user's review, the project's files, two plugins. */
function catalogue(files: Record<string, string> = { ...FILES }): Catalogue {
  const file = (dir: string, name: string, source: string) => ({
    dir,
    file: `${dir}/${name}.md`,
    source,
    layout: "file" as const,
  });
  return new Catalogue({
    roots: [
      file("/home/me", "review", "user"),
      ...["review", "deploy", "lint", "style", "broken"].map((n) => file("/proj", n, "project")),
    ],
    plugins: [
      { name: "tools", dirs: [], commands: ["/plug/commands/fmt.md"] },
      { name: "superpowers", dirs: ["/p/skills/brainstorming"] },
    ],
    base: "/proj",
    reader: treeReader(files),
    yaml: parse,
  });
}

const names = (entries: Entry[]) => entries.map((e) => e.name);

const CASES: { name: string; query: (c: Catalogue) => unknown; expected: unknown }[] = [
  {
    name: "skills(): every winner in precedence order, roots before plugins' commands and skills",
    query: (c) => c.skills().map((e) => [e.name, e.kind, e.source]),
    expected: [
      ["review", "skill", "user"],
      ["deploy", "skill", "project"],
      ["lint", "skill", "project"],
      ["style", "skill", "project"],
      ["broken", "skill", "project"],
      ["tools:fmt", "command", "plugin tools"],
      ["superpowers:brainstorming", "skill", "plugin superpowers"],
    ],
  },
  {
    name: "shadowed(): the first of a name wins, the loser kept with the winner's file",
    query: (c) => c.shadowed(),
    expected: [{
      name: "review",
      source: "project",
      file: "/proj/review.md",
      by: "user",
      byFile: "/home/me/review.md",
    }],
  },
  {
    name: "problems(): a broken frontmatter is a problem, the entry is still read (as a body)",
    query: (c) => [c.problems(), c.find("broken")?.name, c.find("broken")?.description],
    expected: [
      [{
        file: "/proj/broken.md",
        reason: 'The frontmatter has no closing "---" line',
        code: "bad-frontmatter",
        line: 1,
        column: 1,
      }],
      "broken",
      "---",
    ],
  },
  {
    name: "find(): by name, a leading / ignored, model-invocable or not, unknown undefined",
    query: (c) => [c.find("review")?.file, c.find("/lint")?.userInvocable, c.find("nothing")],
    expected: ["/home/me/review.md", false, undefined],
  },
  {
    name: "find(): a plugin command's description is its first body line",
    query: (c) => c.find("tools:fmt")?.description,
    expected: "Format the code.",
  },
  {
    name: "suggest(): the qualified entries a bare name matches; none for an existing name",
    query: (c) => [
      names(c.suggest("/brainstorming")),
      c.suggest("superpowers:brainstorming"),
      c.suggest(""),
      c.suggest("nothing"),
    ],
    expected: [["superpowers:brainstorming"], [], [], []],
  },
  {
    name: "findUserInvocable(): only an entry a user may run",
    query: (c) => [c.findUserInvocable("/review")?.name, c.findUserInvocable("lint")],
    expected: ["review", undefined],
  },
  {
    name: "userInvocable(): user-invocable: false left out",
    query: (c) => names(c.userInvocable()),
    expected: [
      "review",
      "deploy",
      "style",
      "broken",
      "tools:fmt",
      "superpowers:brainstorming",
    ],
  },
  {
    name: "invocable(): disable-model-invocation left out, conditional skills kept",
    query: (c) => names(c.invocable()),
    expected: ["review", "lint", "style", "broken", "tools:fmt", "superpowers:brainstorming"],
  },
  {
    name:
      "listed(): model-invocable, a plugin's only when it describes itself, conditional once active",
    query: (c) => {
      const before = names(c.listed());
      c.activateFor("/proj/src/app.ts");
      return [before, names(c.listed())];
    },
    expected: [
      ["review", "lint", "broken", "superpowers:brainstorming"],
      ["review", "lint", "style", "broken", "superpowers:brainstorming"],
    ],
  },
  {
    name: "isListed(): per entry, as listed() says",
    query: (c) => {
      const of = (n: string) => c.isListed(c.find(n)!);
      const before = [of("review"), of("deploy"), of("style"), of("tools:fmt")];
      c.activateFor("/proj/test/a_test.ts");
      return [before, of("style")];
    },
    expected: [[true, false, false, false], true],
  },
  {
    name: "pathsOf(): a skill's paths globs; none for an unconditional one",
    query: (c) => [c.pathsOf(c.find("style")!), c.pathsOf(c.find("review")!)],
    expected: [["src/**", "test/**"], []],
  },
  {
    name: "activateFor(): a path a skill's globs match activates it, once",
    query: (c) => [
      c.activateFor("/proj/README.md"),
      names(c.activateFor("/proj/src/app.ts")),
      c.activateFor("/proj/test/app_test.ts"),
      c.activated.has("style"),
    ],
    expected: [[], ["style"], [], true],
  },
  {
    name: "addRoots(): what a later root adds; a name already taken is shadowed",
    query: (c) => {
      const added = c.addRoots(
        { dir: "/proj/pkg", file: "/proj/pkg/build.md", source: "pkg", layout: "file" },
        { dir: "/proj/pkg", file: "/proj/pkg/review.md", source: "pkg", layout: "file" },
      );
      return [names(added), c.shadowed().at(-1)?.file, names(c.skills()).at(-1)];
    },
    expected: [["build"], "/proj/pkg/review.md", "build"],
  },
  {
    name: "body(): the text after the frontmatter, read when asked for",
    query: (c) => [c.body("review"), c.body("nothing")],
    expected: ["Review $ARGUMENTS.\n", undefined],
  },
  {
    name: "toolText(): a skill's base directory, then the body with $ARGUMENTS replaced",
    query: (c) => [c.toolText("review", "src/app.ts"), c.toolText("nothing")],
    expected: ["Base directory for this skill: /home/me\n\nReview src/app.ts.\n", undefined],
  },
  {
    name: "promptText(): the introduction, then one line per listed entry",
    query: (c) => {
      const text = c.promptText()!;
      return [
        text.startsWith("Skills: specialised instructions loaded on demand."),
        text.split("\n").slice(-4),
      ];
    },
    expected: [true, [
      "- review: Review a change",
      "- lint: Lint quietly.",
      "- broken: ---",
      "- superpowers:brainstorming: Brainstorm first",
    ]],
  },
  {
    name: "listing(): under the budget, a plugin's description is dropped before the roots'",
    query: (c) => c.listing({ budget: 100, builtins: [] }).lines.map((l) => [l.text, l.shortened]),
    expected: [
      ["- review: Review a change", false],
      ["- lint: Lint quietly.", false],
      ["- broken: ---", false],
      ["- superpowers:brainstorming", true],
    ],
  },
  {
    name: "announceText(): the note for entries that became available; none for none",
    query: (c) => [c.announceText([c.find("review")!]), c.announceText([])],
    expected: [
      "The following skills are available for use with the Skill tool:\n\n- review: Review a change",
      undefined,
    ],
  },
];

Deno.test("catalogue queries", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, () => assert.deepEqual(c.query(catalogue()), c.expected));
  }
});

Deno.test("catalogue queries: a body whose file is gone is undefined (bodies are not kept)", () => {
  const files = { ...FILES };
  const c = catalogue(files);
  assert.equal(c.body("review"), "Review $ARGUMENTS.\n");
  delete files["/home/me/review.md"];
  assert.equal(c.body("review"), undefined);
});
