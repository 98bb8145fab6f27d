/**
 * The GitHub workflows (issue 14, point 2): each file parses as YAML, uses only the keys GitHub
 * documents for workflows, jobs and steps, and gives each action only the inputs its
 * `action.yml` declares (the versions pinned below); CI runs the README's test command on every
 * push and pull request, on Linux and macOS; every platform the release builds a binary for is
 * one CI tests on; no Windows binary.
 */

import assert from "node:assert/strict";
import { parse } from "npm:yaml@2.9.1";
import { REPO } from "../cli/_run.ts";

const WORKFLOW_KEYS = new Set([
  "name",
  "run-name",
  "on",
  "permissions",
  "env",
  "defaults",
  "concurrency",
  "jobs",
]);
const JOB_KEYS = new Set([
  "name",
  "needs",
  "if",
  "runs-on",
  "permissions",
  "environment",
  "concurrency",
  "outputs",
  "env",
  "defaults",
  "steps",
  "timeout-minutes",
  "strategy",
  "continue-on-error",
  "container",
  "services",
]);
const STEP_KEYS = new Set([
  "id",
  "if",
  "name",
  "uses",
  "run",
  "working-directory",
  "shell",
  "with",
  "env",
  "continue-on-error",
  "timeout-minutes",
]);
/** Each action's inputs, from its action.yml at the major version used. */
const ACTION_INPUTS: Record<string, Set<string>> = {
  "actions/checkout@v4": new Set([
    "repository",
    "ref",
    "token",
    "ssh-key",
    "path",
    "fetch-depth",
    "submodules",
    "lfs",
    "clean",
    "sparse-checkout",
    "persist-credentials",
  ]),
  "denoland/setup-deno@v2": new Set([
    "deno-version",
    "deno-version-file",
    "deno-binary-name",
    "target",
    "cache",
    "cache-hash",
  ]),
  "actions/upload-artifact@v4": new Set([
    "name",
    "path",
    "if-no-files-found",
    "retention-days",
    "compression-level",
    "overwrite",
    "include-hidden-files",
  ]),
  "actions/download-artifact@v4": new Set([
    "name",
    "path",
    "pattern",
    "merge-multiple",
    "github-token",
    "repository",
    "run-id",
  ]),
  "softprops/action-gh-release@v2": new Set([
    "body",
    "body_path",
    "name",
    "tag_name",
    "draft",
    "prerelease",
    "files",
    "fail_on_unmatched_files",
    "repository",
    "token",
    "target_commitish",
    "generate_release_notes",
    "make_latest",
    "overwrite_files",
  ]),
};
/** The runner each release target is tested on. */
const TARGET_RUNNER: Record<string, string> = {
  "x86_64-unknown-linux-gnu": "ubuntu-latest",
  "aarch64-unknown-linux-gnu": "ubuntu-24.04-arm",
  "x86_64-apple-darwin": "macos-13",
  "aarch64-apple-darwin": "macos-latest",
};

type Workflow = { on: unknown; jobs: Record<string, Record<string, unknown>> };
const read = (name: string) =>
  parse(Deno.readTextFileSync(`${REPO}/.github/workflows/${name}`)) as Workflow;

for (const file of ["ci.yml", "release.yml"]) {
  Deno.test(`workflows: ${file} parses and uses only documented keys and inputs`, () => {
    const wf = read(file) as unknown as Record<string, unknown> & Workflow;
    for (const k of Object.keys(wf)) assert.ok(WORKFLOW_KEYS.has(k), `${file}: workflow key ${k}`);
    for (const [id, job] of Object.entries(wf.jobs)) {
      for (const k of Object.keys(job)) assert.ok(JOB_KEYS.has(k), `${file}: ${id}: job key ${k}`);
      for (const step of job.steps as Record<string, unknown>[]) {
        for (const k of Object.keys(step)) {
          assert.ok(STEP_KEYS.has(k), `${file}: ${id}: step key ${k}`);
        }
        assert.ok(("uses" in step) !== ("run" in step), `${file}: ${id}: a step uses or runs`);
        if (typeof step.uses !== "string") continue;
        const inputs = ACTION_INPUTS[step.uses];
        assert.ok(inputs, `${file}: ${id}: ${step.uses} is not a pinned action of the table`);
        for (const k of Object.keys((step.with ?? {}) as object)) {
          assert.ok(inputs.has(k), `${file}: ${id}: ${step.uses} has no input ${k}`);
        }
      }
    }
  });
}

Deno.test("workflows: CI runs the README's test command on every push and pull request, on Linux and macOS", () => {
  const ci = read("ci.yml");
  assert.deepEqual(Object.keys(ci.on as object).sort(), ["pull_request", "push"]);
  const job = ci.jobs.test!;
  const runs = (job.steps as { run?: string }[]).map((s) => s.run ?? "");
  const readme = Deno.readTextFileSync(`${REPO}/README.md`);
  assert.match(readme, /```sh\ndeno task test\n```/);
  assert.ok(runs.includes("deno task test"));
  const oses = (job.strategy as { matrix: { os: string[] } }).matrix.os;
  assert.ok(oses.some((o) => o.startsWith("ubuntu")) && oses.some((o) => o.startsWith("macos")));
});

Deno.test("workflows: every release target is tested on its own platform; no Windows binary", () => {
  const release = read("release.yml");
  const targets =
    (release.jobs.compile!.strategy as { matrix: { target: string[] } }).matrix.target;
  assert.ok(!targets.some((t) => t.includes("windows")));
  const tested = new Set(
    (read("ci.yml").jobs.test!.strategy as { matrix: { os: string[] } }).matrix.os,
  );
  const releaseTested = new Set(
    (release.jobs.test!.strategy as { matrix: { os: string[] } }).matrix.os,
  );
  for (const t of targets) {
    assert.ok(tested.has(TARGET_RUNNER[t]!), `${t} is tested by CI`);
    assert.ok(releaseTested.has(TARGET_RUNNER[t]!), `${t} is tested before its release`);
  }
});
