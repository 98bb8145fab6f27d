/**
 * A fast reader for the frontmatter most skills have: flat `key: value` lines with plain
 * scalars. It gives exactly what the `yaml` package gives for such lines (YAML 1.2, core
 * schema: null, booleans, integers, floats, strings) and refuses anything else, which then
 * goes to the full parser. Written by hand because loading 10,000 skills through a full YAML
 * parser costs several times reading their files; `tests/skills/frontmatter_test.ts` holds it
 * against the `yaml` package.
 *
 * @module
 */

/** Characters a plain scalar may not start with. */
const INDICATORS = new Set([..."-?:,[]{}#&*!|>'\"%@`"]);
/** First characters a non-string plain scalar can have. */
const SPECIAL_START = new Set([..."0123456789+-.~nNtTfF"]);

/** The core schema's resolution of a plain scalar. */
function resolve(text: string): unknown {
  if (text !== "" && !SPECIAL_START.has(text[0]!)) return text;
  if (text === "" || text === "~" || /^(null|Null|NULL)$/.test(text)) return null;
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number(text);
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return parseInt(text.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(text)) return NaN;
  return text;
}

/** Characters YAML does not take in a plain scalar: matching control characters is the point. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\ufeff]/;

const isKeyStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isKeyChar = (c: number) => isKeyStart(c) || (c >= 48 && c <= 57) || c === 45;

/**
 * Reads flat `key: plain value` lines, or returns undefined when the text needs the full
 * YAML parser (nesting, quotes, lists, block scalars, anchors, tabs, comments after values,
 * duplicate keys, ...).
 *
 * @param text the frontmatter block, without its `---` lines
 * @returns the mapping, or undefined
 */
export function readSimpleYaml(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let at = 0;
  while (at <= text.length) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    if (!readLine(text, at, end, out)) return undefined;
    at = end + 1;
  }
  return out;
}

/** Reads one line into `out`; false when it is not a simple `key: value` line. */
function readLine(text: string, start: number, end: number, out: Record<string, unknown>): boolean {
  let i = start;
  if (i === end) return true;
  if (!isKeyStart(text.charCodeAt(i))) {
    return text.slice(start, end).trim() === "" && !/[\t\r]/.test(text.slice(start, end));
  }
  while (i < end && isKeyChar(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 58 /* : */) return false;
  const key = text.slice(start, i);
  if (Object.hasOwn(out, key) || key === "__proto__") return false;
  i++;
  if (i < end && text.charCodeAt(i) !== 32) return false;
  const value = text.slice(i, end).trim();
  if (value !== "" && !plain(value)) return false;
  if (CONTROL.test(value)) return false;
  out[key] = resolve(value);
  return true;
}

function plain(value: string): boolean {
  if (INDICATORS.has(value[0]!)) return false;
  return !(value.includes(": ") || value.includes(" #") || value.endsWith(":"));
}
