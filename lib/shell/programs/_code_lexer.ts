/**
 * A lexer for the inline code of interpreters (Python, JavaScript, Perl, Ruby, PHP, Lua,
 * AppleScript): strings, with whether they are literal (no interpolation: f-strings, template
 * `${}`, Perl's and PHP's `"$x"`, Ruby's `"#{}"`), strings that run a command (backticks,
 * Perl's `qx`, Ruby's `%x`), comments, regular expressions, names and operators. It does not
 * parse the language: `_inline_code.ts` reads calls off the tokens.
 *
 * @module
 */

/** The languages the lexer knows. */
export type Lang = "py" | "js" | "pl" | "rb" | "php" | "lua" | "applescript";

/** One token. */
export type Tok =
  /** A string: its text, whether it is literal, whether running it is what it does. */
  | { t: "str"; v: string; lit: boolean; run?: true }
  /** A name (`os`, `system`, `$f` gives `$` then `f`). */
  | { t: "id"; v: string }
  /** A Ruby symbol (`:system`). */
  | { t: "sym"; v: string }
  /** An operator or bracket (`(`, `.`, `::`, `->`, `,`). */
  | { t: "op"; v: string }
  /** A number or a regular expression: an operand that is neither a string nor a name. */
  | { t: "val"; v: string }
  /** A newline (ends a statement where the language lets it). */
  | { t: "nl"; v: "\n" };

const PAIRS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/** Tokens after which `/` divides (elsewhere it starts a regular expression). */
function operandEnd(t: Tok | undefined): boolean {
  if (t === undefined) return false;
  if (t.t === "str" || t.t === "val" || t.t === "sym") return true;
  if (t.t === "id") {
    return !/^(return|typeof|case|in|of|split|grep|and|or|not|if|unless|when)$/.test(t.v);
  }
  return t.t === "op" && (t.v === ")" || t.v === "]" || t.v === "}");
}

/** Text up to an unescaped closing delimiter (nesting bracket pairs), or undefined. */
function delimited(
  src: string,
  i: number,
  open: string,
): { text: string; end: number } | undefined {
  const close = PAIRS[open] ?? open;
  let depth = 1;
  let text = "";
  for (let k = i; k < src.length; k++) {
    const c = src[k]!;
    if (c === "\\" && k + 1 < src.length) {
      text += c + src[k + 1];
      k++;
      continue;
    }
    if (c === close && --depth === 0) return { text, end: k + 1 };
    if (c === open && close !== open) depth++;
    text += c;
  }
  return undefined;
}

/**
 * The escapes a double-quoted string resolves, as the languages resolve them: `\n`-style
 * letters, `\xHH`, `\x{H...}`, `\uHHHH`, `\u{H...}`, `\UHHHHHHHH` and octal `\NNN` (the red
 * team's: `os.system("\x72m x")` ran rm, `open("secrets\x2fkey")` read the key).
 */
const unescape = (s: string) =>
  s.replace(
    /\\(x\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{1,2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.)/gs,
    (_, e: string) => {
      const hex = /^[xuU]\{?([0-9a-fA-F]+)\}?$/.exec(e);
      if (hex !== null) return codePoint(parseInt(hex[1]!, 16)) ?? e;
      if (/^[0-7]+$/.test(e)) return codePoint(parseInt(e, 8)) ?? e;
      return ({ n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v" } as Record<
        string,
        string
      >)[e] ?? e;
    },
  );

/** A code point as text, or undefined past Unicode's range. */
const codePoint = (n: number) => n <= 0x10ffff ? String.fromCodePoint(n) : undefined;

/** An escape that names a character the lexer cannot resolve (`\N{FULL STOP}`, perl `\cX`). */
const UNRESOLVED = /\\(N\{|c.)/;

/** Perl, PHP: does a double-quoted text interpolate (`$x`, `@x`, `${...}`)? */
const interpolates = (s: string) => /(^|[^\\])[$@][\w{:]/.test(s);

/**
 * A name as the languages write them: letters of any script (`os.ｓｙｓｔｅｍ`), digits, `_`, `$`,
 * and JavaScript's escapes (`\u0065xec`). Made on first use: a pattern of Unicode classes costs
 * about half a millisecond to make, which every hook call would pay when the bundle loads.
 */
let identifierRegExp: RegExp | undefined;
const identifierPattern = () =>
  identifierRegExp ??=
    /^(?:[\p{L}\p{Nl}_$]|\\u(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]+\}))(?:[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]|\\u(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]+\}))*/u;

/**
 * A name as the language reads it: Python normalises it to NFKC (PEP 3131: `os.ｓｙｓｔｅｍ` is
 * `os.system`), JavaScript resolves its escapes (`child_process.\u0065xec` is `exec`).
 */
function identifier(word: string, lang: Lang): string {
  if (lang === "py") return word.normalize("NFKC");
  if (lang !== "js" || !word.includes("\\")) return word;
  return word.replace(
    /\\u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]+)\})/g,
    (_, a: string | undefined, b: string | undefined) =>
      String.fromCodePoint(Math.min(parseInt(a ?? b!, 16), 0x10ffff)),
  );
}

/**
 * The tokens of a code text, or undefined when a string, comment or bracket is left open.
 *
 * @param src the code
 * @param lang its language
 * @returns the tokens
 */
export function lex(src: string, lang: Lang): Tok[] | undefined {
  const out: Tok[] = [];
  let i = 0;
  let n = src.length;
  const hashComment = lang === "py" || lang === "pl" || lang === "rb" || lang === "php" ||
    lang === "applescript";
  while (i < n) {
    const c = src[i]!;
    const rest = src.slice(i, i + 4);
    if (c === "\n") {
      out.push({ t: "nl", v: "\n" });
      i++;
      continue;
    }
    if (/\s/.test(c) || (c === "\\" && src[i + 1] === "\n")) {
      i += c === "\\" ? 2 : 1;
      continue;
    }
    // Comments.
    if (
      (c === "#" && hashComment && !(lang === "rb" && src[i + 1] === "{")) ||
      ((lang === "js" || lang === "php") && rest.startsWith("//")) ||
      ((lang === "lua" || lang === "applescript") && rest.startsWith("--") &&
        !/^--\[=*\[/.test(src.slice(i)))
    ) {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if ((lang === "js" || lang === "php") && rest.startsWith("/*")) {
      const end = src.indexOf("*/", i + 2);
      if (end === -1) return undefined;
      i = end + 2;
      continue;
    }
    if (lang === "applescript" && rest.startsWith("(*")) {
      const end = src.indexOf("*)", i + 2);
      if (end === -1) return undefined;
      i = end + 2;
      continue;
    }
    if (lang === "lua" && /^(--)?\[=*\[/.test(src.slice(i))) {
      const m = /^(--)?\[(=*)\[/.exec(src.slice(i))!;
      const close = `]${m[2]}]`;
      const end = src.indexOf(close, i + m[0].length);
      if (end === -1) return undefined;
      if (m[1] === undefined) out.push({ t: "str", v: src.slice(i + m[0].length, end), lit: true });
      i = end + close.length;
      continue;
    }
    // Python's string prefixes (r, b, u, f, rb, fr, ...) and triple quotes.
    if (lang === "py") {
      const m = /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(src.slice(i));
      if (m !== null && (m[1] === "" || /^[rRbBuUfF]+$/.test(m[1]!))) {
        const q = m[2]!;
        const start = i + m[0].length;
        let k = start;
        const raw = /[rR]/.test(m[1]!);
        while (k < n && !src.startsWith(q, k)) k += src[k] === "\\" && !raw ? 2 : 1;
        if (k >= n) return undefined;
        const text = src.slice(start, k);
        const f = /[fF]/.test(m[1]!) && /\{(?!\{)/.test(text);
        const unresolved = !raw && UNRESOLVED.test(text);
        out.push({ t: "str", v: raw ? text : unescape(text), lit: !f && !unresolved });
        i = k + q.length;
        continue;
      }
    }
    // Perl's and Ruby's quote-like operators: q qq qw qx m s tr y; %q %Q %w %x %r %i.
    const quoteLike = lang === "pl"
      ? /^(qq|qw|qx|qr|q|m|s|tr|y)(?![\w])\s*([^\w\s])/.exec(src.slice(i))
      : lang === "rb"
      ? /^%([qQwWiIxrs]?)([^\w\s])/.exec(src.slice(i))
      : null;
    if (
      quoteLike !== null && !(lang === "pl" && out.at(-1)?.v === "->") &&
      !(lang === "pl" && /^[=,;)]$/.test(quoteLike[2]!) && quoteLike[1] !== "q")
    ) {
      const op = quoteLike[1]!;
      const open = quoteLike[2]!;
      let at = i + quoteLike[0].length;
      const first = delimited(src, at, open);
      if (first === undefined) return undefined;
      at = first.end;
      let text = first.text;
      const twoPart = op === "s" || op === "tr" || op === "y";
      if (twoPart && lang === "pl") {
        if (PAIRS[open]) { while (/\s/.test(src[at] ?? "")) at++; }
        const second = delimited(src, PAIRS[open] ? at + 1 : at, PAIRS[open] ? src[at]! : open);
        if (second === undefined) return undefined;
        at = second.end;
        text = second.text;
      }
      const flags = /^[a-z]*/.exec(src.slice(at))![0];
      at += flags.length;
      if (op === "s" && flags.includes("e")) {
        // `s/x/CODE/e` evaluates CODE: as code, a string that runs (read again).
        out.push({ t: "str", v: text, lit: !flags.includes("ee"), run: true }, {
          t: "op",
          v: "eval-code",
        });
      } else if (op === "m" || op === "qr" || op === "r" || twoPart) {
        out.push({ t: "val", v: text });
      } else {
        const interp = lang === "pl"
          ? op !== "q" && op !== "qw" && interpolates(text)
          : /^[QWIx]?$/.test(op) && text.includes("#{");
        const tok: Tok = { t: "str", v: text, lit: !interp };
        if (op === "x" || op === "qx") tok.run = true;
        if (op === "qw" || op === "w" || op === "W" || op === "i" || op === "I") {
          out.push({ t: "op", v: "[" });
          text.split(/\s+/).filter((s) => s !== "").forEach((s, k) => {
            if (k > 0) out.push({ t: "op", v: "," });
            out.push({ t: "str", v: s, lit: true });
          });
          out.push({ t: "op", v: "]" });
        } else out.push(tok);
      }
      i = at;
      continue;
    }
    // Heredocs: Perl and Ruby `<<"EOF"`, `<<~EOF`; PHP `<<<EOF`.
    const here = lang === "pl" || lang === "rb"
      ? /^<<[~-]?(["'`]?)([A-Za-z_]\w*)\1/.exec(src.slice(i))
      : lang === "php"
      ? /^<<<\s*(["']?)([A-Za-z_]\w*)\1/.exec(src.slice(i))
      : null;
    if (here !== null && !operandEnd(out.at(-1))) {
      const nl = src.indexOf("\n", i);
      const end = nl === -1 ? -1 : src.indexOf(`\n${here[2]}`, nl);
      if (nl === -1 || end === -1) return undefined;
      const text = src.slice(nl + 1, end + 1);
      const interp = here[1] !== "'" && (lang === "rb" ? text.includes("#{") : interpolates(text));
      out.push({
        t: "str",
        v: text,
        lit: !interp,
        ...(here[1] === "`" ? { run: true as const } : {}),
      });
      // The rest of the heredoc's line is read on; the body is skipped.
      src = src.slice(0, nl + 1) + src.slice(src.indexOf("\n", end + 1) + 1 || n);
      n = src.length;
      i += here[0].length;
      continue;
    }
    // Strings.
    if (c === '"' || c === "'" || c === "`") {
      const found = delimited(src, i + 1, c);
      if (found === undefined) return undefined;
      const text = found.text;
      let lit = true;
      if (c !== "'" || lang === "js") {
        if (lang === "js") lit = c !== "`" || !text.includes("${");
        else if (lang === "rb") lit = !text.includes("#{");
        else if (lang === "pl" || lang === "php") lit = !interpolates(text);
      }
      const single = c === "'" && lang !== "js";
      const value = single ? text.replace(/\\(['\\])/g, "$1") : unescape(text);
      if (!single && UNRESOLVED.test(text)) lit = false;
      const tok: Tok = { t: "str", v: value, lit };
      if (c === "`" && lang !== "js" && lang !== "py") tok.run = true;
      out.push(tok);
      i = found.end;
      continue;
    }
    // Regular expressions, where an operand may start.
    if (c === "/" && (lang === "js" || lang === "pl" || lang === "rb") && !operandEnd(out.at(-1))) {
      let k = i + 1;
      let inClass = false;
      while (k < n && (src[k] !== "/" || inClass) && src[k] !== "\n") {
        if (src[k] === "\\") k++;
        else if (src[k] === "[") inClass = true;
        else if (src[k] === "]") inClass = false;
        k++;
      }
      if (src[k] !== "/") return undefined;
      k++;
      while (/[a-z]/.test(src[k] ?? "")) k++;
      out.push({ t: "val", v: src.slice(i, k) });
      i = k;
      continue;
    }
    if (lang === "rb" && c === ":" && /[A-Za-z_]/.test(src[i + 1] ?? "") && src[i - 1] !== ":") {
      const m = /^:([A-Za-z_]\w*[?!]?)/.exec(src.slice(i))!;
      out.push({ t: "sym", v: m[1]! });
      i += m[0].length;
      continue;
    }
    const word = identifierPattern().exec(src.slice(i));
    if (
      word !== null && !(c === "$" && lang !== "js") && (lang === "js" || !word[0].includes("\\"))
    ) {
      out.push({ t: "id", v: identifier(word[0], lang) });
      i += word[0].length;
      continue;
    }
    const num = /^[0-9][\w.]*/.exec(src.slice(i));
    if (num !== null) {
      out.push({ t: "val", v: num[0] });
      i += num[0].length;
      continue;
    }
    const op = ["::", "->", "=>", "**", "&&", "||", "==", "!=", "<=", ">="].find((o) =>
      src.startsWith(o, i)
    ) ?? c;
    out.push({ t: "op", v: op });
    i += op.length;
  }
  return out;
}
