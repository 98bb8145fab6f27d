/**
 * Step 3 on disk: `@path` attached by the disk attacher (`lib/fs/disk_attacher.ts`) "the
 * way read_file returns it (the same limits and texts; images and PDFs are not attached, as
 * the result is text), a directory ... the way list_files lists it", with a real policy.
 */

import assert from "node:assert/strict";
import { cachedRealPath } from "../../lib/fs/real_path.ts";
import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import { diskAttacher } from "../../lib/fs/disk_attacher.ts";
import { recordReads, Renderer } from "../../lib/render/renderer.ts";
import type { Entry } from "../../lib/skills/entry.ts";
import { cutNote, EMPTY_FILE_TEXT } from "../../lib/tools/read_file.ts";
import { emptyReadState } from "../../lib/tools/read_state.ts";

const top = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-render-disk-" }));
const real = `${top}/real`;
const link = `${top}/link`;
Deno.mkdirSync(`${real}/src`, { recursive: true });
Deno.symlinkSync(real, link);
Deno.writeTextFileSync(`${real}/notes.txt`, "one\ntwo\n");
Deno.writeTextFileSync(`${real}/empty.txt`, "");
Deno.writeTextFileSync(`${real}/logo.png`, "not really a png\n");
Deno.writeTextFileSync(`${real}/doc.pdf`, "%PDF-1.4\n");
Deno.writeTextFileSync(`${real}/src/app.ts`, "x\n");
Deno.writeTextFileSync(`${real}/src/secret.txt`, "s\n");
// 3000 lines of 40 characters: over the 25000-token cap, its first 2000 lines under it.
Deno.writeTextFileSync(`${real}/big.log`, "l".repeat(39).concat("\n").repeat(3000));
globalThis.addEventListener("unload", () => Deno.removeSync(top, { recursive: true }));

const entry: Entry = {
  name: "look",
  kind: "command",
  description: "",
  dir: `${real}/.claude/commands`,
  file: `${real}/.claude/commands/look.md`,
  source: ".claude/commands",
  frontmatter: {},
  modelInvocable: true,
  userInvocable: true,
};

function render(body: string, root = real, rules: Partial<PolicySource> = {}) {
  const realPath = cachedRealPath();
  const renderer = new Renderer({
    root,
    policy: new Policy({
      sources: [{ label: "s", scope: "project", ...rules }],
      env: { root, home: `${top}/home`, realPath },
    }),
    runner: () => Promise.reject(new Error("no commands here")),
    files: diskAttacher(realPath),
  });
  return renderer.render({ entry, body, attachFiles: true });
}

Deno.test("disk: a file is attached the way read_file returns it, under its real path", async () => {
  const r = await render("@notes.txt");
  assert.equal(
    r.text,
    "@notes.txt\n\n<system-reminder>\nCalled the read_file tool with the following input: " +
      `{"path":"${real}/notes.txt"}\n</system-reminder>\n<system-reminder>\n` +
      "Result of calling the read_file tool:\n1\tone\n2\ttwo\n3\t\n</system-reminder>",
  );
  assert.deepEqual(r.filesRead, [{
    path: `${real}/notes.txt`,
    kind: "file",
    bytes: new TextEncoder().encode("one\ntwo\n"),
  }]);
});

Deno.test("disk: a root reached through a symbolic link: its files are inside (bug: were left out)", async () => {
  const r = await render("@notes.txt @src", link);
  assert.deepEqual(r.filesRead.map((f) => f.path), [`${real}/notes.txt`, `${real}/src`]);
});

Deno.test("disk: images and PDFs are not attached, as the result is text: they stay plain text", async () => {
  const r = await render("@logo.png @doc.pdf");
  assert.equal(r.text, "@logo.png @doc.pdf");
  assert.deepEqual(r.filesRead, []);
});

Deno.test("disk: an empty file is attached with read_file's warning", async () => {
  const r = await render("@empty.txt");
  assert.ok(
    r.text?.endsWith(
      `Result of calling the read_file tool:\n${EMPTY_FILE_TEXT}\n</system-reminder>`,
    ),
  );
  assert.equal(r.filesRead[0]?.bytes?.length, 0);
});

Deno.test("disk: a file over the token cap is attached in part with read_file's note, and recorded as partial", async () => {
  const r = await render("@big.log");
  assert.ok(r.text?.includes("\n2000\t" + "l".repeat(39) + "\n\n"), "the first 2000 lines");
  assert.ok(!r.text?.includes("\n2001\t"));
  assert.ok(
    r.text?.endsWith(`${cutNote(`${real}/big.log`, 2000, "read_file")}\n</system-reminder>`),
  );
  assert.deepEqual(r.filesRead, [{ path: `${real}/big.log`, kind: "file", partial: true }]);
  const state = recordReads(r, emptyReadState());
  assert.deepEqual(state.files.get(`${real}/big.log`), { kind: "partial" });
});

Deno.test("disk: a directory is listed the way list_files lists it, without what a Read rule hides", async () => {
  const r = await render("@src", real, { deny: ["Read(./src/secret.txt)"] });
  assert.ok(r.text?.endsWith("Result of calling the list_files tool:\napp.ts\n</system-reminder>"));
  assert.deepEqual(r.filesRead, [{ path: `${real}/src`, kind: "directory" }]);
});
