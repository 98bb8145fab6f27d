/**
 * read_file: the text Claude Code 2.1.332's Read tool gives an `@file` attachment, frozen from
 * the oracle (`../shared/oracle/`). "Oracle Read" cases were Read tool calls in perm mode (the
 * tool_result text); "oracle @" cases were `@file` renders (the "Result of calling the Read
 * tool:" block). The oracle's `{{PROJECT}}` is written `/proj` here.
 */

import assert from "node:assert/strict";
import {
  _decode,
  _normalise,
  cutNote,
  EMPTY_FILE_TEXT,
  estimateTokens,
  type FileKind,
  fileKindOf,
  formatFileSize,
  type NotText,
  readFileForTool,
  type ReadFileOptions,
  type ReadFileResult,
} from "../../lib/tools/read_file.ts";
import { readForTool } from "../../lib/fs/tool_files.ts";
import { withinCpu } from "../_cpu.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
const lines = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i)).join("\n") + "\n";

// Claude Code's notes, copied from the oracle's answers (not imported: the test pins them).
const NUL_NOTE = "\n\n[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 " +
  "without a byte-order mark, or text with embedded NULs. Edit and Write will refuse it: " +
  "change it with a shell command that keeps its encoding, or ask the user whether to " +
  "convert it to UTF-8.]";
const NOT_UTF8_NOTE = "\n\n[This file is not valid UTF-8: it uses a legacy encoding such as " +
  "Windows-1252, Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as " +
  "U+FFFD. Edit and Write will refuse it: change it with a shell command that keeps its " +
  "encoding, or ask the user whether to convert it to UTF-8.]";
const UTF16BE_NOTE = "\n\n[This file is UTF-16 big-endian (it starts FE FF), which these " +
  "tools cannot write. Edit and Write will refuse it: change it with a shell command that " +
  "keeps its encoding, or ask the user whether to convert it to UTF-8.]";
const NARROW = "Use offset and limit parameters to read specific portions of the file, or " +
  "search for specific content instead of reading the whole file.";
const binary = (ext: string) =>
  `This tool cannot read binary files. The file appears to be a binary ${ext} file. Use a ` +
  "skill for this file type if one is available, or a shell command or script that can read " +
  "the format.";

const PNG = "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154" +
  "789c6360000002000001e221bc330000000049454e44ae426082";
const PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 " +
  "R]/Count 1>>endobj 3 0 obj<</Type/Page/MediaBox[0 0 3 3]>>endobj\ntrailer<</Root 1 0 R>>\n" +
  "%%EOF\n";

/** Files shown whole: the exact text (and the encoding note's kind). */
const WHOLE: { name: string; path: string; bytes: Uint8Array; text: string; notText?: NotText }[] =
  [
    {
      name: "oracle R36: src/App.pm, a trailing newline gives a last empty '4\\t'",
      path: "/proj/src/App.pm",
      bytes: enc("package App;\nsub hello { return 'hi' }\n1;\n"),
      text: "1\tpackage App;\n2\tsub hello { return 'hi' }\n3\t1;\n4\t",
    },
    {
      name: "oracle R36: notes.txt",
      path: "/proj/notes.txt",
      bytes: enc("note line 1\nnote line 2\n"),
      text: "1\tnote line 1\n2\tnote line 2\n3\t",
    },
    {
      name: "oracle R37: a file under a path with spaces",
      path: "/proj/dir with space/f.txt",
      bytes: enc("spaced file\n"),
      text: "1\tspaced file\n2\t",
    },
    {
      name: "oracle Read x.zip/readme: a dotted directory does not make its file binary",
      path: "/proj/x.zip/readme",
      bytes: enc("inside\n"),
      text: "1\tinside\n2\t",
    },
    {
      name: "oracle Read Makefile: no extension is text",
      path: "/proj/Makefile",
      bytes: enc("all:\n"),
      text: "1\tall:\n2\t",
    },
    {
      name: "oracle Read nonl.txt: no trailing newline, no empty last line",
      path: "/proj/b/nonl.txt",
      bytes: enc("one\ntwo"),
      text: "1\tone\n2\ttwo",
    },
    {
      name: "oracle Read onenl.txt: a file of one newline is two empty lines",
      path: "/proj/b/onenl.txt",
      bytes: enc("\n"),
      text: "1\t\n2\t",
    },
    {
      name: "oracle Read crlf.txt: CRLF is a line break, the CR is not shown",
      path: "/proj/b/crlf.txt",
      bytes: enc("a\r\nb\r\n\r\nc"),
      text: "1\ta\n2\tb\n3\t\n4\tc",
    },
    {
      name: "oracle Read cr.txt: a lone CR is not a line break and stays in the line",
      path: "/proj/b/cr.txt",
      bytes: enc("a\rb\rc\n"),
      text: "1\ta\rb\rc\n2\t",
    },
    {
      name: "oracle Read bom.txt: the UTF-8 BOM is dropped",
      path: "/proj/b/bom.txt",
      bytes: enc("\uFEFFbom line\nsecond\n"),
      text: "1\tbom line\n2\tsecond\n3\t",
    },
    {
      name: "oracle Read tabs.txt: leading tabs and spaces kept verbatim after the tab",
      path: "/proj/b/tabs.txt",
      bytes: enc("\tindented\n  spaces \n"),
      text: "1\t\tindented\n2\t  spaces \n3\t",
    },
    {
      name: "oracle Read u8.txt: UTF-8 with accents, CJK and an emoji",
      path: "/proj/b/u8.txt",
      bytes: enc("h\u00E9llo w\u00F6rld \u65E5\u672C \uD83C\uDF89\n"),
      text: "1\th\u00E9llo w\u00F6rld \u65E5\u672C \uD83C\uDF89\n2\t",
    },
    {
      name: "oracle Read u16le.txt: FF FE means UTF-16LE, decoded, no note",
      path: "/proj/b/u16le.txt",
      bytes: hex("fffe680069000a00740068006500720065000a00"),
      text: "1\thi\n2\tthere\n3\t",
    },
    {
      name: "oracle Read pdfbytes.txt: PDF bytes in a .txt are text (kind by extension only)",
      path: "/proj/b/pdfbytes.txt",
      bytes: enc(PDF),
      text: "1\t%PDF-1.4\n2\t1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids" +
        "[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/MediaBox[0 0 3 3]>>endobj\n3\ttrailer<</Root" +
        " 1 0 R>>\n4\t%%EOF\n5\t",
    },
    {
      name: "oracle Read nul.txt: a NUL byte: shown, then the NUL note",
      path: "/proj/b/nul.txt",
      bytes: enc("a\u0000b\nc\n"),
      text: "1\ta\u0000b\n2\tc\n3\t" + NUL_NOTE,
      notText: "nul",
    },
    {
      name: "oracle Read gif.txt: GIF bytes in a .txt: the NUL note",
      path: "/proj/b/gif.txt",
      bytes: hex("474946383961" + "01000100"),
      text: "1\tGIF89a\u0001\u0000\u0001\u0000" + NUL_NOTE,
      notText: "nul",
    },
    {
      name: "oracle Read pngbytes.txt: PNG bytes in a .txt are text with U+FFFD and the NUL note",
      path: "/proj/b/pngbytes.txt",
      bytes: hex(PNG),
      text: "1\t\uFFFDPNG\n2\t\u001A\n3\t\u0000\u0000\u0000\rIHDR\u0000\u0000\u0000\u0001\u0000" +
        "\u0000\u0000\u0001\u0008\u0006\u0000\u0000\u0000\u001F\u0015\u0109\u0000\u0000\u0000\r" +
        "IDATx\uFFFDc`\u0000\u0000\u0002\u0000\u0000\u0001\uFFFD!\uFFFD3\u0000\u0000\u0000\u0000" +
        "IEND\uFFFDB`\uFFFD" + NUL_NOTE,
      notText: "nul",
    },
    {
      name: "oracle Read inv.txt: each invalid UTF-8 byte is one U+FFFD, then the not-UTF-8 note",
      path: "/proj/b/inv.txt",
      bytes: hex("6162fffe630a640a"),
      text: "1\tab\uFFFD\uFFFDc\n2\td\n3\t" + NOT_UTF8_NOTE,
      notText: "not_utf8",
    },
    {
      name: "oracle Read latin.txt: Latin-1 'caf\\xe9' is not UTF-8",
      path: "/proj/b/latin.txt",
      bytes: hex("636166e90a"),
      text: "1\tcaf\uFFFD\n2\t" + NOT_UTF8_NOTE,
      notText: "not_utf8",
    },
    {
      name: "oracle Read u16be.txt: FE FF is decoded as UTF-8, then the UTF-16BE note",
      path: "/proj/b/u16be.txt",
      bytes: hex("feff006800690" + "00a"),
      text: "1\t\uFFFD\uFFFD\u0000h\u0000i\u0000\n2\t" + UTF16BE_NOTE,
      notText: "utf16be",
    },
    {
      name: "oracle Read longline5k.txt: a 5000-character line is not cut (no line-length cap)",
      path: "/proj/longline5k.txt",
      bytes: enc("z".repeat(5000) + "\nshort\n"),
      text: "1\t" + "z".repeat(5000) + "\n2\tshort\n3\t",
    },
    {
      name: "spec: a NUL after the first 8000 bytes gives no note",
      path: "/proj/late-nul.txt",
      bytes: enc("a".repeat(8000) + "\u0000"),
      text: "1\t" + "a".repeat(8000) + "\u0000",
    },
    {
      name: "spec: two BOMs: only one is dropped",
      path: "/proj/bom2.txt",
      bytes: enc("\uFEFF\uFEFFx"),
      text: "1\t\uFEFFx",
    },
    {
      name: "spec: CR CR LF: the line keeps neither CR (Claude Code strips a trailing CR twice)",
      path: "/proj/crcrlf.txt",
      bytes: enc("a\r\r\nb\r"),
      text: "1\ta\n2\tb",
    },
  ];

Deno.test("read_file: files shown whole", async (t) => {
  for (const c of WHOLE) {
    await t.step(c.name, () => {
      const r = readFileForTool({ path: c.path, bytes: c.bytes });
      // The lines shown: those of the text before the note.
      const shown = c.text.split("\n\n[This file")[0]!.split("\n").length;
      const note = c.notText === undefined ? {} : { notText: c.notText };
      assert.deepEqual(r, { kind: "text", partial: false, text: c.text, lines: shown, ...note });
    });
  }
});

/** Files that are not attached, with the exact reason. */
const NOT_SHOWN: {
  name: string;
  path: string;
  bytes?: Uint8Array;
  size?: number;
  expected: ReadFileResult;
}[] = [
  {
    name: "oracle Read text.exe: a binary extension is refused, with Claude Code's text",
    path: "/proj/b/text.exe",
    bytes: enc("just text\n"),
    expected: { kind: "binary", reason: binary(".exe") },
  },
  {
    name: "oracle Read text.zip: .zip is binary whatever its content",
    path: "/proj/b/text.zip",
    bytes: enc("just text\n"),
    expected: { kind: "binary", reason: binary(".zip") },
  },
  {
    name: "oracle Read tool.bin: an ELF binary named .bin",
    path: "/proj/b/tool.bin",
    expected: { kind: "binary", reason: binary(".bin") },
  },
  {
    name: "oracle Read a.Z: .Z is binary, named in lower case",
    path: "/proj/a.Z",
    expected: { kind: "binary", reason: binary(".z") },
  },
  {
    name: "oracle Read a.bmp: .bmp is not an image Claude Code reads: binary",
    path: "/proj/a.bmp",
    expected: { kind: "binary", reason: binary(".bmp") },
  },
  {
    name: "oracle Read .bin: a dotfile named .bin is binary, with no extension in the text",
    path: "/proj/.bin",
    bytes: enc("just text\n"),
    expected: { kind: "binary", reason: binary("") },
  },
  {
    name: "oracle Read .png: a dotfile named .png is binary too, not an image",
    path: "/proj/.png",
    bytes: enc("just text\n"),
    expected: { kind: "binary", reason: binary("") },
  },
  {
    name: "oracle @ x.png: an image is attached as an image block by Claude Code; not as text",
    path: "/proj/b/x.png",
    bytes: hex(PNG),
    expected: {
      kind: "image",
      reason: 'Not attached: "/proj/b/x.png" is an image, and the result is text',
    },
  },
  {
    name: "oracle @ text.png: text in a .png is still an image kind (Claude Code fails to decode)",
    path: "/proj/b/text.png",
    bytes: enc("just text\n"),
    expected: {
      kind: "image",
      reason: 'Not attached: "/proj/b/text.png" is an image, and the result is text',
    },
  },
  {
    name: "oracle @ jpg.jpg: a .jpg",
    path: "/proj/b/jpg.jpg",
    expected: {
      kind: "image",
      reason: 'Not attached: "/proj/b/jpg.jpg" is an image, and the result is text',
    },
  },
  {
    name: "oracle @ doc.pdf: a PDF is attached as a document by Claude Code; not as text",
    path: "/proj/b/doc.pdf",
    bytes: enc(PDF),
    expected: {
      kind: "pdf",
      reason: 'Not attached: "/proj/b/doc.pdf" is a PDF, and the result is text',
    },
  },
  {
    name: "oracle @ text.pdf: text in a .pdf is still a PDF kind",
    path: "/proj/b/text.pdf",
    bytes: enc("just text\n"),
    expected: {
      kind: "pdf",
      reason: 'Not attached: "/proj/b/text.pdf" is a PDF, and the result is text',
    },
  },
  {
    name: "oracle Read lines30k.txt (318894 bytes): over 256KB, Claude Code's size text",
    path: "/proj/lines30k.txt",
    size: 318894,
    expected: {
      kind: "too_large",
      reason: `File content (311.4KB) exceeds maximum allowed size (256KB). ${NARROW}`,
    },
  },
  {
    name: "oracle Read bytes300k.txt (316890 bytes): 309.5KB; oracle @ big.txt: not attached",
    path: "/proj/big.txt",
    size: 316890,
    expected: {
      kind: "too_large",
      reason: `File content (309.5KB) exceeds maximum allowed size (256KB). ${NARROW}`,
    },
  },
  {
    name: "oracle @ tok.txt: 2500 lines over the token cap, its first 2000 too: not attached",
    path: "/proj/tok.txt",
    bytes: enc(lines(2500, (i) => `w${i} `.repeat(12))),
    expected: {
      kind: "too_large",
      reason: `File content (33170 tokens) exceeds maximum allowed tokens (25000). ${NARROW}`,
    },
  },
  {
    name: "oracle @ long.txt: one 100000-character line is over the token cap: not attached",
    path: "/proj/long.txt",
    bytes: enc("z".repeat(100000) + "\nshort\n"),
    expected: {
      kind: "too_large",
      reason: `File content (25002 tokens) exceeds maximum allowed tokens (25000). ${NARROW}`,
    },
  },
];

Deno.test("read_file: files not attached", async (t) => {
  for (const c of NOT_SHOWN) {
    await t.step(c.name, () => {
      const bytes = c.bytes ?? new Uint8Array(0);
      assert.deepEqual(readFileForTool({ path: c.path, bytes, size: c.size }), c.expected);
    });
  }
});

Deno.test("read_file: empty files", async (t) => {
  const cases = [
    { name: "oracle Read/@ empty.txt: Claude Code's warning", bytes: new Uint8Array(0) },
    { name: "spec: a BOM alone is empty", bytes: enc("\uFEFF") },
    { name: "spec: a lone CR is empty (a final CR is dropped)", bytes: enc("\r") },
    { name: "spec: a UTF-16LE BOM alone is empty", bytes: hex("fffe") },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      assert.deepEqual(readFileForTool({ path: "/proj/empty.txt", bytes: c.bytes }), {
        kind: "empty",
        text:
          "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>",
      });
    });
  }
  assert.equal(
    EMPTY_FILE_TEXT,
    "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>",
  );
});

Deno.test("read_file: long files", async (t) => {
  await t.step(
    "oracle Read/@ lines3k.txt: 3000 lines are all shown (no line cap), 42791 chars",
    () => {
      const r = readFileForTool({
        path: "/proj/big.txt",
        bytes: enc(lines(3000, (i) => `line ${i + 1}`)),
      });
      const expected =
        Array.from({ length: 3000 }, (_, i) => `${i + 1}\tline ${i + 1}`).join("\n") +
        "\n3001\t";
      assert.deepEqual(r, { kind: "text", partial: false, text: expected, lines: 3001 });
      assert.equal(expected.length, 42791);
    },
  );

  await t.step(
    "oracle @ src/mid.txt: 3000 lines over the token cap: the first 2000 (90892 chars) and the note",
    () => {
      const mid = lines(3000, (i) => `${String(i + 1).padStart(5, "0")} ${"m".repeat(34)}`);
      const r = readFileForTool({ path: "/proj/src/mid.txt", bytes: enc(mid) }, {
        toolName: "Read",
      });
      const text = Array.from(
        { length: 2000 },
        (_, i) => `${i + 1}\t${String(i + 1).padStart(5, "0")} ${"m".repeat(34)}`,
      ).join("\n");
      assert.equal(text.length, 90892);
      assert.deepEqual(r, {
        kind: "text",
        partial: true,
        text,
        lines: 2000,
        totalLines: 3001,
        note:
          "Note: The file /proj/src/mid.txt was too large and has been truncated to the first " +
          "2000 lines. No need to mention the truncation. Use Read to read more of the file if " +
          "you need.",
      });
    },
  );

  await t.step("spec: the cut note names raider's tool by default", () => {
    const r = readFileForTool({ path: "/p/a.txt", bytes: enc("aaaa\nbbbb\ncccc\n") }, {
      maxTokens: 2,
      linesWhenCut: 1,
    });
    assert.deepEqual(r, {
      kind: "text",
      partial: true,
      text: "1\taaaa",
      lines: 1,
      totalLines: 4,
      note: "Note: The file /p/a.txt was too large and has been truncated to the first 1 lines. " +
        "No need to mention the truncation. Use read_file to read more of the file if you need.",
    });
  });

  await t.step("spec: a cut file keeps its encoding note after the shown lines", () => {
    const r = readFileForTool({ path: "/p/a.txt", bytes: enc("a\u0000\nbbbb\ncccc\n") }, {
      maxTokens: 2,
      linesWhenCut: 1,
    });
    assert.equal(r.kind === "text" && r.partial ? r.text : "", "1\ta\u0000" + NUL_NOTE);
    assert.equal(r.kind === "text" ? r.notText : undefined, "nul");
  });
});

/** Limits at their edges, with small caps so each case is exact. */
const LIMITS: {
  name: string;
  bytes: Uint8Array;
  size?: number;
  options: ReadFileOptions;
  kind: string;
}[] = [
  {
    name: "size at the cap is read",
    bytes: enc("abcd"),
    options: { maxSizeBytes: 4 },
    kind: "text",
  },
  {
    name: "size one over the cap is not",
    bytes: enc("abcde"),
    options: { maxSizeBytes: 4 },
    kind: "too_large",
  },
  {
    name: "the stat size counts even when fewer bytes were read",
    bytes: new Uint8Array(0),
    size: 5,
    options: { maxSizeBytes: 4 },
    kind: "too_large",
  },
  {
    name: "tokens at the cap: whole",
    bytes: enc("abcdefgh"),
    options: { maxTokens: 2 },
    kind: "text",
  },
  {
    name: "a custom token counter is used",
    bytes: enc("ab\ncd\n"),
    options: { countTokens: () => 999, maxTokens: 10 },
    kind: "too_large",
  },
];

Deno.test("read_file: limits", async (t) => {
  for (const c of LIMITS) {
    await t.step(c.name, () => {
      const r = readFileForTool({ path: "/p/a.txt", bytes: c.bytes, size: c.size }, c.options);
      assert.equal(r.kind, c.kind);
      if (r.kind === "text") assert.equal(r.partial, false);
    });
  }
});

const KINDS: { name: string; path: string; kind: FileKind }[] = [
  { name: "oracle: .txt is text", path: "/p/a.txt", kind: "text" },
  { name: "oracle: .png is an image", path: "/p/x.png", kind: "image" },
  { name: "extension case does not matter", path: "/p/X.PNG", kind: "image" },
  { name: ".jpeg, .gif, .webp are images", path: "/p/a.webp", kind: "image" },
  {
    name: "oracle: .bmp is not an image Claude Code reads: binary",
    path: "/p/a.bmp",
    kind: "binary",
  },
  { name: "oracle: .pdf is a PDF", path: "/p/doc.pdf", kind: "pdf" },
  { name: "oracle: .exe is binary", path: "/p/a.exe", kind: "binary" },
  { name: ".sqlite3 is binary", path: "/p/db.sqlite3", kind: "binary" },
  { name: "oracle: .Z (compress) is binary", path: "/p/a.Z", kind: "binary" },
  { name: "oracle: no extension is text", path: "/p/Makefile", kind: "text" },
  {
    name: "oracle: a dotted directory does not make its file binary",
    path: "/p/x.zip/readme",
    kind: "text",
  },
  {
    name: "oracle: a dotfile named .bin is binary (Claude Code reads from the last dot)",
    path: "/p/.bin",
    kind: "binary",
  },
  {
    name: "oracle: a dotfile named .png is binary, not an image (extname is empty)",
    path: "/p/.png",
    kind: "binary",
  },
  { name: ".json is text", path: "/p/package.json", kind: "text" },
  {
    name: ".ipynb is text (Claude Code renders notebook cells instead; skald shows the JSON)",
    path: "/p/n.ipynb",
    kind: "text",
  },
];

Deno.test("read_file: kind by extension", async (t) => {
  for (const c of KINDS) await t.step(c.name, () => assert.equal(fileKindOf(c.path), c.kind));
});

Deno.test("read_file: helpers", async (t) => {
  const sizes: [number, string][] = [
    [176, "176 bytes"], // oracle doc.pdf: "PDF file read: … (176 bytes)"
    [262144, "256KB"], // oracle: "maximum allowed size (256KB)"
    [318894, "311.4KB"], // oracle lines30k.txt
    [316890, "309.5KB"], // oracle bytes300k.txt
    [1572864, "1.5MB"],
  ];
  for (const [bytes, text] of sizes) {
    await t.step(
      `formatFileSize(${bytes}) is ${text}`,
      () => assert.equal(formatFileSize(bytes), text),
    );
  }
  await t.step("estimateTokens: 4 characters a token, rounded", () => {
    assert.equal(estimateTokens(""), 0);
    assert.equal(estimateTokens("abcdef"), 2);
    assert.equal(estimateTokens("z".repeat(100007)), 25002);
  });
  await t.step("cutNote: Claude Code's wording", () => {
    assert.equal(
      cutNote("/p/a.txt", 2000, "Read"),
      "Note: The file /p/a.txt was too large and has been truncated to the first 2000 lines. No " +
        "need to mention the truncation. Use Read to read more of the file if you need.",
    );
  });
  await t.step("_decode: an odd last byte of UTF-16LE is dropped", () => {
    assert.deepEqual(_decode(hex("fffe6800690000")), { text: "\uFEFFhi" });
  });
  await t.step("_decode: FE FF wins over a NUL", () => {
    assert.equal(_decode(hex("feff0068")).notText, "utf16be");
  });
  await t.step("_normalise: only a final lone CR is dropped", () => {
    assert.equal(_normalise("\uFEFFa\rb\r\nc\r"), "a\rb\nc");
  });
});

// Blow-up guards in CPU time (`../_cpu.ts`).
Deno.test("read_file: adversarial inputs, without a blow-up", async (t) => {
  await t.step("256 KB of newlines", () => {
    const r = withinCpu(
      20,
      () => readFileForTool({ path: "/p/n.txt", bytes: new Uint8Array(262144).fill(10) }),
    );
    // 65536 tokens whole; the first 2000 empty lines fit.
    assert.deepEqual(
      r.kind === "text" && r.partial ? [r.lines, r.totalLines] : r.kind,
      [2000, 262145],
    );
  });
  await t.step("256 KB of one line with no newline", () => {
    const r = withinCpu(
      20,
      () => readFileForTool({ path: "/p/n.txt", bytes: new Uint8Array(262144).fill(97) }),
    );
    assert.equal(r.kind, "too_large");
  });
});

Deno.test("readForTool: the edge reads only what the format needs", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.txt`, "x\ny\n");
    await Deno.writeFile(`${dir}/big.txt`, new Uint8Array(262145).fill(97));
    await Deno.writeFile(`${dir}/x.png`, hex(PNG));
    await Deno.mkdir(`${dir}/sub`);

    await t.step("a text file: its bytes and size", async () => {
      assert.deepEqual(await readForTool(`${dir}/a.txt`), {
        path: `${dir}/a.txt`,
        bytes: enc("x\ny\n"),
        size: 4,
      });
    });
    await t.step("over the cap: only the size", async () => {
      assert.deepEqual(await readForTool(`${dir}/big.txt`), {
        path: `${dir}/big.txt`,
        bytes: new Uint8Array(0),
        size: 262145,
      });
    });
    await t.step("an image: only the size", async () => {
      assert.deepEqual(await readForTool(`${dir}/x.png`), {
        path: `${dir}/x.png`,
        bytes: new Uint8Array(0),
        size: 67,
      });
    });
    await t.step("a missing file: an error value", async () => {
      assert.deepEqual(await readForTool(`${dir}/nope.txt`), {
        code: "not_found",
        error: `Cannot read "${dir}/nope.txt": it does not exist`,
      });
    });
    await t.step("a directory: an error value", async () => {
      assert.deepEqual(await readForTool(`${dir}/sub`), {
        code: "is_directory",
        error: `Cannot read "${dir}/sub": it is a directory`,
      });
    });
    await t.step("a path through a file: an error value", async () => {
      assert.deepEqual(await readForTool(`${dir}/a.txt/x`), {
        code: "not_directory",
        error: `Cannot read "${dir}/a.txt/x": a part of it is not a directory`,
      });
    });
    await t.step("a FIFO is refused without being opened", async () => {
      const made = await new Deno.Command("mkfifo", { args: [`${dir}/fifo`] }).output()
        .catch(() => undefined);
      if (made?.success !== true) return;
      assert.deepEqual(await readForTool(`${dir}/fifo`), {
        code: "not_file",
        error: `Cannot read "${dir}/fifo": not a regular file (device, FIFO, or socket)`,
      });
    });
    await t.step("end to end: the edge's answer shaped", async () => {
      const file = await readForTool(`${dir}/a.txt`);
      assert.ok(!("error" in file));
      assert.equal((readFileForTool(file) as { text: string }).text, "1\tx\n2\ty\n3\t");
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
