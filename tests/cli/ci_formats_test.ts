/**
 * CI-native output (issue 14, points 6 and 7), golden files produced by running `main.ts`:
 * `lint --format github` and `--format sarif` on a settings file with the misspellings of the
 * issue (`permisions`, `alow`, `defaultmode`, a hook type `comand`); `test --format github`,
 * `--format junit`, `--verbose`; each finding or failing case with its file and line.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, golden, skald } from "./_run.ts";

const MISSPELLED = ["--root", "tests/fixtures/settings/misspelled", "--home", EMPTY_HOME];
const CASES = "tests/fixtures/policy-cases/mixed.yml";
const EXAMPLE = ["--root", "examples/project", "--home", EMPTY_HOME];

Deno.test("lint --format github: a workflow command per finding, with file, line and column", async () => {
  const r = await skald(["lint", "--format", "github", ...MISSPELLED]);
  assert.equal(r.code, 4);
  await golden("lint-github.txt", r.stdout);
  const lines = r.stdout.trimEnd().split("\n");
  for (const line of lines.slice(0, -1)) {
    assert.match(
      line,
      /^::(error|warning) file=\.claude\/settings\.json,line=\d+,col=\d+,title=skald [a-z-]+::/,
    );
  }
  assert.match(
    lines.at(-1)!,
    /^::notice title=skald lint::skald lint: checked 1 settings file,.*: 5 errors, 3 warnings, 0 info$/,
  );
});

Deno.test("lint: the misspellings of the issue, each with its place and a did-you-mean", async () => {
  const r = await skald(["lint", "--json", ...MISSPELLED]);
  const findings: { code: string; line: number; column: number; reason: string; level: string }[] =
    JSON.parse(r.stdout).findings;
  const pick = (word: string) => findings.find((f) => f.reason.includes(`"${word}"`));
  assert.deepEqual(
    ["permisions", "permissions.alow", "permissions.defaultmode"].map((w) => {
      const f = pick(w)!;
      return [f.code, f.level, f.line, f.column, /did you mean "([^"]+)"/.exec(f.reason)?.[1]];
    }),
    [
      ["unknown-key", "error", 2, 3, "permissions"],
      ["unknown-key", "error", 6, 5, "allow"],
      ["unknown-key", "error", 7, 5, "defaultMode"],
    ],
  );
  const hook = findings.find((f) => f.code === "unknown-hook-type")!;
  assert.deepEqual([hook.line, hook.level], [12, "error"]);
  assert.match(hook.reason, /"comand" \(did you mean "command"\?\)/);
  assert.equal(findings.find((f) => f.reason.includes('"frobnicate"'))?.level, "warning");
  assert.equal(findings.find((f) => f.code === "wrong-type")?.line, 15);
});

Deno.test("lint --format sarif: a SARIF 2.1.0 log, one result per finding", async () => {
  const r = await skald(["lint", "--format", "sarif", ...MISSPELLED]);
  assert.equal(r.code, 4);
  await golden("lint.sarif", r.stdout.replace(/"version": "\d+\.\d+\.\d+"/, '"version": "X"'));
  const log = JSON.parse(r.stdout);
  const json = JSON.parse((await skald(["lint", "--json", ...MISSPELLED])).stdout);
  assert.equal(log.runs[0].results.length, json.findings.length);
  assert.deepEqual(log.runs[0].properties.summary, json.summary, "the summary as in JSON");
});

Deno.test("lint --ignore and .skald-lint-ignore leave a code out; warnings alone exit 0", async () => {
  const ignored = ["unknown-key", "unknown-hook-type", "wrong-type"].flatMap((
    c,
  ) => ["--ignore", c]);
  const r = await skald(["lint", "--json", ...MISSPELLED, ...ignored]);
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(
    JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code),
    ["weak-rule", "unknown-tool"],
  );
  const { errors, warnings } = JSON.parse(r.stdout).summary;
  assert.deepEqual([errors, warnings], [0, 2], "the summary counts what is reported");
});

Deno.test("test --format github: a workflow command per failing case, on its line", async () => {
  const r = await skald(["test", "--format", "github", ...EXAMPLE, CASES]);
  assert.equal(r.code, 4);
  await golden("test-github.txt", r.stdout);
});

Deno.test("test --format junit: one test case per policy case", async () => {
  const r = await skald(["test", "--format", "junit", ...EXAMPLE, CASES]);
  assert.equal(r.code, 4);
  await golden("test-junit.xml", r.stdout);
  assert.equal(r.stdout.match(/<testcase /g)?.length, 4);
  assert.equal(r.stdout.match(/<failure /g)?.length, 2);
});

Deno.test("test --verbose lists the passes; a failing case names its line", async () => {
  const r = await skald(["test", "--verbose", ...EXAMPLE, CASES]);
  assert.equal(r.code, 4);
  await golden("test-verbose.txt", r.stdout);
  const json = JSON.parse((await skald(["test", "--json", ...EXAMPLE, CASES])).stdout);
  assert.deepEqual(json.failed.map((f: { case: number; line: number }) => [f.case, f.line]), [
    [2, 4],
    [4, 9],
  ]);
});

Deno.test("every subcommand: a --root that does not exist fails, JSON under --json", async () => {
  for (
    const args of [
      ["lint"],
      ["list"],
      ["rules"],
      ["check", "Bash", "ls"],
      ["explain", "Bash", "ls"],
      ["test", CASES],
      ["show", "x"],
      ["prompt"],
      ["render", "/x"],
      ["activate", "src/a.ts"],
    ]
  ) {
    const r = await skald([...args, "--root", "/does/not/exist"]);
    assert.deepEqual(
      [r.code, r.stderr],
      [1, 'skald: --root "/does/not/exist" does not exist\n'],
      args[0],
    );
    const j = await skald([...args, "--json", "--root", "/does/not/exist"]);
    assert.deepEqual([j.code, JSON.parse(j.stdout)], [1, {
      error: '--root "/does/not/exist" does not exist',
    }], args[0]);
  }
});

Deno.test("every subcommand: a missing --settings file fails", async () => {
  const lint = await skald(["lint", ...EXAMPLE, "--settings", "nope.json"]);
  assert.deepEqual(
    [lint.code, lint.stdout],
    [
      1,
      "nope.json: The settings file does not exist [missing]\n" +
      "skald lint: checked 2 settings files, 1 skill, 2 commands, 0 plugins, 0 marketplace " +
      "entries: 1 error, 0 warnings, 0 info\n",
    ],
    "lint reports it as a finding, and exits 1",
  );
  for (const args of [["rules"], ["check", "Bash", "ls"], ["test", CASES]]) {
    const r = await skald([...args, ...EXAMPLE, "--settings", "nope.json"]);
    assert.deepEqual([r.code, r.stderr], [
      1,
      "skald: nope.json: The settings file does not exist\n",
    ], args[0]);
  }
});
