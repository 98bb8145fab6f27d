/**
 * list_files: the listing Claude Code 2.1.332 attaches for an `@dir` (as the result of a Bash
 * call `ls <dir>`), frozen from the oracle (`../shared/oracle/`, render mode; R37 and the
 * directory cases run for this module). The edge is held against `ls -f`.
 */

import assert from "node:assert/strict";
import {
  type DirListing,
  listFilesForTool,
  type ListFilesOptions,
  type ListFilesResult,
  moreEntriesLine,
} from "../../lib/tools/list_files.ts";
import { listForTool } from "../../lib/fs/tool_files.ts";
import { withinCpu } from "../_cpu.ts";

const names = (...n: string[]) => n.map((name) => ({ name }));
const numbered = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `f${String(i).padStart(4, "0")}.txt` }));

const CASES: {
  name: string;
  listing: DirListing;
  options?: ListFilesOptions;
  expected: ListFilesResult;
}[] = [
  {
    name: "oracle R37: @src lists its one file",
    listing: { entries: names("App.pm") },
    expected: { text: "App.pm", names: ["App.pm"], hidden: 0, omitted: 0 },
  },
  {
    name: "oracle @d1: system order kept (not sorted), hidden files listed, directories and " +
      "links not marked",
    listing: {
      entries: names(
        "sub2",
        ".hidden",
        "Z.txt",
        "b.txt",
        "sp ace.txt",
        "emptysub",
        "9.txt",
        "link",
        "sub",
        "\u00E9.txt",
        "_x",
        "10.txt",
        "a.txt",
        "C.txt",
      ),
    },
    expected: {
      text:
        "sub2\n.hidden\nZ.txt\nb.txt\nsp ace.txt\nemptysub\n9.txt\nlink\nsub\n\u00E9.txt\n_x\n" +
        "10.txt\na.txt\nC.txt",
      names: [
        "sub2",
        ".hidden",
        "Z.txt",
        "b.txt",
        "sp ace.txt",
        "emptysub",
        "9.txt",
        "link",
        "sub",
        "\u00E9.txt",
        "_x",
        "10.txt",
        "a.txt",
        "C.txt",
      ],
      hidden: 0,
      omitted: 0,
    },
  },
  {
    name: "oracle @d3: an empty directory is an empty listing",
    listing: { entries: [] },
    expected: { text: "", names: [], hidden: 0, omitted: 0 },
  },
  {
    name: "oracle @d4: entries a Read deny rule covers (secret.txt, .env) are left out",
    listing: { entries: names("secret.txt", ".env", "open.txt") },
    options: { hides: (n) => n === "secret.txt" || n === ".env" },
    expected: { text: "open.txt", names: ["open.txt"], hidden: 2, omitted: 0 },
  },
  {
    name: 'oracle @"d 5": a directory with a space in its name',
    listing: { entries: names("x.txt") },
    expected: { text: "x.txt", names: ["x.txt"], hidden: 0, omitted: 0 },
  },
  {
    name: "spec: 1000 entries exactly: all listed, no last line",
    listing: { entries: numbered(1000) },
    expected: {
      text: numbered(1000).map((e) => e.name).join("\n"),
      names: numbered(1000).map((e) => e.name),
      hidden: 0,
      omitted: 0,
    },
  },
  {
    name: "spec: hidden entries do not count toward the 1000 names",
    listing: { entries: [...names(".env", ".env"), ...numbered(1000)] },
    options: { hides: (n) => n === ".env" },
    expected: {
      text: numbered(1000).map((e) => e.name).join("\n"),
      names: numbered(1000).map((e) => e.name),
      hidden: 2,
      omitted: 0,
    },
  },
  {
    name: "spec: at most 10000 entries examined, the rest counted in the last line",
    listing: { entries: numbered(10005) },
    options: { hides: () => true },
    expected: { text: moreEntriesLine(5), names: [], hidden: 10000, omitted: 5 },
  },
  {
    name: "spec: entries the edge did not keep count in the total and are not shown",
    listing: { entries: names("a", "b"), total: 12001 },
    expected: {
      text: "a\nb\n\u2026 and 2001 more entries",
      names: ["a", "b"],
      hidden: 9998,
      omitted: 2001,
    },
  },
  {
    name: "spec: smaller limits",
    listing: { entries: names("a", "b", "c", "d") },
    options: { maxEntries: 2 },
    expected: { text: "a\nb\n\u2026 and 2 more entries", names: ["a", "b"], hidden: 0, omitted: 2 },
  },
  {
    name: "adversarial: names with newlines, __proto__ and NUL are listed as they are",
    listing: { entries: names("a\nb", "__proto__", "x\u0000y") },
    expected: {
      text: "a\nb\n__proto__\nx\u0000y",
      names: ["a\nb", "__proto__", "x\u0000y"],
      hidden: 0,
      omitted: 0,
    },
  },
];

Deno.test("list_files: listing text", async (t) => {
  for (const c of CASES) {
    await t.step(
      c.name,
      () => assert.deepEqual(listFilesForTool(c.listing, c.options), c.expected),
    );
  }
});

Deno.test("list_files: oracle @d2: 1200 entries: 1000 names then '… and 200 more entries'", () => {
  const r = listFilesForTool({ entries: numbered(1200) });
  assert.equal(r.text, numbered(1000).map((e) => e.name).join("\n") + "\n… and 200 more entries");
  // The oracle's listing text was 10022 characters (1000 nine-character names).
  assert.equal(r.text.length, 10022);
  assert.equal(moreEntriesLine(200), "\u2026 and 200 more entries");
});

Deno.test("list_files: 100000 entries are listed without a blow-up", () => {
  // A blow-up guard in CPU time (`../_cpu.ts`).
  const r = withinCpu(20, () => listFilesForTool({ entries: numbered(100000) }));
  assert.equal(r.omitted, 99000);
});

Deno.test("listForTool: the edge against ls -f", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    for (const n of ["b.txt", "a.txt", "C.txt", "_x", ".hidden", "sp ace.txt", "\u00E9.txt"]) {
      await Deno.writeTextFile(`${dir}/${n}`, "x\n");
    }
    await Deno.mkdir(`${dir}/sub`);
    await Deno.symlink("sub", `${dir}/link`);

    await t.step("same order as ls -f (the system's), kinds not followed", async () => {
      const listing = await listForTool(dir);
      assert.ok(!("error" in listing));
      const ls = await new Deno.Command("ls", { args: ["-f", dir] }).output();
      const expected = new TextDecoder().decode(ls.stdout).split("\n")
        .filter((n) => n !== "" && n !== "." && n !== "..");
      assert.deepEqual(listing.entries.map((e) => e.name), expected);
      assert.equal(listing.total, 9);
      const kinds = Object.fromEntries(listing.entries.map((e) => [e.name, e.kind]));
      assert.deepEqual([kinds["sub"], kinds["link"], kinds["a.txt"]], [
        "directory",
        "symlink",
        "file",
      ]);
      assert.equal(listFilesForTool(listing).text, expected.join("\n"));
    });
    await t.step("keep: only the first entries are kept, all are counted", async () => {
      const listing = await listForTool(dir, 3);
      assert.ok(!("error" in listing));
      assert.equal(listing.entries.length, 3);
      assert.equal(listing.total, 9);
    });
    await t.step("a missing directory: an error value", async () => {
      assert.deepEqual(await listForTool(`${dir}/nope`), {
        code: "not_found",
        error: `Cannot list "${dir}/nope": it does not exist`,
      });
    });
    await t.step("a file: an error value", async () => {
      assert.deepEqual(await listForTool(`${dir}/a.txt`), {
        code: "not_directory",
        error: `Cannot list "${dir}/a.txt": it is not a directory`,
      });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
