/**
 * The documentation's links hold (issue 24): every relative link of the README and of `docs/`
 * names a file or folder that exists, every `#anchor` a heading of its page (as GitHub makes
 * anchors), and the README links every page of `docs/`, so that a reader who starts at the front
 * door can reach each one.
 */

import assert from "node:assert/strict";
import { REPO } from "../cli/_run.ts";
import { anchors, documents, links, slug } from "./_markdown.ts";
import { posix } from "../../lib/path.ts";

const read = (path: string) => Deno.readTextFileSync(`${REPO}/${path}`);

/** Whether a path of the repository exists (a file or a folder). */
function exists(path: string): boolean {
  try {
    Deno.statSync(`${REPO}/${path}`);
    return true;
  } catch {
    return false;
  }
}

Deno.test("docs: GitHub's anchors of the headings this documentation uses", () => {
  const cases = [
    { name: "plain words", input: "Where a call runs", expected: "where-a-call-runs" },
    {
      name: "a colon and a comma go",
      input: "Limits: what a deny rule cannot see",
      expected: "limits-what-a-deny-rule-cannot-see",
    },
    { name: "an apostrophe goes", input: "The hook's start-up", expected: "the-hooks-start-up" },
    {
      name: "code keeps its text",
      input: "Rendering `/name ARGUMENTS`",
      expected: "rendering-name-arguments",
    },
    { name: "dots go", input: "Claude Code 2.1.332", expected: "claude-code-21332" },
    { name: "an underscore stays", input: "run_hook", expected: "run_hook" },
  ];
  for (const c of cases) assert.equal(slug(c.input), c.expected, c.name);
  assert.deepEqual([...anchors("# A\n## B\n```\n# not a heading\n```\n## B\n")], ["a", "b", "b-1"]);
});

Deno.test("docs: every relative link names a file that exists, every anchor a heading", () => {
  const broken: string[] = [];
  let checked = 0;
  for (const doc of documents()) {
    for (const link of links(read(doc))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue; // https:, mailto:
      checked++;
      const [path, anchor] = link.target.split("#", 2) as [string, string | undefined];
      const target = path === "" ? doc : posix.normalize(posix.join(posix.dirname(doc), path));
      const where = `${doc}:${link.line}: ${link.target}`;
      if (target.startsWith("..") || !exists(target)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor !== undefined && !(target.endsWith(".md") && anchors(read(target)).has(anchor))) {
        broken.push(`${where}: no heading "#${anchor}" in ${target}`);
      }
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked > 50, `${checked} links checked`);
});

Deno.test("docs: the README links every page of docs/", () => {
  const linked = new Set(
    links(read("README.md")).map((l) => posix.normalize(l.target.split("#")[0]!)),
  );
  const pages = documents().filter((d) => d.startsWith("docs/"));
  assert.ok(pages.length >= 12, `${pages.length} pages`);
  assert.deepEqual(pages.filter((p) => !linked.has(p)), []);
});

Deno.test("docs: the README is a front door, at most about 250 lines", () => {
  const lines = read("README.md").split("\n").length;
  assert.ok(lines <= 260, `${lines} lines`);
});
