/**
 * The documentation as the docs tests read it: the README and every page of `docs/`, their
 * links, headings (as GitHub slugs them) and fenced code blocks.
 *
 * @module
 */

import { REPO } from "../cli/_run.ts";

/** The README and the docs pages, as paths relative to the repository. */
export function documents(): string[] {
  const pages = [...Deno.readDirSync(`${REPO}/docs`)]
    .filter((e) => e.isFile && e.name.endsWith(".md"))
    .map((e) => `docs/${e.name}`)
    .sort();
  return ["README.md", ...pages];
}

/** A fenced code block: its info string, its text, and the line it opens on (1-based). */
export interface Fence {
  info: string;
  text: string;
  line: number;
}

/** The text outside fenced code blocks, line by line (a fence's lines are empty), and the fences. */
export function splitFences(markdown: string): { prose: string[]; fences: Fence[] } {
  const prose: string[] = [];
  const fences: Fence[] = [];
  let open:
    | { indent: number; marker: string; info: string; line: number; lines: string[] }
    | undefined;
  markdown.split("\n").forEach((raw, i) => {
    const m = /^( *)(`{3,}|~{3,})(.*)$/.exec(raw);
    if (open === undefined) {
      if (m) {
        open = { indent: m[1]!.length, marker: m[2]!, info: m[3]!.trim(), line: i + 1, lines: [] };
        prose.push("");
      } else {
        prose.push(raw);
      }
      return;
    }
    prose.push("");
    if (m && m[2]!.startsWith(open.marker) && m[3]!.trim() === "") {
      fences.push({ info: open.info, text: open.lines.join("\n"), line: open.line });
      open = undefined;
    } else {
      // A fence inside a list item is indented as the item is: so are its lines.
      const indent = /^ */.exec(raw)![0].length;
      open.lines.push(raw.slice(Math.min(indent, open.indent)));
    }
  });
  return { prose, fences };
}

/** A line without its inline code spans (`` `a [b](c)` `` links nowhere). */
const withoutCode = (line: string) => line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, "");

/** A Markdown link: its target as written and the line it is on. */
export interface Link {
  target: string;
  line: number;
}

/** Every inline link (`[text](target)`) of the prose. */
export function links(markdown: string): Link[] {
  const { prose } = splitFences(markdown);
  const found: Link[] = [];
  // A paragraph may wrap a link's text over two lines: read paragraph by paragraph.
  let start = 0;
  const flush = (end: number) => {
    const text = prose.slice(start, end).map(withoutCode).join("\n");
    for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const before = text.slice(0, m.index);
      found.push({ target: m[1]!, line: start + before.split("\n").length });
    }
  };
  prose.forEach((l, i) => {
    if (l.trim() === "") {
      flush(i);
      start = i + 1;
    }
  });
  flush(prose.length);
  return found;
}

/**
 * A heading's anchor as GitHub makes it: the text as rendered (links by their text, code by its
 * content, emphasis marks gone), lower-cased, every character but letters, digits, `_`, `-` and
 * spaces taken out, spaces made `-`.
 */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*`]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a document's headings, a repeated one numbered (`-1`, `-2`) as GitHub does. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const l of splitFences(markdown).prose) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}
