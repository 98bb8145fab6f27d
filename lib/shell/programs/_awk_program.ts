/**
 * An awk program, read for what it runs: `system(CMD)`, `print | CMD`, `CMD | getline`, and
 * gawk's `|&` coprocess; what it prints to a shell (`print "CMD" | "sh"`) is a script too. The reader tokenises the program (strings, regular expressions,
 * comments, names, operators); a command written as one string literal is a command of its
 * own, any other expression hides what runs, and so do gawk's `@load` and `@include` (code
 * from a file). `getline < "FILE"` reads FILE.
 *
 * @module
 */

import type { Inner } from "../_inner.ts";
import { literal } from "../_walk.ts";

type Token = { t: "str" | "re" | "id" | "num" | "op" | "nl"; v: string };

/** Tokens after which a `/` divides; elsewhere it opens a regular expression. */
const operand = (t: Token | undefined) =>
  t !== undefined && (t.t === "str" || t.t === "num" || t.t === "re" ||
    (t.t === "id" && t.v !== "print" && t.v !== "printf" && t.v !== "return" && t.v !== "in") ||
    (t.t === "op" && (t.v === ")" || t.v === "]" || t.v === "$")));

function tokens(src: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\n") {
      out.push({ t: "nl", v: "\n" });
      i++;
    } else if (/\s/.test(c) || (c === "\\" && src[i + 1] === "\n")) i += c === "\\" ? 2 : 1;
    else if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === '"' || (c === "/" && !operand(out.at(-1)))) {
      let v = "";
      i++;
      let inClass = false;
      while (i < src.length && (src[i] !== c || inClass)) {
        if (src[i] === "\\" && i + 1 < src.length) {
          const e = src[i + 1]!;
          // awk's `\xHH` and octal `\NNN` in a string (`system("\x72m x")` runs rm).
          const code = c === '"'
            ? /^(?:x([0-9a-fA-F]{1,2})|([0-7]{1,3}))/.exec(src.slice(i + 1))
            : null;
          if (code !== null) {
            v += String.fromCharCode(parseInt(code[1] ?? code[2]!, code[1] !== undefined ? 16 : 8));
            i += 1 + code[0].length;
            continue;
          }
          v += c === '"'
            ? ({ n: "\n", t: "\t", '"': '"', "\\": "\\", "/": "/" }[e] ?? "\\" + e)
            : "\\" + e;
          i += 2;
          continue;
        }
        if (c === "/" && src[i] === "[") inClass = true;
        else if (c === "/" && src[i] === "]") inClass = false;
        v += src[i++];
      }
      if (i >= src.length) return undefined;
      i++;
      out.push({ t: c === '"' ? "str" : "re", v });
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))![0];
      out.push({ t: "id", v: m });
      i += m.length;
    } else if (/[0-9.]/.test(c)) {
      const m = /^[0-9.]+(?:[eE][+-]?[0-9]+)?/.exec(src.slice(i))![0];
      out.push({ t: "num", v: m });
      i += m.length;
    } else {
      const two = src.slice(i, i + 2);
      const op = ["||", "&&", "|&", ">>", "<=", ">=", "==", "!=", "++", "--"].includes(two)
        ? two
        : c;
      out.push({ t: "op", v: op });
      i += op.length;
    }
  }
  return out;
}

/** A command that is a shell reading its script from standard input (`sh`, `bash -s`, `/bin/sh -x`). */
const SHELL_READING =
  /^\s*(\S*\/)?(busybox\s+)?(sh|bash|rbash|dash|zsh|ksh|mksh|ash|yash|posh|fish|csh|tcsh)[0-9.]*(\s+(-[a-zA-Z]*|\+[a-zA-Z]+))*\s*$/;

/**
 * The text a `print`/`printf` writes to the pipe at `k`, when it is one string literal
 * (`print "rm x" | "sh"`); undefined for any other expression.
 */
function printedBefore(toks: readonly Token[], k: number): string | undefined {
  let j = k - 1;
  while (j >= 0 && !(toks[j]!.t === "id" && (toks[j]!.v === "print" || toks[j]!.v === "printf"))) {
    if (toks[j]!.t === "nl" || toks[j]!.v === ";" || toks[j]!.v === "{") return undefined;
    j--;
  }
  const between = toks.slice(j + 1, k).filter((t) => t.v !== "(" && t.v !== ")");
  return between.length === 1 && between[0]!.t === "str" ? between[0]!.v : undefined;
}

/** Tokens that may stand before an expression's first operand. */
const STARTS = new Set(["{", ";", "(", ",", "!", "&&", "||", "=", "?", ":"]);
/** Tokens that may follow an expression's last operand. */
const ENDS = new Set([";", "}", ")", ","]);

/**
 * What an awk program runs.
 *
 * @param program the program text
 * @param label how the commands are named (`awk`)
 * @returns the commands it runs and the files it reads
 */
export function awkRuns(program: string, label: string): Inner[] {
  const toks = tokens(program);
  if (toks === undefined) return [{ kind: "hidden", reason: `the ${label} program is unclosed` }];
  const out: Inner[] = [];
  const script = (v: string) => out.push({ kind: "script", word: literal(v), label });
  const hidden = (what: string) =>
    out.push({ kind: "hidden", reason: `${label} runs ${what}, only known when it runs` });
  const start = (t: Token | undefined) => t === undefined || t.t === "nl" || STARTS.has(t.v);
  const end = (t: Token | undefined) => t === undefined || t.t === "nl" || ENDS.has(t.v);
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t === "op" && t.v === "@") hidden("code from a file (@load, @include)");
    if (t.t === "id" && t.v === "system" && toks[k + 1]?.v === "(") {
      const arg = toks[k + 2];
      if (arg?.t === "str" && toks[k + 3]?.v === ")") script(arg.v);
      else hidden("a command built by system()");
    }
    if (t.t === "op" && (t.v === "|" || t.v === "|&")) {
      const next = toks[k + 1];
      if (next?.t === "id" && next.v === "getline") {
        const cmd = toks[k - 1];
        if (cmd?.t === "str" && start(toks[k - 2])) script(cmd.v);
        else hidden("a command built before | getline");
      } else if (next?.t === "str" && end(toks[k + 2])) {
        script(next.v);
        // `print "CMD" | "sh"`: a shell reads what the program prints as its script.
        if (SHELL_READING.test(next.v)) {
          const printed = printedBefore(toks, k);
          if (printed !== undefined) script(printed);
          else hidden(`a script it prints to ${next.v}`);
        }
      } else hidden("a command built after |");
    }
    if (t.t === "id" && t.v === "getline") {
      const at = toks[k + 1]?.t === "id" ? k + 2 : k + 1;
      if (toks[at]?.v === "<" && toks[at + 1]?.t === "str") {
        out.push({ kind: "read", path: toks[at + 1]!.v, label });
      }
    }
  }
  return out;
}
