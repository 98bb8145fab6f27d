/**
 * The files a patch names, as GNU patch 2.7 may take them from its text: the names of its
 * `---`, `+++` and `***` lines (unified and context diffs), `Index:` lines, git's
 * `diff --git a/x b/y` and its `rename from`/`rename to`/`copy from`/`copy to` lines. Every line
 * is looked at, indented or not (patch skips spaces, tabs and `X`s before a header), hunk lines
 * included: a name read from a hunk's text is one more file said to be written, never one
 * missed. Each name in every form patch may cut it to (at its first tab or its end, at a space; a
 * C-quoted name unquoted). A patch whose files this does not see is unknown: hunks with no name
 * (patch asks, or takes an `Index:`), an ed script (`-e`), a git diff that makes a symbolic link
 * (a later file may be written through it). Pure.
 *
 * @module
 */

/** A file a patch names, as written. */
export interface PatchName {
  /** The name as written in the patch (`a/src/x.py`, `/dev/null` left out). */
  name: string;
  /** Named by git's `rename`/`copy` lines, without the `a/` or `b/` of its other lines. */
  bare: boolean;
}

/** The files a patch names, or why they are not known. */
export type PatchFiles =
  | { kind: "names"; names: PatchName[] }
  | { kind: "unknown"; why: string };

/** The most names read from one patch. */
const MAX_NAMES = 10_000;

/**
 * The files a patch's text names.
 *
 * @param text the patch
 * @returns the names, or why they are not known
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patchFiles } from "./patch_files.ts";
 *
 * const p = "--- a/src/x.py\t2024-01-01\n+++ b/src/x.py\n@@ -1 +1 @@\n-a\n+b\n";
 * const f = patchFiles(p);
 * assert.equal(f.kind, "names");
 * if (f.kind === "names") {
 *   assert.deepEqual([...new Set(f.names.map((n) => n.name))], ["a/src/x.py", "b/src/x.py"]);
 * }
 * assert.equal(patchFiles("5c5\n< a\n---\n> b\n").kind, "unknown");
 * ```
 */
export function patchFiles(text: string): PatchFiles {
  const names: PatchName[] = [];
  let hunks = false;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "").replace(/^[ \tX]*/, "");
    let m: RegExpExecArray | null;
    if ((m = /^(?:---|\+\+\+|\*\*\*)[ \t]+(.*)$/.exec(line)) !== null) {
      for (const n of nameForms(m[1]!)) names.push({ name: n, bare: false });
    } else if ((m = /^Index:[ \t]*(.*)$/.exec(line)) !== null) {
      for (const n of nameForms(m[1]!)) names.push({ name: n, bare: false });
    } else if ((m = /^diff --git (.*)$/.exec(line)) !== null) {
      for (const n of gitNames(m[1]!)) names.push({ name: n, bare: false });
    } else if ((m = /^(?:rename|copy) (?:from|to) (.*)$/.exec(line)) !== null) {
      for (const n of nameForms(m[1]!)) names.push({ name: n, bare: true });
    } else if (/^(?:new file|deleted file|old|new) mode 12\d{4}\s*$/.test(line)) {
      return { kind: "unknown", why: "it makes a symbolic link" };
    } else if (/^\d+(?:,\d+)?[acdi]\s*$/.test(line)) {
      return { kind: "unknown", why: "it holds an ed script" };
    } else if (/^@@ -\d|^\*{15}|^\d+(?:,\d+)?[acd]\d+(?:,\d+)?\s*$/.test(line)) {
      hunks = true;
    }
    if (names.length > MAX_NAMES) return { kind: "unknown", why: "it names too many files" };
  }
  const named = names.filter((n) => n.name !== "" && n.name !== "/dev/null");
  if (hunks && named.length === 0) {
    return { kind: "unknown", why: "its hunks name no file" };
  }
  return { kind: "names", names: named };
}

/**
 * The forms a header's name may take: a C-quoted name unquoted, the line cut at its first tab
 * (the whole line without one: patch reads a name with spaces when a tab or the line's end ends
 * it) and at its first space.
 */
function nameForms(rest: string): string[] {
  const out = new Set<string>();
  const quoted = rest.startsWith('"') ? unquote(rest) : undefined;
  if (quoted !== undefined) out.add(quoted.name);
  out.add(rest.split("\t")[0]!.trimEnd());
  out.add(rest.split(/[ \t]/)[0]!);
  return [...out];
}

/**
 * The two names of `diff --git A B`: quoted names unquoted; else split where ` b/` starts the
 * second (each such place), or at each space when none does.
 */
function gitNames(rest: string): string[] {
  const out = new Set<string>();
  if (rest.startsWith('"')) {
    const first = unquote(rest);
    if (first !== undefined) {
      out.add(first.name);
      for (const n of nameForms(rest.slice(first.length).trimStart())) out.add(n);
    }
  }
  const spaces = [...rest.matchAll(/ /g)].map((m) => m.index!);
  const at = spaces.filter((i) => rest.startsWith(" b/", i) || rest.startsWith(' "b/', i));
  for (const i of (at.length > 0 ? at : spaces).slice(0, 64)) {
    out.add(rest.slice(0, i));
    for (const n of nameForms(rest.slice(i + 1))) out.add(n);
  }
  return [...out];
}

/** A C-quoted name at the start (`"a/\303\244 x"`), and how many characters it took. */
function unquote(s: string): { name: string; length: number } | undefined {
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') {
      try {
        const name = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
        return { name, length: i + 1 };
      } catch {
        return undefined;
      }
    }
    if (c !== "\\") {
      bytes.push(...new TextEncoder().encode(c));
      continue;
    }
    const next = s[++i];
    if (next === undefined) return undefined;
    const octal = /^[0-7]{1,3}/.exec(s.slice(i));
    if (octal !== null) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else bytes.push(escapes[next] ?? next.charCodeAt(0));
  }
  return undefined;
}
