/**
 * Frontmatter: the block, the body, YAML, the lenient reader, the fast reader held against
 * the `yaml` package.
 */

import assert from "node:assert/strict";
import { parseFrontmatter, splitFrontmatter } from "../../lib/skills/frontmatter.ts";
import { readSimpleYaml } from "../../lib/skills/simple_yaml.ts";
import { yaml } from "../_skill_fs.ts";
import { withinCpu } from "../_cpu.ts";

const CASES: {
  name: string;
  text: string;
  data: Record<string, unknown>;
  body: string;
  problem?: RegExp;
}[] = [
  {
    name: "no frontmatter: the whole text is the body",
    text: "# Title\nBody\n",
    data: {},
    body: "# Title\nBody\n",
  },
  { name: "empty frontmatter", text: "---\n---\nBody\n", data: {}, body: "Body\n" },
  {
    name: "a mapping",
    text: "---\nname: x\ndescription: y\n---\nBody\n",
    data: { name: "x", description: "y" },
    body: "Body\n",
  },
  {
    name: "leading blank lines of the body taken off",
    text: "---\na: 1\n---\n\n\n  \nBody\n",
    data: { a: 1 },
    body: "Body\n",
  },
  {
    name: "CRLF",
    text: "---\r\nname: x\r\n---\r\nLine 1\r\nLine 2\r\n",
    data: { name: "x" },
    body: "Line 1\nLine 2\n",
  },
  { name: "a BOM", text: "\uFEFF---\nname: x\n---\nBody", data: { name: "x" }, body: "Body" },
  {
    name: "a list instead of a map: empty, with a problem",
    text: "---\n- a\n- b\n---\nBody\n",
    data: {},
    body: "Body\n",
    problem: /not a mapping/,
  },
  {
    name: "a scalar instead of a map",
    text: "---\njust text\n---\nBody\n",
    data: {},
    body: "Body\n",
    problem: /not a mapping/,
  },
  {
    name: "arguments as a list",
    text: "---\narguments: [file, mode]\n---\n",
    data: { arguments: ["file", "mode"] },
    body: "",
  },
  {
    name: "arguments as a string",
    text: "---\narguments: file mode\n---\n",
    data: { arguments: "file mode" },
    body: "",
  },
  {
    name: "Yes and OFF stay strings in YAML 1.2",
    text: "---\na: Yes\nb: OFF\n---\n",
    data: { a: "Yes", b: "OFF" },
    body: "",
  },
  {
    name: "YAML that fails but the lenient reader saves",
    text: "---\ndescription: a: b\nuser-invocable: False\n---\nB\n",
    data: { description: "a: b", "user-invocable": false },
    body: "B\n",
  },
  {
    name: "YAML that fails and nothing saves",
    text: "---\n[: : :\n---\nB\n",
    data: {},
    body: "B\n",
    problem: /Cannot read the frontmatter/,
  },
  {
    name: "a YAML alias bomb: no hang; the lenient reader keeps its lines as text",
    text: "---\n" + bomb() + "---\nB\n",
    data: Object.fromEntries(bomb().trim().split("\n").map((l) => l.split(": "))),
    body: "B\n",
  },
  {
    name: "an unclosed block",
    text: "---\nname: x\nBody without end\n",
    data: {},
    body: "---\nname: x\nBody without end\n",
    problem: /no closing/,
  },
  {
    name: "--- later in the body is the body's",
    text: "---\na: 1\n---\nx\n---\ny\n",
    data: { a: 1 },
    body: "x\n---\ny\n",
  },
  {
    name: "a multi-line scalar",
    text: "---\ndescription: |\n  one\n  two\n---\n",
    data: { description: "one\ntwo\n" },
    body: "",
  },
  {
    name: "__proto__ as a key stays a key",
    text: "---\n__proto__: x\n---\n",
    data: { ["__proto__"]: "x" },
    body: "",
  },
];

function bomb(): string {
  let out = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (let i = 1; i < 9; i++) out += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]\n`;
  return out;
}

for (const c of CASES) {
  Deno.test(`frontmatter: ${c.name}`, () => {
    // A blow-up guard in CPU time (`../_cpu.ts`): the alias bomb.
    const r = withinCpu(20, () => parseFrontmatter(c.text, yaml), c.name);
    assert.deepEqual(Object.entries(r.data), Object.entries(c.data));
    assert.equal(r.body, c.body);
    if (c.problem) assert.match(r.problem ?? "", c.problem);
    else assert.equal(r.problem, undefined);
  });
}

Deno.test("frontmatter: a file with only the opening line", () => {
  assert.deepEqual(splitFrontmatter("---"), { body: "---", open: true });
});

const SIMPLE_LINES = [
  "name: pdf",
  "description: Work with PDF files",
  "a: true",
  "a: True",
  "a: TRUE",
  "a: false",
  "a: yes",
  "a: no",
  "a: on",
  "a: ~",
  "a: null",
  "a: Null",
  "a:",
  "a: 12",
  "a: -12",
  "a: +12",
  "a: 0o17",
  "a: 0x1F",
  "a: 1.5",
  "a: .5",
  "a: 1.",
  "a: 1e3",
  "a: -1.5E-3",
  "a: .inf",
  "a: -.Inf",
  "a: .nan",
  "a: 2024-01-01",
  "a: 007",
  "a: 1_000",
  "a: 0b101",
  "a: text with spaces",
  "a: text:colon",
  "a: x#y",
  "a: Bash(git status:*), Read",
  "a: 'quoted'",
  'a: "double"',
  "a: [list]",
  "a: {map}",
  "a: - item",
  "a: *alias",
  "a: &anchor x",
  "a: !tag x",
  "a: |",
  "a: >",
  "a: x # comment",
  "a: x: y",
  "a: %x",
  "a: @x",
  "a: `x`",
  "a: ?x",
  "a: ,x",
  "a: x:",
  "a-b_c: x",
  "a: \u00e9t\u00e9",
];

for (const line of SIMPLE_LINES) {
  Deno.test(`simple YAML agrees with the yaml package or refuses: ${JSON.stringify(line)}`, () => {
    const fast = readSimpleYaml(line);
    if (fast === undefined) return;
    assert.deepEqual(fast, yaml(line));
  });
}

/** The flat lines most skills' frontmatter is made of: the fast reader must take them. */
const FAST_LINES = [
  "name: pdf",
  "description: Work with PDF files",
  "a: true",
  "a: 12",
  "a:",
  "a: text:colon",
  "a: Bash(git status:*), Read",
  "a-b_c: x",
  "a: \u00e9t\u00e9",
];

Deno.test("simple YAML reads the flat lines most skills have, as the yaml package does", () => {
  for (const line of FAST_LINES) {
    const fast = readSimpleYaml(line);
    assert.notEqual(fast, undefined, line);
    assert.deepEqual(fast, yaml(line), line);
  }
});

Deno.test("simple YAML agrees with the yaml package on 5,000 random lines", () => {
  const pieces = [
    "a",
    "1",
    "0",
    ".",
    "e",
    "x",
    " ",
    ":",
    "#",
    "-",
    "+",
    "'",
    '"',
    "~",
    "_",
    "o",
    "9",
    "T",
    "N",
    "[",
    "\\",
  ];
  let seed = 42;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  let agreed = 0;
  for (let i = 0; i < 5000; i++) {
    let v = "";
    for (let j = rand(8); j >= 0; j--) v += pieces[rand(pieces.length)];
    const line = `k: ${v}`;
    const fast = readSimpleYaml(line);
    if (fast === undefined) continue;
    let full: unknown;
    try {
      full = yaml(line);
    } catch {
      assert.fail(`fast reader accepted ${JSON.stringify(line)} which YAML rejects`);
    }
    assert.deepEqual(fast, full, JSON.stringify(line));
    agreed++;
  }
  assert.ok(agreed > 1000, `${agreed} lines read by the fast reader`);
});

Deno.test("simple YAML refuses duplicate keys, indentation and tabs", () => {
  assert.equal(readSimpleYaml("a: 1\na: 2"), undefined);
  assert.equal(readSimpleYaml("a:\n  b: 1"), undefined);
  assert.equal(readSimpleYaml("a:\tb"), undefined);
});
