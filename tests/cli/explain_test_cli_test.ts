/**
 * `skald explain` and `skald test CASES.yml`.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, golden, REPO, skald } from "./_run.ts";

const EXAMPLE = ["--root", "examples/project", "--home", EMPTY_HOME];

/** Runs `fn` with a cases file of these lines in a fresh directory, removed afterwards. */
async function withCases(lines: string[], fn: (path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "skald-cases-" });
  try {
    await Deno.writeTextFile(`${dir}/cases.yml`, lines.join("\n") + "\n");
    await fn(`${dir}/cases.yml`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("explain: every rule considered, what each matched, the verdict and its exit code", async () => {
  const r = await skald(["explain", ...EXAMPLE, "Bash", "git status && sudo rm -rf /"]);
  assert.equal(r.code, 2);
  await golden("explain.txt", r.stdout);
  const j = await skald(["explain", "--json", ...EXAMPLE, "Bash", "git status && npm run test"]);
  assert.equal(j.code, 0);
  const doc = JSON.parse(j.stdout);
  assert.equal(doc.verdict, "allow");
  assert.deepEqual(
    doc.considered.filter((c: { matches: boolean }) => c.matches).map((c: { rule: string }) =>
      c.rule
    ),
    [
      "Bash(npm run test:*)",
      "Bash(git status)",
    ],
  );
  assert.deepEqual(Object.keys(doc), [
    "verdict",
    "rule",
    "source",
    "reason",
    "parts",
    "considered",
  ]);
  for (const c of doc.considered) {
    assert.deepEqual(
      Object.keys(c).filter((k) => k !== "error"),
      ["rule", "source", "kind", "matches", "detail"],
    );
  }
});

Deno.test("explain: without a subject it is an error, as for check", async () => {
  for (const tool of ["Bash", "Read"]) {
    const r = await skald(["explain", ...EXAMPLE, tool]);
    assert.deepEqual(
      [r.code, r.stdout, r.stderr],
      [1, "", `skald: Give the subject of the ${tool} call, or its input with --input JSON\n`],
    );
  }
  const unknown = await skald(["explain", ...EXAMPLE, "Frobnicate", "x"]);
  assert.deepEqual([unknown.code, unknown.stderr], [1, 'skald: Unknown tool "Frobnicate"\n']);
  const input = await skald(["explain", ...EXAMPLE, "Bash", "--input", "{bad"]);
  assert.equal(input.code, 1);
  assert.match(input.stderr, /^skald: Cannot parse --input: [^\n]+\n$/);
});

Deno.test("test --json: passed and failed cases with the README's keys", async () => {
  await withCases([
    '- bash: "git push --force"',
    "  expect: allow",
    "- bash: ls",
    "  expect: allow",
  ], async (path) => {
    const r = await skald(["test", "--json", ...EXAMPLE, path]);
    assert.equal(r.code, 4);
    assert.deepEqual(JSON.parse(r.stdout), {
      passed: 1,
      failed: [{
        case: 1,
        line: 1,
        name: null,
        call: { tool: "Bash", input: { command: "git push --force" } },
        expect: "allow",
        got: "ask",
        reason: "Needs approval by Bash(git push:*) from .claude/settings.json",
      }],
    });
  });
});

Deno.test("test: a settings file that cannot be parsed fails (exit 1), named once, as check names it", async () => {
  // Issue 14, point 8: `test` passed with a broken settings file; a typo must fail CI.
  const dir = `${REPO}/tests/fixtures/settings/broken`;
  const where = ["--root", `${dir}/project`, "--home", `${dir}/home`];
  await withCases(["- bash: rm -rf x", "  mode: plan", "  expect: deny"], async (path) => {
    const r = await skald(["test", ...where, path]);
    assert.deepEqual([r.code, r.stdout], [1, ""]);
    assert.equal(r.stderr.match(/Cannot parse JSON/g)?.length, 1);
    assert.match(r.stderr, /^skald: \.claude\/settings\.json:\d+: Cannot parse JSON/m);
    const checked = await skald(["check", ...where, "Bash", "rm -rf x"]);
    assert.equal(r.stderr, checked.stderr, "the same problems as check reports");
  });
});

Deno.test("test: every case of the example agrees with the policy", async () => {
  const r = await skald(["test", ...EXAMPLE, "examples/policy-tests.yml"]);
  assert.deepEqual([r.code, r.stdout], [0, "9 passed, 0 failed\n"]);
});

Deno.test("test: each disagreeing case is named; exit 4", async () => {
  const cases = [
    '- bash: "git push --force"',
    "  expect: allow",
    "- name: secrets",
    "  read: secrets/api-key.txt",
    "  expect: deny",
    "- webfetch: https://docs.deno.com/x",
    "  expect: ask",
  ];
  await withCases(cases, async (path) => {
    const r = await skald(["test", ...EXAMPLE, path]);
    assert.equal(r.code, 4);
    assert.equal(
      r.stdout.replaceAll(path, "CASES"),
      'FAIL CASES:1: case 1: Bash "git push --force": expected allow, got ask: Needs approval by Bash(git push:*) from .claude/settings.json\n' +
        'FAIL CASES:6: case 3: WebFetch "https://docs.deno.com/x": expected ask, got allow: Allowed by WebFetch(domain:docs.deno.com) from .claude/settings.json\n' +
        "1 passed, 2 failed\n",
    );
  });
});

Deno.test("test: a case that cannot be read is an error naming the file and the case", async () => {
  await withCases(
    ["- bash: ls", "  expect: maybe", "- nope: x", "  expect: allow"],
    async (path) => {
      const r = await skald(["test", ...EXAMPLE, path]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /cases\.yml: Case 1: "expect" must be allow, ask or deny/);
      assert.match(r.stderr, /cases\.yml: Case 2: expected one tool key/);
      const missing = await skald(["test", ...EXAMPLE, `${REPO}/nope.yml`]);
      assert.equal(missing.code, 1);
      assert.match(
        missing.stderr,
        /^skald: \{\{REPO\}\}\/nope\.yml: Cannot read the file: [^\n]+\n$/,
      );
    },
  );
});
