/**
 * A call's arguments in inline code, read lexically (for `_inline_code.ts`): split at the
 * call's top-level commas, each a string literal, a list of them, an option (`shell=True`,
 * `{ cwd: "x" }`) or anything else. Pure.
 *
 * @module
 */

import type { Lang, Tok } from "./_code_lexer.ts";

/** A call's argument, as far as it is literal. */
export type Arg = { kind: "str"; v: string } | { kind: "list"; items: string[] } | {
  kind: "option";
} | {
  kind: "other";
};

/** Splits the tokens between a call's brackets at its top-level commas. */
export function splitArgs(toks: Tok[]): Tok[][] {
  const args: Tok[][] = [[]];
  let depth = 0;
  for (const t of toks) {
    if (t.t === "op" && "([{".includes(t.v)) depth++;
    if (t.t === "op" && ")]}".includes(t.v)) depth--;
    if (depth === 0 && t.t === "op" && (t.v === "," || t.v === "=>")) args.push([]);
    else if (t.t !== "nl") args.at(-1)!.push(t);
  }
  return args.filter((a) => a.length > 0);
}

/** Reads one argument: a string literal, a list of them, an option (`name=...`), or other. */
export function readArg(toks: Tok[], lang: Lang): Arg {
  const [a, b] = toks;
  if (toks.length === 1 && a?.t === "str" && a.lit && !a.run) return { kind: "str", v: a.v };
  const open = a?.t === "op" && (a.v === "[" || (a.v === "(" && lang !== "js")) ? a.v : undefined;
  if (open !== undefined && toks.at(-1)?.v === (open === "[" ? "]" : ")")) {
    const items = splitArgs(toks.slice(1, -1)).map((x) => readArg(x, lang));
    if (items.every((x) => x.kind === "str")) {
      return { kind: "list", items: items.map((x) => (x as { v: string }).v) };
    }
    return { kind: "other" };
  }
  // `shell=True`, `cwd="x"` (Python); `{ cwd: "x" }` options (JavaScript): not the command.
  if ((a?.t === "id" && b?.t === "op" && (b.v === "=" || b.v === ":")) || (a?.v === "{")) {
    const inner = toks.map((t) => t.v).join(" ");
    if (/\b(args|cmd|executable|argv0|file)\b/.test(inner)) {
      const strs = toks.filter((t) => t.t === "str");
      if (
        toks.some((t) =>
          (t.t === "id" &&
            !/^(args|cmd|executable|argv0|file|true|false|True|False|None|null)$/.test(t.v)) ||
          (t.t === "str" && !t.lit)
        )
      ) {
        if (/\b(args|cmd|executable|argv0|file)\s*[:=]\s*[^\s"'[]/.test(inner)) {
          return { kind: "other" };
        }
      }
      return strs.length > 0 ? { kind: "list", items: strs.map((t) => t.v) } : { kind: "option" };
    }
    return { kind: "option" };
  }
  return { kind: "other" };
}
