/**
 * The permission flags are part of the design: every line that runs skald (the plugin's hook,
 * the README's and the docs' install and run lines, `deno task compile` and the release
 * workflow, which bake them into the binary) names exactly `PERMISSION_FLAGS`, `$HOME` in the
 * resident decider's socket expanded by the shell that runs it; the CLI tests run `main.ts`
 * under the same flags, expanded for their home; `main.ts`'s shebang declares the same but the
 * socket. Every `deno run` and `deno install` line reads no project's config, and runs with
 * skald's V8 flags.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, FLAGS, REPO } from "./_run.ts";
import {
  HOME_SOCKET,
  PERMISSION_FLAGS,
  SHEBANG_FLAGS,
  V8_FLAGS,
} from "../../lib/cli/permission_flags.ts";

/** The long form of each permission flag of a command line (`-R` is `--allow-read`). */
const flagsIn = (text: string) =>
  text.replace(/(^|\s)-R(?=\s)/g, "$1--allow-read").replace(/(^|\s)-E=/g, "$1--allow-env=")
    .replace(/(^|\s)-W=/g, "$1--allow-write=").match(/--allow-[a-z]+(=[^\s'"]+)?/g)?.sort() ?? [];

Deno.test("flags: the CLI tests run under the registration's flags, for their home", () => {
  const socket = HOME_SOCKET.replace("$HOME", EMPTY_HOME);
  assert.deepEqual(FLAGS, PERMISSION_FLAGS.map((f) => f.replace(HOME_SOCKET, socket)));
});

Deno.test("flags: deno task compile bakes in exactly the registration's flags", () => {
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  assert.deepEqual(flagsIn(deno.tasks.compile), [...PERMISSION_FLAGS].sort());
});

Deno.test("flags: main.ts's shebang declares the same flags, writing Claude Code's files only", () => {
  // The other agents' files would take it past the kernel's 255 bytes.
  const first = Deno.readTextFileSync(`${REPO}/main.ts`).split("\n", 1)[0]!;
  assert.deepEqual(flagsIn(first), [...SHEBANG_FLAGS].sort());
  assert.deepEqual([SHEBANG_FLAGS[0], SHEBANG_FLAGS[2]], [
    PERMISSION_FLAGS[0],
    PERMISSION_FLAGS[2],
  ]);
  // Every variable but ripgrep's (the 255 bytes): a recursive rg then skips nothing.
  assert.equal(SHEBANG_FLAGS[1], PERMISSION_FLAGS[1]!.replace(",RIPGREP_CONFIG_PATH", ""));
});

Deno.test("flags: the release workflow compiles with the same flags", () => {
  const wf = Deno.readTextFileSync(`${REPO}/.github/workflows/release.yml`);
  const line = wf.split("\n").find((l) => l.includes("deno compile"))!;
  assert.deepEqual(flagsIn(line), [...PERMISSION_FLAGS].sort());
});

/** The `--include` modules of a `deno compile` line. */
const includesIn = (text: string) => [...text.matchAll(/--include[= ](\S+)/g)].map((m) => m[1]);

Deno.test("flags: the binary embeds the bundle and the CLI library main.ts imports by a template specifier", () => {
  // An import by a template literal is not in the module graph `deno compile` embeds: without
  // --include, the binary would fail every hook call decided in its own process, or every
  // other command.
  const main = Deno.readTextFileSync(`${REPO}/main.ts`);
  const computed = [...main.matchAll(/import\(\s*`\.\/([^`$]+)\$\{""\}`\s*\)/g)].map((m) => m[1]);
  assert.deepEqual(computed, ["lib/_generated/hook.bundle.js", "lib/cli/app.ts"]);
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  assert.deepEqual(includesIn(deno.tasks.compile), computed);
  const wf = Deno.readTextFileSync(`${REPO}/.github/workflows/release.yml`);
  assert.deepEqual(includesIn(wf), computed);
});

Deno.test("flags: network to the resident socket only, write to init's files and that socket, sys to the uid, run to bash, env to a list", () => {
  // The hook talks to its resident decider, and to nothing else, over a Unix socket whose whole
  // path Deno must be given: `$HOME` is the shell's to expand.
  assert.equal(HOME_SOCKET, "$HOME/.cache/skald/hook.sock");
  assert.deepEqual(PERMISSION_FLAGS.filter((f) => f.startsWith("--allow-net")), [
    `--allow-net=unix:${HOME_SOCKET}`,
  ]);
  assert.deepEqual(PERMISSION_FLAGS.filter((f) => f.startsWith("--allow-sys")), [
    "--allow-sys=uid",
  ]);
  assert.ok(PERMISSION_FLAGS.includes("--allow-run=bash"));
  assert.ok(PERMISSION_FLAGS.some((f) => /^--allow-env=[A-Z_,]+$/.test(f)));
  assert.deepEqual(PERMISSION_FLAGS.filter((f) => f.startsWith("--allow-write")), [
    "--allow-write=.claude/settings.json,.claude/settings.local.json,.gemini/settings.json," +
    `.codex/hooks.json,.github/hooks/skald.json,.copilot/hooks/skald.json,${HOME_SOCKET}`,
  ]);
});

Deno.test("flags: main.ts's shebang fits the kernel's 255 bytes", () => {
  const first = Deno.readTextFileSync(`${REPO}/main.ts`).split("\n", 1)[0]!;
  assert.ok(new TextEncoder().encode(first).length <= 255, `${first.length} bytes`);
});

/** The pages of `docs/`, each as its text. */
const docsPages = () =>
  [...Deno.readDirSync(`${REPO}/docs`)].filter((e) => e.name.endsWith(".md"))
    .map((e) => Deno.readTextFileSync(`${REPO}/docs/${e.name}`));

Deno.test("flags: the plugin's hook and the README's install lines use the same flags", () => {
  const hooks = JSON.parse(Deno.readTextFileSync(`${REPO}/hooks/hooks.json`));
  for (const event of ["PreToolUse", "PermissionRequest", "PreSkillShellCommand"]) {
    const command = hooks.hooks[event][0].hooks[0].command;
    assert.deepEqual(flagsIn(command), [...PERMISSION_FLAGS].sort(), event);
  }
  for (const l of readmeLines()) assert.deepEqual(flagsIn(l), [...PERMISSION_FLAGS].sort(), l);
  for (const l of docsLines()) assert.deepEqual(flagsIn(l), [...PERMISSION_FLAGS].sort(), l);
});

/** The README's lines that run, install or compile skald. */
const readmeLines = () => {
  const readme = Deno.readTextFileSync(`${REPO}/README.md`);
  const lines = readme.split("\n").filter((l) => /deno (run|install|compile) .*--allow-/.test(l));
  assert.ok(lines.length >= 4, `${lines.length} lines in the README`);
  return lines;
};

/** The docs' lines that run skald (the registration, the plugin's hook, the binary's build). */
const docsLines = () => {
  const runsSkald = /deno (run|install|compile) .*--allow-.*(main\.ts|@skald\/skald\/cli)/;
  const docs = docsPages().flatMap((t) => t.split("\n")).filter((l) => runsSkald.test(l));
  assert.ok(docs.length >= 3, `${docs.length} lines in docs/`);
  return docs;
};

Deno.test("flags: every deno run and deno install line of skald reads no project's config (--no-config)", () => {
  // Deno would otherwise look for a deno.json, a package.json and a lock file from the main
  // module's or the working directory up, and read the project's own on every hook call.
  const hooks = JSON.parse(Deno.readTextFileSync(`${REPO}/hooks/hooks.json`));
  const commands = Object.values(hooks.hooks as Record<string, { hooks: { command: string }[] }[]>)
    .map((e) => e[0]!.hooks[0]!.command);
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  const lines = [...commands, ...readmeLines(), ...docsLines(), deno.tasks.skald, deno.tasks.demo]
    .filter((l) => /deno (run|install) /.test(l));
  assert.ok(lines.length >= 8, `${lines.length} lines`);
  for (const l of lines) assert.match(l, /deno (run|install -g -n skald) --no-config /, l);
});

Deno.test("flags: every line that runs skald with V8 flags names the same ones (one code cache)", () => {
  // Deno keeps a code cache per V8 flag set: a hook line with other flags than the install line
  // or the shebang would compile the bundle again on its first call, and lose the speed.
  const v8 = (text: string) => text.match(/--v8-flags=[^\s'"`]+/g) ?? [];
  const hooks = JSON.parse(Deno.readTextFileSync(`${REPO}/hooks/hooks.json`));
  for (const event of ["PreToolUse", "PermissionRequest", "PreSkillShellCommand"]) {
    assert.deepEqual(v8(hooks.hooks[event][0].hooks[0].command), [V8_FLAGS], event);
  }
  // The tasks that run skald from a checkout share the code cache too.
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  for (const task of ["skald", "demo"]) assert.deepEqual(v8(deno.tasks[task]), [V8_FLAGS], task);
  assert.deepEqual(v8(Deno.readTextFileSync(`${REPO}/main.ts`).split("\n", 1)[0]!), [V8_FLAGS]);
  const readme = Deno.readTextFileSync(`${REPO}/README.md`);
  const flagged = readme.split("\n").flatMap(v8);
  assert.ok(flagged.length >= 4, `${flagged.length} lines`);
  for (const f of flagged) assert.equal(f, V8_FLAGS);
  for (const f of docsPages().flatMap((t) => t.split("\n").flatMap(v8))) assert.equal(f, V8_FLAGS);
  assert.equal(V8_FLAGS, "--v8-flags=--no-lazy,--no-sparkplug");
});
