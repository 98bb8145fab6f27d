/**
 * The renderer's step 3 (`spec/slash-command.txt`): `@path` attached after the text, and
 * `record_reads`, with files as data; `tests/render/render_disk_test.ts` attaches real files
 * on disk.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { recordReads, Renderer } from "../../lib/render/renderer.ts";
import { checkWrite, emptyReadState } from "../../lib/tools/read_state.ts";
import { fakeRealPath } from "../_env.ts";
import { attacher, DIR, entry, FILES, recorder, renderer } from "./_renderer_fixtures.ts";

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

Deno.test("files: references in the arguments are attached; none with attachFiles: false", async () => {
  const { r } = renderer({}, {}, FILES);
  const res = await r.render({
    entry: entry(),
    body: "Review $ARGUMENTS now",
    arguments: "@notes.txt",
    attachFiles: true,
  });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/proj/notes.txt"]);
  // Attaching is the default (issue 14: the library as `skald render`); the spec's
  // attach_files => 0 is attachFiles: false.
  const plain = await r.render({ entry: entry(), body: "Review @notes.txt", attachFiles: false });
  assert.deepEqual(plain.filesRead, []);
  assert.equal(plain.text, "Review @notes.txt");
  const appended = await r.render({
    entry: entry(),
    body: "Review",
    arguments: "@notes.txt",
    attachFiles: true,
  });
  assert.deepEqual(
    appended.filesRead.map((f) => f.path),
    ["/proj/notes.txt"],
    "in the ARGUMENTS: line too",
  );
});

Deno.test("files: hidden by an ask rule for reading: stays plain text", async () => {
  const { r } = renderer({ ask: ["Read(./notes.txt)"] }, {}, FILES);
  const res = await r.render({ entry: entry(), body: "@notes.txt @src/App.pm", attachFiles: true });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/proj/src/App.pm"]);
});

Deno.test("files: a directory listing leaves out what a Read rule hides", async () => {
  const { r } = renderer({ deny: ["Read(./src/secret.txt)"] }, {}, {
    "/proj/src": DIR,
    "/proj/src/App.pm": "x",
    "/proj/src/secret.txt": "s",
  });
  const res = await r.render({ entry: entry(), body: "@src", attachFiles: true });
  assert.match(
    res.text ?? "",
    /Result of calling the list_files tool:\nApp\.pm\n<\/system-reminder>$/,
  );
});

Deno.test("files: a reference the tool refuses (an image, a PDF) stays plain text", async () => {
  const files = attacher(FILES);
  const { r } = renderer({}, {
    files: {
      ...files,
      readFile: (p) =>
        p.endsWith(".pm") ? Promise.resolve({ refused: "an image" }) : files.readFile(p),
    },
  }, FILES);
  const res = await r.render({ entry: entry(), body: "@src/App.pm @notes.txt", attachFiles: true });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/proj/notes.txt"]);
  assert.ok(!(res.text ?? "").includes('App.pm"}'));
});

Deno.test("files: extra_roots, a list, replaces the policy's additional directories", async () => {
  const { r } = renderer({ additionalDirectories: ["/elsewhere"] }, { extraRoots: ["/outside"] }, {
    ...FILES,
    "/elsewhere/e.txt": "e",
  });
  const res = await r.render({
    entry: entry(),
    body: "@/outside/o.txt @/elsewhere/e.txt",
    attachFiles: true,
  });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/outside/o.txt"]);
});

Deno.test("files: extra_roots, a function, is asked on every render", async () => {
  let dirs: string[] = [];
  let asked = 0;
  const { r } = renderer({}, {
    extraRoots: () => {
      asked++;
      return dirs;
    },
  }, FILES);
  const render = () => r.render({ entry: entry(), body: "@/outside/o.txt", attachFiles: true });
  assert.deepEqual((await render()).filesRead, []);
  dirs = ["/outside"];
  assert.deepEqual((await render()).filesRead.map((f) => f.path), ["/outside/o.txt"]);
  assert.equal(asked, 2);
});

Deno.test("files: a file inside a root reached through a symbolic link is inside (bug: the real path was held against the root as written)", async () => {
  const realPath = fakeRealPath({ "/proj": "/data/proj" });
  const policy = new Policy({
    sources: [],
    env: { root: "/proj", home: "/home/u", realPath },
  });
  const rec = recorder();
  const r = new Renderer({
    root: "/proj",
    policy,
    runner: rec.runner,
    files: attacher({ "/proj/notes.txt": "n", "/data/other.txt": "o" }, realPath),
  });
  const res = await r.render({ entry: entry(), body: "@notes.txt", attachFiles: true });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/data/proj/notes.txt"]);
  const outside = await r.render({ entry: entry(), body: "@/data/other.txt", attachFiles: true });
  assert.deepEqual(outside.filesRead, []);
});

Deno.test("record_reads: the files attached count as read for read-before-write; directories are not recorded", async () => {
  const { r } = renderer({}, {}, FILES);
  const res = await r.render({ entry: entry(), body: "@notes.txt @src", attachFiles: true });
  const state = recordReads(res, emptyReadState());
  assert.deepEqual([...state.files.keys()], ["/proj/notes.txt"]);
  assert.deepEqual(checkWrite(state, "/proj/notes.txt", new TextEncoder().encode("note")), {
    kind: "allow",
    why: "read_whole_unchanged",
  });
  assert.equal(
    checkWrite(state, "/proj/notes.txt", new TextEncoder().encode("changed")).kind,
    "refuse",
  );
});

Deno.test("files: the file system is asked each path's kind once per render (finding and attaching share it)", async () => {
  const files = attacher(FILES);
  const asked: string[] = [];
  const { r } = renderer({}, {
    files: {
      ...files,
      kind: (p) => {
        asked.push(p);
        return files.kind(p);
      },
    },
  }, FILES);
  const res = await r.render({
    entry: entry(),
    body: "@notes.txt @notes.txt. @src/App.pm @src",
    attachFiles: true,
  });
  assert.equal(res.filesRead.length, 3);
  assert.deepEqual(asked, [...new Set(asked)], "no path asked twice");
});

Deno.test("files: two references to one real file attach it once", async () => {
  // key-link.txt -> secrets/key.txt (the tests' links); no rule hides either.
  const { r } = renderer({}, {}, { ...FILES, "/proj/key-link.txt": "SECRET" });
  const res = await r.render({
    entry: entry(),
    body: "@key-link.txt @secrets/key.txt @src @./src",
    attachFiles: true,
  });
  assert.deepEqual(res.filesRead.map((f) => f.path), ["/proj/secrets/key.txt", "/proj/src"]);
  assert.equal(res.text?.match(/Result of calling the read_file tool/g)?.length, 1);
  assert.equal(res.text?.match(/Result of calling the list_files tool/g)?.length, 1);
});
