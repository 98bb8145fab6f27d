/**
 * A fast reader for the frontmatter most skills have: flat `key: value` lines with plain
 * scalars. It gives exactly what the `yaml` package gives for such lines (YAML 1.2, core
 * schema: null, booleans, integers, floats, strings) and refuses anything else, which then
 * goes to the full parser. Written by hand because loading 10,000 skills through a full YAML
 * parser costs several times reading their files; `tests/skills/simple_yaml_test.ts` holds it
 * against the `yaml` package.
 *
 * @module
 */

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
/** Characters a plain scalar may not start with. */
const INDICATORS = new Set([..."-?:,[]{}#&*!|>'\"%@`"]);

/** The core schema's resolution of a plain scalar. */
function resolve(text: string): unknown {
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
  const seen = new Set<string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.includes("\t") || line.includes("\r")) return undefined;
    const m = KEY.exec(line);
    if (m === null) return undefined;
    const key = m[1]!;
    if (seen.has(key) || key === "__proto__") return undefined;
    seen.add(key);
    const value = (m[2] ?? "").trim();
    if (value !== "" && !plain(value)) return undefined;
    out[key] = resolve(value);
  }
  return out;
}

function plain(value: string): boolean {
  if (INDICATORS.has(value[0]!)) return false;
  if (value.includes(": ") || value.includes(" #") || value.endsWith(":")) return false;
  for (const c of value) {
    const code = c.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code === 0xfeff) return false;
  }
  return true;
}
