/**
 * The renderer (`spec/slash-command.txt`), sentence by sentence, with a recording runner and
 * files as data; `tests/render/render_disk_test.ts` runs real commands on disk.
 */

import assert from "node:assert/strict";
import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import type { FileAttacher } from "../../lib/render/attachments.ts";
import {
  DISABLED_TEXT,
  Renderer,
  type RendererOptions,
  type Runner,
} from "../../lib/render/renderer.ts";
import type { RunResult } from "../../lib/exec/run_command.ts";
import type { Entry } from "../../lib/skills/entry.ts";
import { testEnv } from "../_env.ts";

function entry(fields: Partial<Entry> & { frontmatter?: Record<string, unknown> } = {}): Entry {
  return {
    name: "review",
    kind: "command",
    description: "",
    dir: "/proj/.claude/commands",
    file: "/proj/.claude/commands/review.md",
    source: ".claude/commands",
    frontmatter: {},
    modelInvocable: true,
    userInvocable: true,
    ...fields,
  };
}

/** Files as data: path -> content, or DIR for a directory. */
const DIR = Symbol("dir");
function attacher(files: Record<string, string | typeof DIR>): FileAttacher {
  return {
    kind: (p) => files[p] === undefined ? undefined : files[p] === DIR ? "directory" : "file",
    realPath: (p) => testEnv().realPath(p),
    readFile: (p) => {
      const t = files[p] as string;
      return Promise.resolve({
        text: t.split("\n").map((l, i) => `${i + 1}\t${l}`).join("\n"),
        bytes: new TextEncoder().encode(t),
        partial: false,
      });
    },
    listDir: (p, hides) =>
      Promise.resolve({
        text: Object.keys(files).filter((k) => k.startsWith(p + "/") && !hides(k))
          .map((k) => k.slice(p.length + 1)).join("\n"),
      }),
  };
}

function recorder(outputs: Record<string, RunResult> = {}): { runner: Runner; ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    runner: (command) => {
      ran.push(command);
      return Promise.resolve(outputs[command] ?? { exitCode: 0, output: `out(${command})` });
    },
  };
}

function renderer(
  rules: Partial<PolicySource>,
  extra: Partial<RendererOptions> = {},
  files: Record<string, string | typeof DIR> = {},
) {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", ...rules }],
    env: testEnv(),
  });
  const rec = recorder();
  const r = new Renderer({
    root: "/proj",
    policy,
    runner: rec.runner,
    files: attacher(files),
    ...extra,
  });
  return { r, ran: rec.ran, policy };
}

Deno.test("render: ARGUMENTS: <args> appended after a blank line when no placeholder is used", async () => {
  const { r } = renderer({});
  const res = await r.render({ entry: entry(), body: "Plain body.\n", arguments: "a b" });
  assert.equal(res.text, "Plain body.\n\n\nARGUMENTS: a b");
  assert.deepEqual(res.arguments, ["a", "b"]);
});

Deno.test("render: no ARGUMENTS: line without arguments", async () => {
  const { r } = renderer({});
  assert.equal((await r.render({ entry: entry(), body: "Plain.\n" })).text, "Plain.\n");
});

Deno.test("render: a placeholder whose index has no argument still counts as used (spec over Claude Code)", async () => {
  const { r } = renderer({});
  const res = await r.render({ entry: entry(), body: "X=$ARGUMENTS[3] Y=$5", arguments: "a b" });
  assert.equal(res.text, "X=$ARGUMENTS[3] Y=$5");
});

Deno.test("render: a skill's text starts with its base directory and a blank line; a command's does not", async () => {
  const { r } = renderer({});
  const skill = entry({ kind: "skill", name: "pdf", dir: "/proj/.claude/skills/pdf" });
  assert.equal(
    (await r.render({ entry: skill, body: "Body" })).text,
    "Base directory for this skill: /proj/.claude/skills/pdf\n\nBody",
  );
  assert.equal((await r.render({ entry: entry(), body: "Body" })).text, "Body");
});

Deno.test("shell: an allowed command runs and its output replaces the placeholder", async () => {
  const { r, ran } = renderer({ allow: ["Bash(git log:*)"] });
  const res = await r.render({ entry: entry(), body: "Log:\n!`git log -1`\nEnd" });
  assert.deepEqual(ran, ["git log -1"]);
  assert.equal(res.text, "Log:\nout(git log -1)\nEnd");
  assert.deepEqual(res.commands, [{
    command: "git log -1",
    verdict: "allow",
    reason: "Allowed by Bash(git log:*) from s",
    exitCode: 0,
  }]);
});

Deno.test("shell: placeholders inside a command are expanded; the value is part of the checked command", async () => {
  const { r, ran } = renderer({ allow: ["Bash(git log:*)"] });
  await r.render({ entry: entry(), body: "!`git log -- $ARGUMENTS`", arguments: "src/a.ts" });
  assert.deepEqual(ran, ["git log -- src/a.ts"]);
});

Deno.test("shell: an argument value holding !`x` never runs", async () => {
  const { r, ran } = renderer({ allow: ["Bash"] });
  const res = await r.render({
    entry: entry(),
    body: "Say $ARGUMENTS",
    arguments: "!`touch pwned`",
  });
  assert.deepEqual(ran, []);
  assert.equal(res.text, "Say !`touch pwned`");
});

Deno.test("shell: command output is never scanned again (no commands, no placeholders)", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash(gen:*)"] }],
    env: testEnv(),
  });
  const rec = recorder({ gen: { exitCode: 0, output: "!`touch pwned` $ARGUMENTS @notes.txt" } });
  const r = new Renderer({
    root: "/proj",
    policy,
    runner: rec.runner,
    files: attacher({ "/proj/notes.txt": "n" }),
  });
  const res = await r.render({ entry: entry(), body: "!`gen`", arguments: "a", attachFiles: true });
  assert.deepEqual(rec.ran, ["gen"]);
  assert.equal(res.text, "!`touch pwned` $ARGUMENTS @notes.txt\n\nARGUMENTS: a");
  assert.deepEqual(res.filesRead, []);
});

Deno.test("shell: without allow, a command is refused: the render aborts with reason and pattern, nothing runs", async () => {
  const { r, ran } = renderer({});
  const res = await r.render({
    entry: entry(),
    body: 'ECHO: !`echo hi`\nNODE: !`node -e "console.log(6*7)"`\n',
  });
  assert.equal(res.text, undefined);
  assert.match(
    res.error ?? "",
    /^Shell command permission check failed for pattern "!`node -e "console\.log\(6\*7\)"`": /,
  );
  assert.deepEqual(ran, []);
});

Deno.test("shell: allowed-tools are run rules while checking, and always taken out again", async () => {
  const { r, ran, policy } = renderer({});
  const e = entry({ frontmatter: { "allowed-tools": "Bash(echo:*), Bash(node:*)" } });
  const res = await r.render({ entry: e, body: "!`echo hi` !`node -v`" });
  assert.equal(res.error, undefined);
  assert.deepEqual(ran, ["echo hi", "node -v"]);
  assert.equal(policy.runRules.length, 0);
  const refused = await r.render({ entry: e, body: "!`echo hi` !`curl x`" });
  assert.match(refused.error ?? "", /curl x/);
  assert.equal(policy.runRules.length, 0, "the grant is taken out after a refusal too");
});

Deno.test("shell: deny and ask rules still win over allowed-tools", async () => {
  const { r, ran } = renderer({ deny: ["Bash(node:*)"], ask: ["Bash(echo secret:*)"] });
  const e = entry({ frontmatter: { "allowed-tools": ["Bash(node:*)", "Bash(echo:*)"] } });
  assert.match(
    (await r.render({ entry: e, body: "!`node -v`" })).error ?? "",
    /Denied by Bash\(node:\*\)/,
  );
  assert.match(
    (await r.render({ entry: e, body: "!`echo secret x`" })).error ?? "",
    /Needs approval/,
  );
  assert.deepEqual(ran, []);
});

Deno.test("shell: every command is checked before the first runs: a refused second leaves no trace of the first", async () => {
  const { r, ran } = renderer({ allow: ["Bash(touch:*)"] });
  const res = await r.render({ entry: entry(), body: "!`touch made.txt`\n!`mytool --danger`" });
  assert.ok(res.error);
  assert.deepEqual(ran, []);
  assert.deepEqual(res.commands.map((c) => c.verdict), ["allow", "ask"]);
});

Deno.test("shell: read-only commands need no allowed-tools (oracle)", async () => {
  const { r, ran } = renderer({});
  const res = await r.render({ entry: entry(), body: "!`echo hi` and !`pwd`" });
  assert.equal(res.error, undefined);
  assert.deepEqual(ran, ["echo hi", "pwd"]);
});

Deno.test("shell: the validator gate is asked after the policy", async () => {
  const { r, ran } = renderer({ allow: ["Bash"] }, {
    validator: (c) => c.includes("danger") ? "looks dangerous" : true,
  });
  const res = await r.render({ entry: entry(), body: "!`safe` !`danger`" });
  assert.equal(res.error, 'Command refused for pattern "!`danger`": looks dangerous');
  assert.deepEqual(ran, []);
  assert.equal(res.commands[1]?.verdict, "refused");
});

Deno.test("shell: a non-zero exit aborts with the output", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
    env: testEnv(),
  });
  const rec = recorder({
    "ls missing-dir": { exitCode: 2, output: "ls: cannot access 'missing-dir'" },
  });
  const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
  const res = await r.render({ entry: entry(), body: "LS: !`ls missing-dir`" });
  assert.equal(
    res.error,
    `Shell command failed for pattern "!\`ls missing-dir\`": ls: cannot access 'missing-dir'`,
  );
  assert.equal(res.commands[0]?.exitCode, 2);
});

const EXIT_ONE: [string, boolean][] = [
  ["grep x f", true],
  ["egrep x f", true],
  ["fgrep x f", true],
  ["rg x", true],
  ["diff a b", true],
  ["cmp a b", true],
  ["test -f x", true],
  ["[ -f x ]", true],
  ["git diff | grep x", true],
  ["false", false],
  ["grep x f | cat", false],
];

for (const [command, fine] of EXIT_ONE) {
  Deno.test(`shell: exit 1 of ${JSON.stringify(command)} ${fine ? "does not abort" : "aborts"}`, async () => {
    const policy = new Policy({
      sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
      env: testEnv(),
    });
    const rec = recorder({ [command]: { exitCode: 1, output: "" } });
    const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
    const res = await r.render({ entry: entry(), body: `[ !\`${command}\`]` });
    assert.equal(res.error === undefined, fine, res.error);
    if (fine) assert.equal(res.text, "[ ]");
  });
}

Deno.test("shell: a timeout aborts the render", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
    env: testEnv(),
  });
  const rec = recorder({ slow: { error: "timed out after 120 seconds" } });
  const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
  assert.equal(
    (await r.render({ entry: entry(), body: "!`slow`" })).error,
    'Shell command failed for pattern "!`slow`": timed out after 120 seconds',
  );
});

Deno.test("shell: disable_shell replaces every command; nothing is checked or run", async () => {
  const { r, ran } = renderer({ deny: ["Bash"] }, { disableShell: true });
  const res = await r.render({ entry: entry(), body: "A !`rm -rf /` B" });
  assert.equal(res.text, `A ${DISABLED_TEXT} B`);
  assert.deepEqual(ran, []);
  assert.deepEqual(res.commands, [{ command: "rm -rf /", verdict: "disabled" }]);
});

Deno.test("shell: without a policy no command passes", async () => {
  const rec = recorder();
  const r = new Renderer({ root: "/proj", runner: rec.runner, files: attacher({}) });
  const res = await r.render({ entry: entry(), body: "!`echo hi`" });
  assert.match(res.error ?? "", /No permission policy/);
  assert.deepEqual(rec.ran, []);
});

const FILES = {
  "/proj/src/App.pm": "package App;\n1;\n",
  "/proj/notes.txt": "note",
  "/proj/dir with space/f.txt": "spaced",
  "/proj/src": DIR,
  "/proj/secrets/key.txt": "SECRET",
  "/outside/o.txt": "outside",
  "/proj/src-link-out.txt": "via link",
} as const;

Deno.test('files: @path and @"quoted" at the start of a line or after whitespace are attached after the text', async () => {
  const { r } = renderer({}, {}, FILES);
  const res = await r.render({
    entry: entry(),
    body: '@src/App.pm first\nC @"dir with space/f.txt" and mail@notes.txt (@notes.txt)',
    attachFiles: true,
  });
  assert.equal(
    res.text,
    '@src/App.pm first\nC @"dir with space/f.txt" and mail@notes.txt (@notes.txt)\n\n' +
      '<system-reminder>\nCalled the read_file tool with the following input: {"path":"/proj/src/App.pm"}\n</system-reminder>\n' +
      "<system-reminder>\nResult of calling the read_file tool:\n1\tpackage App;\n2\t1;\n3\t\n</system-reminder>\n" +
      '<system-reminder>\nCalled the read_file tool with the following input: {"path":"/proj/dir with space/f.txt"}\n</system-reminder>\n' +
      "<system-reminder>\nResult of calling the read_file tool:\n1\tspaced\n</system-reminder>",
  );
  assert.deepEqual(res.filesRead.map((f) => [f.path, f.kind, f.partial ?? false]), [
    ["/proj/src/App.pm", "file", false],
    ["/proj/dir with space/f.txt", "file", false],
  ]);
});

Deno.test("files: sentence punctuation is not part of the path when the path without it exists", async () => {
  const { r } = renderer({}, {}, FILES);
  const res = await r.render({
    entry: entry(),
    body: "See @notes.txt. And @src/App.pm;",
    attachFiles: true,
  });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/proj/notes.txt", "/proj/src/App.pm"]);
});

Deno.test("files: a directory is listed the way list_files lists it", async () => {
  const { r } = renderer({}, {}, FILES);
  const res = await r.render({ entry: entry(), body: "@src", attachFiles: true });
  assert.match(
    res.text ?? "",
    /Called the list_files tool with the following input: \{"path":"\/proj\/src"\}/,
  );
  assert.deepEqual(res.filesRead, [{ path: "/proj/src", kind: "directory" }]);
});

Deno.test("files: missing, outside, escaping through a link, or hidden by a Read rule: stays plain text", async () => {
  const { r } = renderer({ deny: ["Read(./secrets/**)"] }, {}, FILES);
  const res = await r.render({
    entry: entry(),
    body: "@missing.txt @/outside/o.txt @src-link-out.txt @secrets/key.txt",
    attachFiles: true,
  });
  assert.equal(res.text, "@missing.txt @/outside/o.txt @src-link-out.txt @secrets/key.txt");
  assert.deepEqual(res.filesRead, []);
});

Deno.test("files: an additional directory may be reached", async () => {
  const { r } = renderer({ additionalDirectories: ["/outside"] }, {}, FILES);
  const res = await r.render({ entry: entry(), body: "@/outside/o.txt", attachFiles: true });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/outside/o.txt"]);
});

Deno.test("files: references in the arguments are attached; only with attach_files", async () => {
  const { r } = renderer({}, {}, FILES);
  const res = await r.render({
    entry: entry(),
    body: "Review $ARGUMENTS now",
    arguments: "@notes.txt",
    attachFiles: true,
  });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/proj/notes.txt"]);
  const plain = await r.render({ entry: entry(), body: "Review @notes.txt" });
  assert.deepEqual(plain.filesRead, []);
  assert.equal(plain.text, "Review @notes.txt");
});
