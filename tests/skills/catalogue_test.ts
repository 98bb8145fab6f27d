/**
 * The catalogue document (`spec/skills-catalogue.txt`), sentence by sentence, on trees held
 * as data.
 */

import assert from "node:assert/strict";
import {
  Catalogue,
  type CatalogueOptions,
  HEAD_BYTES,
  type Plugin,
  type Root,
} from "../../lib/skills/catalogue.ts";
import type { SkillReader } from "../../lib/skills/reader.ts";
import { DIR, type Tree, treeReader, UNREADABLE, yaml } from "../_skill_fs.ts";

const fm = (fields: string, body = "body\n") => `---\n${fields}\n---\n${body}`;

function catalogue(tree: Tree, roots: Root[], extra: Partial<CatalogueOptions> = {}): Catalogue {
  return new Catalogue({ roots, reader: treeReader(tree), yaml, ...extra });
}

const skills = (dir: string, source = dir): Root => ({ dir, source, layout: "skills" });
const commands = (dir: string, source = dir): Root => ({ dir, source, layout: "commands" });
const names = (c: Catalogue) => c.skills().map((e) => e.name);

Deno.test("name: in the skills layout, the skill directory's name", () => {
  const c = catalogue({ "/s/pdf/SKILL.md": fm("description: PDF") }, [skills("/s")]);
  assert.deepEqual(names(c), ["pdf"]);
  assert.equal(c.find("pdf")?.kind, "skill");
  assert.equal(c.find("pdf")?.dir, "/s/pdf");
  assert.equal(c.find("pdf")?.file, "/s/pdf/SKILL.md");
});

Deno.test("name: a frontmatter name that differs stays in frontmatter but does not rename", () => {
  const c = catalogue({ "/s/renamed-dir/SKILL.md": fm("name: other-name") }, [skills("/s")]);
  assert.deepEqual(names(c), ["renamed-dir"]);
  assert.equal(c.find("renamed-dir")?.frontmatter.name, "other-name");
  assert.equal(c.find("other-name"), undefined);
});

Deno.test("name: in the flat layout, the file name without .md", () => {
  const c = catalogue({ "/f/lint.md": "Lint things\n", "/f/notes.txt": "x" }, [
    { dir: "/f", source: "--skills f", layout: "flat" },
  ]);
  assert.deepEqual(names(c), ["lint"]);
  assert.equal(c.find("lint")?.dir, "/f");
});

Deno.test("flat: without top-level *.md files it holds no skills", () => {
  const c = catalogue({ "/f/sub/deep.md": "x" }, [{ dir: "/f", source: "f", layout: "flat" }]);
  assert.deepEqual(names(c), []);
});

Deno.test("file: one skill file, named by its file name; its dir is the parent", () => {
  const c = catalogue({ "/x/review.md": "Review it" }, [
    { dir: "/x", file: "/x/review.md", source: "file", layout: "file" },
  ]);
  assert.deepEqual(names(c), ["review"]);
  assert.equal(c.find("review")?.dir, "/x");
});

Deno.test("file: a file that is not there is a problem", () => {
  const c = catalogue({}, [{ dir: "/x", file: "/x/gone.md", source: "file", layout: "file" }]);
  assert.deepEqual(c.problems(), [
    { file: "/x/gone.md", reason: "The skill file does not exist", code: "missing" },
  ]);
});

Deno.test("name: commands are the path below the root, directories joined with :", () => {
  const c = catalogue({
    "/c/top.md": "TOP",
    "/c/frontend/component.md": "COMPONENT",
    "/c/a/b/c.md": "deep",
    "/c/.hidden/x.md": "hidden",
    "/c/.dot.md": "hidden",
    "/c/readme.txt": "not md",
  }, [commands("/c")]);
  assert.deepEqual(names(c), ["a:b:c", "frontend:component", "top"]);
  assert.equal(c.find("frontend:component")?.kind, "command");
  assert.equal(c.find("frontend:component")?.dir, "/c/frontend");
});

Deno.test("name: plugin skills are plugin:dir, commands plugin:name and plugin:sub:name", () => {
  const plugin: Plugin = {
    name: "superpowers",
    dirs: ["/p/skills/brainstorming"],
    commands: ["/p/commands", "/p/extra/one.md"],
    root: "/p",
  };
  const c = catalogue(
    {
      "/p/skills/brainstorming/SKILL.md": fm("description: Brainstorm"),
      "/p/commands/plan.md": "Plan",
      "/p/commands/sub/deep.md": "Deep",
      "/p/extra/one.md": "One",
    },
    [],
    { plugins: [plugin] },
  );
  // Claude Code (oracle, plugins.json "order"): a plugin's commands before its skills, each
  // command path in order, the entries of a directory in name order.
  assert.deepEqual(names(c), [
    "superpowers:plan",
    "superpowers:sub:deep",
    "superpowers:one",
    "superpowers:brainstorming",
  ]);
  const e = c.find("superpowers:plan")!;
  assert.deepEqual([e.source, e.kind, e.pluginRoot], ["plugin superpowers", "command", "/p"]);
  assert.equal(c.find("superpowers:brainstorming")?.pluginRoot, "/p");
});

Deno.test("plugin: a dirs entry may also be a directory of skill directories", () => {
  const c = catalogue({ "/p/skills/a/SKILL.md": "A", "/p/skills/b/SKILL.md": "B" }, [], {
    plugins: [{ name: "p", dirs: ["/p/skills"] }],
  });
  assert.deepEqual(names(c), ["p:a", "p:b"]);
});

const BOOLS: { input: string; expected: { model: boolean; user: boolean } }[] = [
  { input: "", expected: { model: true, user: true } },
  { input: "disable-model-invocation: true", expected: { model: false, user: true } },
  { input: "disable-model-invocation: yes", expected: { model: false, user: true } },
  { input: "disable-model-invocation: On", expected: { model: false, user: true } },
  { input: "disable-model-invocation: 1", expected: { model: false, user: true } },
  { input: "disable-model-invocation: TRUE", expected: { model: false, user: true } },
  { input: "disable-model-invocation: false", expected: { model: true, user: true } },
  { input: "disable-model-invocation: no", expected: { model: true, user: true } },
  { input: "disable-model-invocation: maybe", expected: { model: true, user: true } },
  { input: "user-invocable: false", expected: { model: true, user: false } },
  { input: "user-invocable: No", expected: { model: true, user: false } },
  { input: "user-invocable: OFF", expected: { model: true, user: false } },
  { input: "user-invocable: 0", expected: { model: true, user: false } },
  { input: "user-invocable: yes", expected: { model: true, user: true } },
  { input: "user-invocable: ''", expected: { model: true, user: true } },
];

for (const { input: field, expected: { model, user } } of BOOLS) {
  Deno.test(`booleans: ${JSON.stringify(field)} -> model ${model}, user ${user}`, () => {
    const c = catalogue({ "/s/x/SKILL.md": fm(field || "description: x") }, [skills("/s")]);
    assert.equal(c.find("x")?.modelInvocable, model);
    assert.equal(c.find("x")?.userInvocable, user);
  });
}

const DESCRIPTIONS: { name: string; input: string; expected: string }[] = [
  {
    name: "the frontmatter description",
    input: fm("description: Work with PDF files"),
    expected: "Work with PDF files",
  },
  {
    name: "whitespace collapsed",
    input: fm('description: "Work   with\\n\\tPDF"'),
    expected: "Work with PDF",
  },
  {
    name: "a folded YAML scalar",
    input: fm("description: >\n  Folded\n  over lines"),
    expected: "Folded over lines",
  },
  {
    name: "else the first non-empty body line",
    input: fm("name: x", "\n\nFirst line\nSecond line\n"),
    expected: "First line",
  },
  {
    name: "not a Markdown heading",
    input: "# Heading line\n## Sub\nJust a body.\n",
    expected: "Just a body.",
  },
  { name: "trimmed", input: "   padded line   \n", expected: "padded line" },
  { name: "cut to 250 characters", input: "x".repeat(300) + "\n", expected: "x".repeat(250) },
  { name: "none at all", input: fm("name: x", ""), expected: "" },
  { name: "a #hashtag is not a heading", input: "#tag line\n", expected: "#tag line" },
  {
    name: "an empty frontmatter description falls back to the body",
    input: fm("description: ''", "Body line\n"),
    expected: "Body line",
  },
];

for (const { name, input: text, expected } of DESCRIPTIONS) {
  Deno.test(`description: ${name}`, () => {
    const c = catalogue({ "/s/x/SKILL.md": text }, [skills("/s")]);
    assert.equal(c.find("x")?.description, expected);
  });
}

Deno.test("frontmatter: every key kept", () => {
  const c = catalogue({
    "/s/x/SKILL.md": fm(
      "description: d\nargument-hint: '[file]'\nallowed-tools:\n  - Read\n  - Bash(git:*)",
    ),
  }, [skills("/s")]);
  assert.deepEqual(c.find("x")?.frontmatter, {
    description: "d",
    "argument-hint": "[file]",
    "allowed-tools": ["Read", "Bash(git:*)"],
  });
});

Deno.test("precedence: the first entry of a name wins; later ones are shadowed", () => {
  const c = catalogue({
    "/u/lint/SKILL.md": fm("description: user"),
    "/p/lint/SKILL.md": fm("description: project"),
  }, [skills("/u", "~/.claude/skills"), skills("/p", ".claude/skills")]);
  assert.equal(c.find("lint")?.description, "user");
  assert.deepEqual(c.shadowed(), [
    {
      name: "lint",
      source: ".claude/skills",
      file: "/p/lint/SKILL.md",
      by: "~/.claude/skills",
      byFile: "/u/lint/SKILL.md",
    },
  ]);
});

Deno.test("precedence: a skill beats a command of the same name, command first", () => {
  const c = catalogue({
    "/c/deploy.md": fm("description: command"),
    "/s/deploy/SKILL.md": fm("description: skill"),
  }, [commands("/c", ".claude/commands"), skills("/s", ".claude/skills")]);
  assert.equal(c.find("deploy")?.kind, "skill");
  assert.deepEqual(c.shadowed(), [
    {
      name: "deploy",
      source: ".claude/commands",
      file: "/c/deploy.md",
      by: ".claude/skills",
      byFile: "/s/deploy/SKILL.md",
    },
  ]);
});

Deno.test("precedence: a skill beats a command of the same name, skill first", () => {
  const c = catalogue({
    "/c/deploy.md": fm("description: command"),
    "/s/deploy/SKILL.md": fm("description: skill"),
  }, [skills("/s", ".claude/skills"), commands("/c", ".claude/commands")]);
  assert.equal(c.find("deploy")?.kind, "skill");
  assert.deepEqual(c.shadowed().map((s) => [s.source, s.by]), [[
    ".claude/commands",
    ".claude/skills",
  ]]);
});

Deno.test("precedence: a root command in a subdirectory beats a plugin skill of the same name (Claude Code: project command p:y over plugin p's skill y)", () => {
  const c = catalogue({ "/c/tools/fmt.md": "cmd", "/p/skills/fmt/SKILL.md": "skill" }, [
    commands("/c"),
  ], {
    plugins: [{ name: "tools", dirs: ["/p/skills/fmt"] }],
  });
  assert.equal(c.find("tools:fmt")?.kind, "command");
  assert.deepEqual(c.shadowed().map((s) => [s.file, s.by, s.byFile]), [
    ["/p/skills/fmt/SKILL.md", "/c", "/c/tools/fmt.md"],
  ]);
});

Deno.test("precedence: inside one plugin, commands/X.md beats skills/X/SKILL.md (Claude Code lists and renders the command)", () => {
  const c = catalogue({ "/p/commands/x.md": "cmd", "/p/skills/x/SKILL.md": "skill" }, [], {
    plugins: [{ name: "p", dirs: ["/p/skills/x"], commands: ["/p/commands"] }],
  });
  assert.equal(c.find("p:x")?.kind, "command");
  assert.deepEqual(c.shadowed(), [{
    name: "p:x",
    source: "plugin p",
    file: "/p/skills/x/SKILL.md",
    by: "plugin p",
    byFile: "/p/commands/x.md",
  }]);
});

Deno.test("skills(): skill roots in order, sorted by name inside a root, then every command root's commands together in name order, then plugins; a skill that took a command's name stands where it was read", () => {
  const c = catalogue(
    {
      "/u/zeta/SKILL.md": "z",
      "/u/alpha/SKILL.md": "a",
      "/uc/ucmd.md": "user cmd",
      "/c/deploy.md": "cmd",
      "/c/build.md": "cmd",
      "/c/zcmd.md": "cmd",
      "/s/deploy/SKILL.md": "skill",
      "/p/skills/x/SKILL.md": "p",
    },
    [skills("/u"), commands("/uc"), commands("/c"), skills("/s")],
    { plugins: [{ name: "p", dirs: ["/p/skills/x"] }] },
  );
  // Claude Code (oracle, plugins.json "order"): user skills, project skills, then the user's
  // and the project's commands sorted together.
  assert.deepEqual(names(c), ["alpha", "zeta", "deploy", "build", "ucmd", "zcmd", "p:x"]);
  assert.equal(c.find("deploy")?.kind, "skill");
});

Deno.test("a root or skill directory that does not exist is skipped silently", () => {
  const c = catalogue({ "/s/a/SKILL.md": "a", "/s/empty-skill-dir/notes.txt": "x" }, [
    skills("/nowhere"),
    skills("/s"),
    commands("/nowhere-either"),
  ]);
  assert.deepEqual(names(c), ["a"]);
  assert.deepEqual(c.problems(), []);
});

Deno.test("problems: unreadable files are not loaded; broken frontmatter loads with an empty one", () => {
  const c = catalogue({
    "/s/locked/SKILL.md": UNREADABLE,
    "/s/dir-file/SKILL.md": DIR,
    "/s/list/SKILL.md": fm("- a\n- b", "List frontmatter\n"),
    "/s/broken/SKILL.md": fm("[unclosed\n  : : :", "Broken body\n"),
    "/s/fine/SKILL.md": fm("description: fine"),
  }, [skills("/s")]);
  assert.deepEqual(names(c), ["broken", "list", "fine"].sort());
  assert.deepEqual(c.find("list")?.frontmatter, {});
  assert.equal(c.find("list")?.description, "List frontmatter");
  assert.deepEqual(c.find("broken")?.frontmatter, {});
  const problems = c.problems().map((p) => `${p.file}: ${p.reason}`).sort();
  assert.equal(problems.length, 4, problems.join("\n"));
  assert.match(problems[0]!, /^\/s\/broken\/SKILL\.md: Cannot read the frontmatter: /);
  assert.match(problems[1]!, /^\/s\/dir-file\/SKILL\.md: .*directory/);
  assert.equal(problems[2], "/s/list/SKILL.md: The frontmatter is not a mapping of keys to values");
  assert.match(problems[3]!, /^\/s\/locked\/SKILL\.md: .*Permission denied/);
});

Deno.test("frontmatter: YAML that fails but the lenient reader saves, no problem", () => {
  const c = catalogue({
    "/s/x/SKILL.md": fm(
      "description: Deploy: the app: fast\ndisable-model-invocation: TRUE\nuser-invocable: False",
    ),
  }, [skills("/s")]);
  const e = c.find("x")!;
  assert.equal(e.description, "Deploy: the app: fast");
  assert.deepEqual([e.modelInvocable, e.userInvocable], [false, false]);
  assert.equal(e.frontmatter["disable-model-invocation"], true);
  assert.deepEqual(c.problems(), []);
});

Deno.test("find: a leading / is ignored; finds skills that are not model-invocable", () => {
  const c = catalogue({ "/s/manual/SKILL.md": fm("disable-model-invocation: true") }, [
    skills("/s"),
  ]);
  assert.equal(c.find("/manual")?.name, "manual");
  assert.equal(c.find("manual")?.modelInvocable, false);
  assert.equal(c.find("nope"), undefined);
});

Deno.test("find_user_invocable, user_invocable, listed, is_listed, invocable", () => {
  const c = catalogue(
    {
      "/s/both/SKILL.md": fm("description: both"),
      "/s/manual/SKILL.md": fm("disable-model-invocation: true"),
      "/s/model/SKILL.md": fm("user-invocable: false"),
      "/s/cond/SKILL.md": fm("paths: src/**"),
      "/c/cmd.md": "a command",
    },
    [skills("/s"), commands("/c")],
    { base: "/proj" },
  );
  assert.equal(c.findUserInvocable("/manual")?.name, "manual");
  assert.equal(c.findUserInvocable("model"), undefined);
  assert.equal(c.findUserInvocable("/cmd")?.kind, "command");
  assert.deepEqual(c.userInvocable().map((e) => e.name), ["both", "cond", "manual", "cmd"]);
  assert.deepEqual(c.listed().map((e) => e.name), ["both", "model", "cmd"]);
  assert.deepEqual(c.invocable().map((e) => e.name), ["both", "cond", "model", "cmd"]);
  assert.equal(c.isListed(c.find("cond")!), false);
});

Deno.test("paths: a YAML list or a comma-separated string, not split inside {a,b}", () => {
  const c = catalogue({
    "/s/list/SKILL.md": fm("paths:\n  - src/**/*.ts\n  - '*.md'"),
    "/s/str/SKILL.md": fm("paths: 'src/{a,b}/*.ts, docs/**'"),
    "/s/none/SKILL.md": fm("description: x"),
  }, [skills("/s")]);
  assert.deepEqual(c.pathsOf(c.find("list")!), ["src/**/*.ts", "*.md"]);
  assert.deepEqual(c.pathsOf(c.find("str")!), ["src/{a,b}/*.ts", "docs/**"]);
  assert.deepEqual(c.pathsOf(c.find("none")!), []);
});

Deno.test("activate_for: globs relative to the base; returns only the newly activated", () => {
  const activated = new Set<string>();
  const c = catalogue(
    {
      "/s/ts/SKILL.md": fm("description: TS\npaths: src/**/*.ts"),
      "/s/md/SKILL.md": fm("description: MD\npaths: '*.md'"),
      "/s/alt/SKILL.md": fm("description: Alt\npaths: 'lib/{a,b}/x.?s'"),
    },
    [skills("/s")],
    { base: "/proj", activated },
  );
  assert.deepEqual(c.activateFor("/proj/README.txt"), []);
  assert.deepEqual(c.activateFor("/proj/src/deep/a.ts").map((e) => e.name), ["ts"]);
  assert.deepEqual(c.activateFor("/proj/src/other.ts"), [], "already activated");
  assert.deepEqual(c.activateFor("/proj/docs/guide/intro.md").map((e) => e.name), ["md"]);
  assert.deepEqual(c.activateFor("/proj/lib/b/x.js").map((e) => e.name), ["alt"]);
  assert.deepEqual(c.activateFor("/elsewhere/src/a.ts"), []);
  assert.deepEqual([...activated].sort(), ["alt", "md", "ts"]);
  assert.deepEqual(c.listed().map((e) => e.name), ["alt", "md", "ts"]);
});

Deno.test("paths: without a base a conditional skill can never be activated", () => {
  const c = catalogue({ "/s/ts/SKILL.md": fm("paths: '**'") }, [skills("/s")]);
  assert.deepEqual(c.activateFor("/proj/a.ts"), []);
  assert.deepEqual(c.listed(), []);
});

Deno.test("paths: a root may name its own base", () => {
  const c = catalogue({ "/w/.claude/skills/x/SKILL.md": fm("paths: src/*") }, [
    { dir: "/w/.claude/skills", source: "nested", layout: "skills", base: "/w" },
  ], { base: "/proj" });
  assert.deepEqual(c.activateFor("/proj/src/a").length, 0);
  assert.deepEqual(c.activateFor("/w/src/a").map((e) => e.name), ["x"]);
});

Deno.test("activated: shared with the caller, who keeps it across catalogues", () => {
  const activated = new Set(["ts"]);
  const c = catalogue({ "/s/ts/SKILL.md": fm("paths: '*.ts'") }, [skills("/s")], {
    base: "/p",
    activated,
  });
  assert.equal(c.isListed(c.find("ts")!), true);
  assert.equal(c.activated, activated);
});

Deno.test("add_roots: a known name keeps its entry, unless a command meets a new skill", () => {
  const c = catalogue({
    "/s/deploy/SKILL.md": fm("description: root"),
    "/c/build.md": "build command",
    "/n/deploy/SKILL.md": fm("description: nested"),
    "/n/build/SKILL.md": fm("description: nested build skill"),
    "/n/webonly/SKILL.md": fm("description: web"),
  }, [skills("/s"), commands("/c")]);
  const added = c.addRoots({
    dir: "/n",
    source: "apps/web/.claude/skills",
    layout: "skills",
    base: "/w",
  });
  assert.deepEqual(added.map((e) => e.name), ["build", "webonly"]);
  assert.equal(c.find("deploy")?.description, "root");
  assert.equal(c.find("build")?.kind, "skill");
  assert.deepEqual(c.shadowed().map((s) => `${s.name} ${s.source} by ${s.by}`), [
    "build /c by apps/web/.claude/skills",
    "deploy apps/web/.claude/skills by /s",
  ]);
  assert.deepEqual(names(c), ["deploy", "build", "webonly"]);
});

Deno.test("body: the text without frontmatter and leading blank lines; undefined when unknown", () => {
  const c = catalogue({ "/s/x/SKILL.md": "---\nname: x\n---\n\n\nLine one\n\nLine two\n" }, [
    skills("/s"),
  ]);
  assert.equal(c.body("x"), "Line one\n\nLine two\n");
  assert.equal(c.body("nope"), undefined);
});

Deno.test("tool_text: Base directory line for a skill; $ARGUMENTS replaced", () => {
  const c = catalogue({
    "/s/pdf/SKILL.md": fm("name: pdf", "Read $ARGUMENTS now\n"),
    "/c/review.md": "Review it\n",
  }, [skills("/s"), commands("/c")]);
  assert.equal(
    c.toolText("pdf", "report.pdf"),
    "Base directory for this skill: /s/pdf\n\nRead report.pdf now\n",
  );
  assert.equal(c.toolText("pdf"), "Base directory for this skill: /s/pdf\n\nRead  now\n");
  assert.equal(c.toolText("pdf", ""), "Base directory for this skill: /s/pdf\n\nRead  now\n");
  assert.equal(c.toolText("review"), "Review it\n");
  assert.equal(c.toolText("review", "a.ts"), "Review it\n\n\nARGUMENTS: a.ts");
  assert.equal(c.toolText("nope"), undefined);
});

Deno.test("tool_text: an argument holding $ARGUMENTS or $& is inserted as written", () => {
  const c = catalogue({ "/c/echo.md": "say $ARGUMENTS" }, [commands("/c")]);
  assert.equal(c.toolText("echo", "$ARGUMENTS $& $1"), "say $ARGUMENTS $& $1");
});

Deno.test("prompt_text: the spec's wording, one line of intro; a skill without description by name alone", () => {
  const c = catalogue(
    {
      "/s/pdf/SKILL.md": fm("description: Work with PDF files ..."),
      "/s/bare/SKILL.md": fm("name: bare", ""),
      "/s/manual/SKILL.md": fm("description: hidden\ndisable-model-invocation: true"),
    },
    [skills("/s")],
    { plugins: [] },
  );
  assert.equal(
    c.promptText(),
    "Skills: specialised instructions loaded on demand. When a task matches a skill's " +
      "description, call the `skill` tool with its name BEFORE acting, then follow what it " +
      "returns. Available skills:\n- bare\n- pdf: Work with PDF files ...",
  );
});

Deno.test("prompt_text: undef when nothing is listed", () => {
  const c = catalogue({ "/s/m/SKILL.md": fm("disable-model-invocation: true") }, [skills("/s")]);
  assert.equal(c.promptText(), undefined);
});

Deno.test("announce_text: worded as Claude Code does; undef for none", () => {
  const c = catalogue({ "/s/a/SKILL.md": fm("description: Alpha"), "/s/b/SKILL.md": "" }, [
    skills("/s"),
  ]);
  assert.equal(
    c.announceText(c.skills()),
    "The following skills are available for use with the Skill tool:\n\n- a: Alpha\n- b",
  );
  assert.equal(c.announceText([]), undefined);
});

Deno.test("tool_text: every $ARGUMENTS in the body is replaced", () => {
  const c = catalogue({ "/c/two.md": "first $ARGUMENTS, then $ARGUMENTS again\n" }, [
    commands("/c"),
  ]);
  assert.equal(c.toolText("two", "x y"), "first x y, then x y again\n");
  assert.equal(c.toolText("two"), "first , then  again\n");
});

Deno.test("tool_text: ARGUMENTS: is appended only when arguments are given", () => {
  const c = catalogue({ "/s/x/SKILL.md": "Plain body\n" }, [skills("/s")]);
  assert.equal(c.toolText("x", ""), "Base directory for this skill: /s/x\n\nPlain body\n");
  assert.equal(c.toolText("x"), "Base directory for this skill: /s/x\n\nPlain body\n");
});

const GLOBS: { name: string; glob: string; path: string; expected: boolean }[] = [
  { name: "* within a path segment", glob: "src/*.ts", path: "src/a.ts", expected: true },
  { name: "* not across segments", glob: "src/*.ts", path: "src/deep/a.ts", expected: false },
  { name: "** over no segment", glob: "src/**/*.ts", path: "src/a.ts", expected: true },
  { name: "** over several segments", glob: "src/**/*.ts", path: "src/a/b/c.ts", expected: true },
  { name: "? one character", glob: "x.?s", path: "x.js", expected: true },
  { name: "? not two characters", glob: "x.?s", path: "x.jss", expected: false },
  { name: "{a,b} alternatives", glob: "{lib,src}/x.ts", path: "src/x.ts", expected: true },
  { name: "{a,b} nothing else", glob: "{lib,src}/x.ts", path: "test/x.ts", expected: false },
  {
    name: "no / matches the file name in any directory",
    glob: "*.md",
    path: "a/b/c.md",
    expected: true,
  },
  { name: "with / anchored at the base", glob: "docs/*.md", path: "a/docs/c.md", expected: false },
  { name: "relative to the skill's base", glob: "*.md", path: "../outside.md", expected: false },
  {
    name: "a directory named ..x is inside",
    glob: "**/*.ts",
    path: "..hidden/x.ts",
    expected: true,
  },
];

for (const g of GLOBS) {
  Deno.test(`paths_of: ${g.name} (${g.glob} ~ ${g.path} -> ${g.expected})`, () => {
    const c = catalogue({ "/s/g/SKILL.md": fm(`paths: '${g.glob}'`) }, [skills("/s")], {
      base: "/proj/base",
    });
    const activated = c.activateFor(`/proj/base/${g.path}`).map((e) => e.name);
    assert.deepEqual(activated, g.expected ? ["g"] : []);
    assert.equal(c.isListed(c.find("g")!), g.expected);
  });
}

Deno.test("order: every plugin's commands, then every plugin's skills (Claude Code)", () => {
  const c = catalogue(
    {
      "/p/skills/zeta/SKILL.md": "Z",
      "/p/commands/alpha.md": "A",
      "/q/skills/s/SKILL.md": "S",
      "/q/commands/c.md": "C",
    },
    [],
    {
      plugins: [
        { name: "p", dirs: ["/p/skills/zeta"], commands: ["/p/commands"] },
        { name: "q", dirs: ["/q/skills/s"], commands: ["/q/commands"] },
      ],
    },
  );
  assert.deepEqual(names(c), ["p:alpha", "q:c", "p:zeta", "q:s"]);
});

Deno.test("name: a plugin skill's directory name keeps A-Z a-z 0-9 _ -, anything else becomes - (Claude Code: skills/a.b is p:a-b)", () => {
  const c = catalogue(
    {
      "/p/skills/a.b/SKILL.md": "dot",
      "/p/skills/with space/SKILL.md": "space",
      "/p/skills/A_B/SKILL.md": "kept",
    },
    [],
    { plugins: [{ name: "p", dirs: ["/p/skills"] }] },
  );
  assert.deepEqual(names(c), ["p:A_B", "p:a-b", "p:with-space"]);
});

Deno.test("skills(): then the plugins in the given order; the first plugin of a name wins", () => {
  const c = catalogue({ "/b/skills/x/SKILL.md": "B", "/a/skills/x/SKILL.md": "A" }, [], {
    plugins: [
      { name: "z", dirs: ["/b/skills/x"] },
      { name: "a", dirs: ["/a/skills/x"] },
      { name: "z", dirs: ["/a/skills/x"] },
    ],
  });
  assert.deepEqual(names(c), ["z:x", "a:x"]);
  assert.equal(c.find("z:x")?.file, "/b/skills/x/SKILL.md");
  assert.deepEqual(c.shadowed(), [
    {
      name: "z:x",
      source: "plugin z",
      file: "/a/skills/x/SKILL.md",
      by: "plugin z",
      byFile: "/b/skills/x/SKILL.md",
    },
  ]);
});

Deno.test("skills(): model- or user-invocable or not", () => {
  const c = catalogue({
    "/s/hidden/SKILL.md": fm("disable-model-invocation: true\nuser-invocable: false"),
  }, [skills("/s")]);
  assert.deepEqual(names(c), ["hidden"]);
  assert.deepEqual(c.listed(), []);
  assert.deepEqual(c.userInvocable(), []);
  assert.equal(c.find("hidden")?.name, "hidden");
});

Deno.test("plugin_root: plugin entries only, and only when the plugin has a root", () => {
  const c = catalogue(
    {
      "/s/mine/SKILL.md": "root skill",
      "/p/skills/x/SKILL.md": "plugin skill",
      "/q/skills/y/SKILL.md": "rootless plugin skill",
    },
    [skills("/s")],
    {
      plugins: [{ name: "p", dirs: ["/p/skills/x"], root: "/p" }, {
        name: "q",
        dirs: ["/q/skills/y"],
      }],
    },
  );
  assert.equal(c.find("p:x")?.pluginRoot, "/p");
  assert.equal("pluginRoot" in c.find("mine")!, false);
  assert.equal("pluginRoot" in c.find("q:y")!, false);
});

Deno.test("a plugin skill directory or command path that does not exist is skipped silently", () => {
  const c = catalogue({ "/p/skills/a/SKILL.md": "A" }, [], {
    plugins: [{
      name: "p",
      dirs: ["/p/skills/gone", "/p/skills/a"],
      commands: ["/p/commands", "/p/gone.md"],
    }],
  });
  assert.deepEqual(names(c), ["p:a"]);
  assert.deepEqual(c.problems(), []);
});

Deno.test("problems: a plugin command directory that cannot be listed is one problem", () => {
  const c = catalogue({ "/p/commands": UNREADABLE, "/p/skills/a/SKILL.md": "A" }, [], {
    plugins: [{ name: "p", dirs: ["/p/skills/a"], commands: ["/p/commands"] }],
  });
  assert.deepEqual(names(c), ["p:a"]);
  assert.deepEqual(c.problems(), [
    {
      file: "/p/commands",
      reason: "Cannot list the directory: Permission denied",
      code: "unreadable",
    },
  ]);
});

const LONG = "word ".repeat(HEAD_BYTES / 2).trim();

const BEYOND_HEAD: { name: string; text: string; description: string }[] = [
  {
    name: "a frontmatter longer than the head is read whole",
    text: fm(`description: ${LONG}`, "Body\n"),
    description: LONG,
  },
  {
    name: "a first body line past the head is found",
    text: "#\n".repeat(HEAD_BYTES) + "Deep line\n",
    description: "Deep line",
  },
];

for (const b of BEYOND_HEAD) {
  Deno.test(`description: ${b.name}`, () => {
    const c = catalogue({ "/s/x/SKILL.md": b.text }, [skills("/s")]);
    assert.equal(c.find("x")?.description, b.description);
    assert.deepEqual(c.problems(), []);
  });
}

Deno.test("a catalogue lists each directory once, reads each file once, and looks up real paths only of directories that exist", () => {
  const tree: Tree = {
    "/h/.claude/skills/a/SKILL.md": fm("description: A"),
    "/p/.claude/commands/x/c.md": "C",
    "/p/flat/d.md": "D",
    "/pl/skills/e/SKILL.md": "E",
    "/pl/commands/f.md": "F",
    "/pl/commands/sub/g.md": "G",
    "/pl/one.md": "One",
  };
  const inner = treeReader(tree);
  const calls: string[] = [];
  const reader: SkillReader = {
    list: (d) => (calls.push(`list ${d}`), inner.list(d)),
    read: (f, limit) => (calls.push(`read ${f}`), inner.read(f, limit)),
    size: (f) => (calls.push(`size ${f}`), inner.size(f)),
    realPath: (p) => (calls.push(`realPath ${p}`), inner.realPath(p)),
  };
  const c = new Catalogue({
    roots: [
      skills("/h/.claude/skills"),
      commands("/h/.claude/commands"),
      commands("/p/.claude/commands"),
      { dir: "/p/flat", source: "flat", layout: "flat" },
    ],
    plugins: [{
      name: "pl",
      dirs: ["/pl/skills/e"],
      commands: ["/pl/commands", "/pl/one.md"],
    }],
    reader,
    yaml,
  });
  assert.equal(c.skills().length, 7);
  const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
  assert.deepEqual(repeated, [], calls.join("\n"));
  assert.deepEqual(calls.filter((call) => call.startsWith("realPath")), [
    "realPath /p/.claude/commands",
    "realPath /p/.claude/commands/x",
    "realPath /pl/commands",
    "realPath /pl/commands/sub",
  ]);
});

Deno.test("roots: a root given twice is read once, and shadows nothing of itself", () => {
  // Run in the home, `~/.claude/skills` and `.claude/skills` are one directory.
  const tree: Tree = { "/home/me/.claude/skills/x/SKILL.md": fm("description: x") };
  const reads: string[] = [];
  const inner = treeReader(tree);
  const reader: SkillReader = {
    ...inner,
    read: (file, max) => {
      reads.push(file);
      return inner.read(file, max);
    },
  };
  const dir = "/home/me/.claude/skills";
  const c = new Catalogue({
    roots: [skills(dir, "~/.claude/skills"), skills(dir, ".claude/skills")],
    reader,
    yaml,
  });
  assert.deepEqual(c.skills().map((e) => [e.name, e.source]), [["x", "~/.claude/skills"]]);
  assert.deepEqual(c.shadowed(), []);
  assert.deepEqual(reads, ["/home/me/.claude/skills/x/SKILL.md"]);
  // `activate` adding the same nested root for a second path adds nothing.
  assert.deepEqual(c.addRoots(skills(dir, "pkg")), []);
  assert.deepEqual(c.shadowed(), []);
});

Deno.test("body: read without parsing the frontmatter again", () => {
  let parses = 0;
  const c = new Catalogue({
    roots: [skills("/s")],
    reader: treeReader({ "/s/x/SKILL.md": fm("description: x\ntags: [a, b]", "the body\n") }),
    yaml: (text) => {
      parses++;
      return yaml(text);
    },
  });
  const before = parses;
  assert.equal(c.body("x"), "the body\n");
  assert.equal(parses, before);
});

Deno.test("is_listed: a skill the model may not call stays unlisted when a file activates it", () => {
  const c = catalogue(
    { "/s/x/SKILL.md": fm("description: X\ndisable-model-invocation: true\npaths: src/**") },
    [skills("/s")],
    { base: "/proj" },
  );
  c.activateFor("/proj/src/a.ts");
  assert.equal(c.isListed(c.find("x")!), false);
  assert.deepEqual(c.listed(), []);
  assert.equal(c.promptText(), undefined);
});

Deno.test("head: a frontmatter closed in the head that cannot be read is not read again", () => {
  const file = "/s/x/SKILL.md";
  const inner = treeReader({ [file]: `---\n: [\n---\nFirst line\n${"x".repeat(HEAD_BYTES * 2)}` });
  const reads: number[] = [];
  const reader: SkillReader = {
    ...inner,
    read: (f, max) => {
      reads.push(max);
      return inner.read(f, max);
    },
  };
  const c = new Catalogue({ roots: [skills("/s")], reader, yaml });
  assert.deepEqual(reads, [HEAD_BYTES]);
  assert.equal(c.find("x")?.description, "First line");
  assert.match(c.problems()[0]?.reason ?? "", /^Cannot read the frontmatter/);
});
