/**
 * Frontmatter: a leading `---` block read as YAML (`npm:yaml`); what YAML rejects but Claude
 * Code reads goes through a lenient line reader (`key: value` lines; `true` / `false` are
 * booleans for `disable-model-invocation` and `user-invocable`). Only when neither finds a key,
 * or the YAML is not a mapping, the frontmatter is empty and a problem is recorded. The body
 * is the text after the block with leading blank lines taken off. CRLF and a BOM are read as
 * LF and nothing. Pure: the YAML parser is passed in.
 *
 * @module
 */

import { readSimpleYaml } from "./simple_yaml.ts";

/** A YAML parser: returns the document, throws on a syntax error. */
export type YamlParse = (text: string) => unknown;

/** A file split into its frontmatter and body. */
export interface Frontmatter {
  /** Every key of the frontmatter (empty without one, or when it could not be read). */
  data: Record<string, unknown>;
  /** The text after the block, leading blank lines taken off. */
  body: string;
  /** Why the frontmatter was read as empty, when it was broken. */
  problem?: string;
  /** Where in the file the problem is (line and column, 1-based, the file's first line 1). */
  problemAt?: { line: number; column: number };
  /** The block has no closing line: more of the file may close it. */
  open?: true;
}

/** The booleans the lenient reader turns `true` / `false` into. */
const LENIENT_BOOLEANS = new Set(["disable-model-invocation", "user-invocable"]);

/** Normalises line ends and takes off a byte-order mark. */
function normalizeText(text: string): string {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return t.includes("\r") ? t.replace(/\r\n?/g, "\n") : t;
}

/**
 * The body of a file, after its frontmatter, as {@link parseFrontmatter} gives it, without
 * reading the frontmatter (a body is read when it is rendered; its keys were read before).
 *
 * @param text the file's text
 * @returns the body
 */
export function frontmatterBody(text: string): string {
  return splitFrontmatter(normalizeText(text)).body;
}

/**
 * Finds the frontmatter block of a text.
 *
 * @param text the file's text, normalised
 * @returns the block (undefined without one), the body, and whether a block was left open
 */
export function splitFrontmatter(text: string): { block?: string; body: string; open?: true } {
  if (!text.startsWith("---")) return { body: stripLeadingBlank(text) };
  const first = text.indexOf("\n");
  const opener = first === -1 ? text : text.slice(0, first);
  if (opener.trimEnd() !== "---") return { body: stripLeadingBlank(text) };
  if (first === -1) return { body: text, open: true };
  // The closing line: "---" alone (trailing blanks allowed), after a newline.
  let at = first;
  for (;;) {
    const i = text.indexOf("\n---", at);
    if (i === -1) return { body: stripLeadingBlank(text), open: true };
    const lineEnd = text.indexOf("\n", i + 1);
    const line = text.slice(i + 1, lineEnd === -1 ? text.length : lineEnd);
    if (line.trimEnd() === "---") {
      return { block: text.slice(first + 1, i), body: stripLeadingBlank(afterLine(text, i + 1)) };
    }
    at = i + 1;
  }
}

/** The text after the line that starts at `start`. */
function afterLine(text: string, start: number): string {
  const end = text.indexOf("\n", start);
  return end === -1 ? "" : text.slice(end + 1);
}

function stripLeadingBlank(text: string): string {
  const c = text.charCodeAt(0);
  return c === 10 || c === 32 || c === 9 ? text.replace(/^([ \t]*\n)+/, "") : text;
}

/**
 * Reads the frontmatter of a file's text: flat `key: value` lines directly, anything else
 * through the YAML parser, and what YAML rejects through a lenient line reader.
 *
 * @param text the file's text
 * @param yaml the YAML parser
 * @returns the frontmatter's keys, the body and a problem when it was broken
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "npm:yaml@2.9.1";
 * import { parseFrontmatter } from "./frontmatter.ts";
 *
 * const text = "---\r\ndescription: Review\r\ntags: [a, b]\r\n---\r\n\r\nBody\r\n";
 * assert.deepEqual(parseFrontmatter(text, parse), {
 *   data: { description: "Review", tags: ["a", "b"] },
 *   body: "Body\n",
 * });
 * const open = parseFrontmatter("---\ndescription: x\n", parse);
 * assert.equal(open.problem, 'The frontmatter has no closing "---" line');
 * ```
 */
export function parseFrontmatter(text: string, yaml: YamlParse): Frontmatter {
  const { block, body, open } = splitFrontmatter(normalizeText(text));
  if (open) {
    return {
      data: {},
      body,
      problem: 'The frontmatter has no closing "---" line',
      problemAt: { line: 1, column: 1 },
      open,
    };
  }
  if (block === undefined || block.trim() === "") return { data: {}, body };
  const simple = readSimpleYaml(block);
  if (simple !== undefined) return { data: simple, body };
  let doc: unknown;
  try {
    doc = yaml(block);
  } catch (e) {
    const lenient = readLenient(block);
    if (Object.keys(lenient).length > 0) return { data: lenient, body };
    // The place goes with the problem (the block starts on the file's second line, after the
    // opening "---"), not in its text: the parser counts lines from the block's start.
    const at = (e as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    const reason = (e as Error).message.split("\n")[0]!.replace(/:\s*$/, "")
      .replace(at === undefined ? /$^/ : / at line \d+, column \d+$/, "");
    return {
      data: {},
      body,
      problem: `Cannot read the frontmatter: ${reason}`,
      problemAt: { line: (at?.line ?? 1) + 1, column: at?.col ?? 1 },
    };
  }
  if (doc === null || doc === undefined) return { data: {}, body };
  if (typeof doc !== "object" || Array.isArray(doc)) {
    return {
      data: {},
      body,
      problem: "The frontmatter is not a mapping of keys to values",
      problemAt: { line: 2, column: 1 },
    };
  }
  return { data: { ...doc as Record<string, unknown> }, body };
}

/**
 * The lenient line reader: every `key: value` line, the value as text (outer quotes taken
 * off), `true` / `false` as booleans for the two invocation keys.
 *
 * @param block the frontmatter block
 * @returns the keys found
 */
function readLenient(block: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const line of block.split("\n")) {
    const m = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    if (m === null || m[1] === "__proto__") continue;
    let value: unknown = m[2]!.trim().replace(/^(["'])(.*)\1$/, "$2");
    if (LENIENT_BOOLEANS.has(m[1]!) && /^(true|false)$/i.test(value as string)) {
      value = (value as string).toLowerCase() === "true";
    }
    out[m[1]!] = value;
  }
  return out;
}
