/**
 * `skald render` on a fixture tree: real commands, real files, the policy of the fixture. Each
 * test renders in its own copy of `tests/fixtures/render` (the project, and the folder beside
 * it that a link points into), so that what a command writes never stays for the next run;
 * the copy's path is shown as `{{ROOT}}`.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, type Ran, skald } from "./_run.ts";
import { withFixtureCopy } from "../_fixture_copy.ts";

/** Renders in a fresh copy of the fixture; `check` sees the copy's project before it goes. */
const render = (
  invocation: string,
  more: string[] = [],
  check?: (project: string) => void,
): Promise<Ran> =>
  withFixtureCopy("tests/fixtures/render", async (top) => {
    const root = `${top}/project`;
    const r = await skald(["render", "--root", root, "--home", EMPTY_HOME, ...more, invocation]);
    check?.(root);
    const shown = (t: string) => t.replaceAll(root, "{{ROOT}}");
    return { code: r.code, stdout: shown(r.stdout), stderr: shown(r.stderr) };
  });

Deno.test("render: arguments, an allowed-tools command, a file reference from an argument", async () => {
  const r = await render("/review src/App.pm strict");
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    "FILE=src/App.pm MODE=strict ALL=src/App.pm strict\nLINES: 3\n@src/App.pm\n\n" +
      '<system-reminder>\nCalled the read_file tool with the following input: {"path":"{{ROOT}}/src/App.pm"}\n</system-reminder>\n' +
      "<system-reminder>\nResult of calling the read_file tool:\n1\tpackage App;\n2\tsub hello { return 'hi' }\n3\t1;\n4\t\n</system-reminder>\n",
  );
});

Deno.test("render --json: text, arguments, commands and files_read with the spec's keys", async () => {
  const r = await render("/review src/App.pm strict", ["--json"]);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(j), ["text", "arguments", "commands", "files_read"]);
  assert.deepEqual(j.arguments, ["src/App.pm", "strict"]);
  assert.deepEqual(
    j.commands.map((
      c: { command: string; verdict: string; exit_code: number },
    ) => [c.command, c.verdict, c.exit_code]),
    [
      ["wc -l < src/App.pm", "allow", 0],
    ],
  );
  assert.deepEqual(j.files_read, [{
    path: `{{ROOT}}/src/App.pm`,
    kind: "file",
    bytes: 42,
  }]);
});

Deno.test("render: file reference forms (punctuation, parens, quotes, directory, missing, outside, link out, denied, image)", async () => {
  const r = await render("/refs", ["--json"]);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(
    j.files_read.map((
      f: { path: string; kind: string },
    ) => [f.path.replace(`{{ROOT}}/`, ""), f.kind]),
    [
      ["src/App.pm", "file"],
      ["dir with space/f.txt", "file"],
      ["src", "directory"],
    ],
  );
});

Deno.test("render: a refused second command leaves no trace of the first", async () => {
  const r = await render("/refuse", [], (project) => {
    assert.throws(() => Deno.statSync(`${project}/made-by-first.txt`));
  });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "");
  assert.match(
    r.stderr,
    /^skald: Shell command permission check failed for pattern "!`git push`": Needs approval by Bash\(git push:\*\)/,
  );
});

Deno.test("render: a failing command aborts with its output", async () => {
  const r = await render("/fail");
  assert.equal(r.code, 1);
  assert.match(
    r.stderr,
    /^skald: Shell command failed for pattern "!`ls missing-dir`": \[stderr\]\nls: cannot access 'missing-dir'/,
  );
});

Deno.test("render: exit 1 of grep is not a failure", async () => {
  const r = await render("/grepmiss");
  assert.deepEqual([r.code, r.stdout], [0, "[ ]\n"]);
});

Deno.test("render: --no-shell replaces every command; nothing runs", async () => {
  const r = await render("/refuse", ["--no-shell"]);
  assert.equal(r.code, 0);
  assert.equal(
    r.stdout,
    "[shell command execution disabled by policy]\n[shell command execution disabled by policy]\n",
  );
});

// Each of the eight waits until all eight have started (10 s at most): one after another, the
// first would wait alone and say so.
Deno.test("render: eight commands run at the same time, outputs in their places", async () => {
  const r = await render("/parallel");
  assert.equal(r.stdout, "1\n2\n3\n4\n5\n6\n7\n8\n", r.stderr);
});

Deno.test("render: a skill starts with its base directory; --session-id", async () => {
  const r = await render("/pdf report.pdf");
  assert.equal(
    r.stdout,
    `Base directory for this skill: {{ROOT}}/.claude/skills/pdf\n\nRead report.pdf in {{ROOT}}/.claude/skills/pdf\n`,
  );
});

Deno.test("render: unknown names and model-only skills are errors", async () => {
  const unknown = await render("/nope");
  assert.deepEqual([unknown.code, unknown.stderr], [
    1,
    'skald: Unknown skill or command "/nope"\n',
  ]);
  const model = await render("/model-only");
  assert.equal(model.code, 1);
  assert.match(model.stderr, /can only be invoked by Claude, not directly by users/);
  const bad = await render("no slash");
  assert.deepEqual([bad.code, bad.stdout, bad.stderr], [
    1,
    "",
    'skald: Expected "/name ARGUMENTS", got "no slash"\n',
  ]);
});
