/**
 * What the read_file tool returns for a file, shaped exactly like Claude Code's Read tool
 * output in an `@file` attachment (Claude Code 2.1.332, observed through the oracle in
 * `../shared/oracle/`). Pure: the caller hands in the bytes (`lib/fs/tool_files.ts` reads them).
 *
 * The rules, in the order they are applied:
 *
 * 1. **Kind by extension, never by content.** `.png .jpg .jpeg .gif .webp` are images, `.pdf`
 *    is a PDF, and a long list of binary extensions (`.exe .zip .bin .mp3 .sqlite …`) is
 *    binary. None of them is attached: Claude Code attaches images and PDFs as image and
 *    document blocks, the result here is text; it refuses binary extensions outright. PNG
 *    bytes in a `.txt` file are text (with the NUL note below).
 * 2. **Size cap.** A file over 256 KB (262144 bytes) is not attached at all.
 * 3. **Decoding.** A file starting `FF FE` is UTF-16LE; anything else is decoded as UTF-8,
 *    invalid bytes as U+FFFD. One leading BOM is dropped, CRLF becomes LF, a final lone CR is
 *    dropped; a lone CR inside a line stays.
 * 4. **Empty.** Nothing left: the text is Claude Code's empty-file warning.
 * 5. **Lines.** `N<TAB>line`, numbered from 1, joined by LF, no padding, **no cap on line
 *    length and no cap on the number of lines**; a trailing newline gives a last `N\t`.
 * 6. **Token cap.** More than 25000 tokens: only the first 2000 lines are shown and a note
 *    says so (`partial`); when even those are over the cap, nothing is attached. Claude Code
 *    asks the API to count; skald estimates 4 characters per token ({@link estimateTokens}),
 *    Claude Code's own rough estimate and what the oracle's mock API counts.
 * 7. **Encoding note.** A file that starts `FE FF` (UTF-16BE), has a NUL in its first 8000
 *    bytes, or is not valid UTF-8 is still shown, followed by a blank line and a bracketed
 *    note ({@link NOT_TEXT_NOTES}).
 *
 * @module
 */

import { posix } from "../path.ts";

/** Claude Code's file reading limits (`maxSizeBytes`, `maxTokens`, the cut to 2000 lines). */
export const READ_LIMITS = {
  /** A file larger than this is not attached (256 KB). */
  maxSizeBytes: 262144,
  /** More tokens than this and the file is cut to its first lines. */
  maxTokens: 25000,
  /** How many lines a file over the token cap is cut to. */
  linesWhenCut: 2000,
} as const;

/** Claude Code's text for a file with no content. */
export const EMPTY_FILE_TEXT =
  "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>";

/** Why a file that is shown is not plain UTF-8 text. */
export type NotText = "nul" | "not_utf8" | "utf16be";

/** Claude Code's notes after a file that is not plain UTF-8 text, verbatim. */
export const NOT_TEXT_NOTES: Readonly<Record<NotText, string>> = {
  nul: "[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a " +
    "byte-order mark, or text with embedded NULs. Edit and Write will refuse it: change it " +
    "with a shell command that keeps its encoding, or ask the user whether to convert it to " +
    "UTF-8.]",
  not_utf8: "[This file is not valid UTF-8: it uses a legacy encoding such as Windows-1252, " +
    "Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as U+FFFD. Edit and " +
    "Write will refuse it: change it with a shell command that keeps its encoding, or ask the " +
    "user whether to convert it to UTF-8.]",
  utf16be: "[This file is UTF-16 big-endian (it starts FE FF), which these tools cannot " +
    "write. Edit and Write will refuse it: change it with a shell command that keeps its " +
    "encoding, or ask the user whether to convert it to UTF-8.]",
};

/** How a path is treated, by its extension alone. */
export type FileKind = "text" | "image" | "pdf" | "binary";

/** A file as the edge read it. */
export interface FileContent {
  /** The absolute path: its extension decides the kind, the cut note names it. */
  path: string;
  /**
   * The whole file when it is of kind text and not over the size cap; otherwise it may be
   * empty (nothing of it is shown).
   */
  bytes: Uint8Array;
  /** The file's size in bytes; `bytes.length` when left out. */
  size?: number;
}

/** Limits and names; every field defaults to Claude Code's. */
export interface ReadFileOptions {
  /** A file larger than this is not attached: 262144 (256 KB). */
  maxSizeBytes?: number;
  /** More tokens than this and the file is cut: 25000. */
  maxTokens?: number;
  /** The lines a cut file keeps: 2000. */
  linesWhenCut?: number;
  /** The token count of a text; {@link estimateTokens} by default. */
  countTokens?: (text: string) => number;
  /** The tool the cut note tells the model to use: `read_file` (Claude Code says `Read`). */
  toolName?: string;
}

/** The whole file, numbered. */
export interface WholeText {
  /** Shown as text. */
  kind: "text";
  /** Shown whole: record it as read whole with its bytes. */
  partial: false;
  /** `1\tfirst line\n2\t…`, followed by the encoding note when there is one. */
  text: string;
  /** Lines shown (= lines in the file). */
  lines: number;
  /** Set when the file is not plain UTF-8 text (its note ends `text`). */
  notText?: NotText;
}

/** The first lines of a file over the token cap, numbered, and the note that says so. */
export interface PartialText {
  /** Shown as text. */
  kind: "text";
  /** Only its first lines: record it as read in part. */
  partial: true;
  /** The first lines numbered, followed by the encoding note when there is one. */
  text: string;
  /** Lines shown. */
  lines: number;
  /** Lines in the whole file. */
  totalLines: number;
  /** Claude Code's truncation note ({@link cutNote}), sent as a reminder of its own after the result. */
  note: string;
  /** Set when the file is not plain UTF-8 text (its note ends `text`). */
  notText?: NotText;
}

/** A file with no content (read whole). */
export interface EmptyText {
  /** No content. */
  kind: "empty";
  /** {@link EMPTY_FILE_TEXT} */
  text: string;
}

/** A file that is not attached, and why. */
export interface NotShown {
  /** Of a kind not shown as text, or over the size or token cap. */
  kind: "image" | "pdf" | "binary" | "too_large";
  /** Why, for tracing: Claude Code's own text for binary and too large files. */
  reason: string;
}

/** What the read_file tool returns for one file. */
export type ReadFileResult = WholeText | PartialText | EmptyText | NotShown;

const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp"]);

/** Claude Code's binary extensions (images and `.pdf` among them are caught first). */
const BINARY_EXTENSIONS = new Set(
  (".png .jpg .jpeg .gif .bmp .ico .webp .tiff .tif .heic .heif .avif .mp4 .mov .avi .mkv " +
    ".webm .wmv .flv .m4v .mpeg .mpg .mp3 .wav .ogg .flac .aac .m4a .wma .aiff .opus .zip " +
    ".tar .gz .bz2 .7z .rar .xz .z .tgz .iso .zst .lz4 .whl .exe .dll .so .dylib .bin .o .a " +
    ".obj .lib .app .msi .deb .rpm .dmg .apk .pdf .doc .docx .docm .dotx .dotm .xls .xlsx " +
    ".xlsm .xlsb .xltx .xltm .ppt .pptx .pptm .ppsx .ppsm .potx .potm .odt .ods .odp " +
    ".numbers .epub .ttf .otf .woff .woff2 .eot .pyc .pyo .class .jar .war .ear .node .wasm " +
    ".rlib .sqlite .sqlite3 .db .mdb .idx .parquet .feather .npy .npz .pickle .psd .ai .eps " +
    ".sketch .fig .xd .blend .3ds .max .swf .fla .lockb .dat .data").split(" "),
);

/**
 * How a path is treated, by its extension alone, as Claude Code decides (file contents are
 * never sniffed: a `.png` holding text is still an image, PNG bytes in a `.txt` are text).
 *
 * @param path the file's path
 * @returns `image`, `pdf`, `binary` or `text`
 */
export function fileKindOf(path: string): FileKind {
  const ext = posix.extname(path).toLowerCase().slice(1);
  if (IMAGE_EXTENSIONS.has(ext)) return "image";
  if (ext === "pdf") return "pdf";
  // Claude Code takes everything from the last dot of the whole path, so `/x/.bin` is binary.
  const dot = path.lastIndexOf(".");
  return dot >= 0 && BINARY_EXTENSIONS.has(path.slice(dot).toLowerCase()) ? "binary" : "text";
}

/**
 * Claude Code's rough token estimate: one token per 4 characters (UTF-16 code units), rounded.
 *
 * @param text the text
 * @returns the estimated token count
 */
export function estimateTokens(text: string): number {
  return Math.round(text.length / 4);
}

/**
 * Claude Code's file size format: `311.4KB`, `256KB`, `1.5MB`; under 1 KB, `N bytes`.
 *
 * @param bytes a size in bytes
 * @returns the size as Claude Code writes it
 */
export function formatFileSize(bytes: number): string {
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  if (value < 1) return `${bytes} bytes`;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace(/\.0$/, "")}${units[unit]}`;
}

/**
 * Claude Code's note after a file cut to its first lines.
 *
 * @param path the file's absolute path, as the attachment names it
 * @param lines how many lines are shown
 * @param toolName the tool that reads more
 * @returns the note
 */
export function cutNote(path: string, lines: number, toolName: string): string {
  return `Note: The file ${path} was too large and has been truncated to the first ${lines} ` +
    `lines. No need to mention the truncation. Use ${toolName} to read more of the file if ` +
    `you need.`;
}

/**
 * What the read_file tool returns for a file (see the module doc for the rules).
 *
 * @param file the path, the bytes and the size
 * @param options limits and the tool name, Claude Code's by default
 * @returns the numbered text (whole or cut), the empty-file text, or why it is not shown
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readFileForTool } from "./read_file.ts";
 *
 * const bytes = new TextEncoder().encode("x\r\ny\n");
 * assert.deepEqual(readFileForTool({ path: "/p/a.txt", bytes }), {
 *   kind: "text",
 *   partial: false,
 *   text: "1\tx\n2\ty\n3\t",
 *   lines: 3,
 * });
 * assert.equal(readFileForTool({ path: "/p/a.png", bytes }).kind, "image");
 * assert.equal(readFileForTool({ path: "/p/big.txt", bytes, size: 300_000 }).kind, "too_large");
 * ```
 */
export function readFileForTool(file: FileContent, options: ReadFileOptions = {}): ReadFileResult {
  const maxSizeBytes = options.maxSizeBytes ?? READ_LIMITS.maxSizeBytes;
  const maxTokens = options.maxTokens ?? READ_LIMITS.maxTokens;
  const linesWhenCut = options.linesWhenCut ?? READ_LIMITS.linesWhenCut;
  const countTokens = options.countTokens ?? estimateTokens;
  const toolName = options.toolName ?? "read_file";

  const kind = fileKindOf(file.path);
  switch (kind) {
    case "image":
      return { kind, reason: `Not attached: "${file.path}" is an image, and the result is text` };
    case "pdf":
      return { kind, reason: `Not attached: "${file.path}" is a PDF, and the result is text` };
    case "binary":
      return { kind, reason: binaryReason(file.path) };
    case "text":
      break;
    default: {
      const never: never = kind;
      throw new Error(`Unknown file kind ${never}`);
    }
  }

  const size = Math.max(file.size ?? file.bytes.length, file.bytes.length);
  if (size > maxSizeBytes) {
    return {
      kind: "too_large",
      reason: `File content (${formatFileSize(size)}) exceeds maximum allowed size ` +
        `(${formatFileSize(maxSizeBytes)}). ${NARROW_IT}`,
    };
  }

  const { text: decoded, notText } = _decode(file.bytes);
  const content = _normalise(decoded);
  if (content === "") return { kind: "empty", text: EMPTY_FILE_TEXT };

  const lines = content.split("\n");
  const note = notText === undefined ? "" : `\n\n${NOT_TEXT_NOTES[notText]}`;
  if (countTokens(content) <= maxTokens) {
    return withNotText({
      kind: "text",
      partial: false,
      text: number(lines) + note,
      lines: lines.length,
    }, notText);
  }
  const head = lines.slice(0, linesWhenCut);
  const headTokens = countTokens(head.join("\n"));
  if (headTokens > maxTokens) {
    return {
      kind: "too_large",
      reason: `File content (${headTokens} tokens) exceeds maximum allowed tokens ` +
        `(${maxTokens}). ${NARROW_IT}`,
    };
  }
  return withNotText({
    kind: "text",
    partial: true,
    text: number(head) + note,
    lines: head.length,
    totalLines: lines.length,
    note: cutNote(file.path, head.length, toolName),
  }, notText);
}

const NARROW_IT = "Use offset and limit parameters to read specific portions of the file, or " +
  "search for specific content instead of reading the whole file.";

/**
 * Claude Code's refusal of a binary extension, verbatim. It names `extname`'s extension, so
 * a dotfile `.bin` reads "a binary  file" (two spaces), as the oracle shows.
 */
function binaryReason(path: string): string {
  const ext = posix.extname(path).toLowerCase();
  return `This tool cannot read binary files. The file appears to be a binary ${ext} file. ` +
    "Use a skill for this file type if one is available, or a shell command or script that " +
    "can read the format.";
}

function withNotText<T extends WholeText | PartialText>(r: T, notText: NotText | undefined): T {
  return notText === undefined ? r : { ...r, notText };
}

/** `N\tline` for each line, numbered from 1; one trailing CR of a line is not shown. */
function number(lines: readonly string[]): string {
  return lines.map((l, i) => `${i + 1}\t${l.endsWith("\r") ? l.slice(0, -1) : l}`).join("\n");
}

/** How many leading bytes are searched for a NUL (Claude Code says "8 KB"; it is 8000). */
const NUL_WINDOW = 8000;

/**
 * The bytes as text, as Claude Code decodes them: UTF-16LE behind `FF FE`, else UTF-8 with
 * U+FFFD for invalid bytes; a BOM is kept (see {@link _normalise}). Exported for tests.
 *
 * @param bytes the file
 * @returns the text, and why it is not plain UTF-8 text
 */
export function _decode(bytes: Uint8Array): { text: string; notText?: NotText } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    // Node drops an odd last byte where a decoder would give U+FFFD.
    const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
    return { text: new TextDecoder("utf-16le", { ignoreBOM: true }).decode(even) };
  }
  let text: string;
  let notText: NotText | undefined;
  try {
    text = STRICT.decode(bytes);
  } catch {
    text = LENIENT.decode(bytes);
    notText = "not_utf8";
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) notText = "utf16be";
  else if (bytes.subarray(0, NUL_WINDOW).includes(0)) notText = "nul";
  return notText === undefined ? { text } : { text, notText };
}

const STRICT = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const LENIENT = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The decoded text as Claude Code reads it: one leading BOM dropped, CRLF as LF, a final lone
 * CR dropped. Exported for tests.
 *
 * @param text the decoded file
 * @returns the content whose lines are numbered
 */
export function _normalise(text: string): string {
  let content = text.startsWith("\uFEFF") ? text.slice(1) : text;
  content = content.replaceAll("\r\n", "\n");
  return content.endsWith("\r") ? content.slice(0, -1) : content;
}
