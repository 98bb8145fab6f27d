/**
 * Vim's ex commands (`vim -c CMD`, `vim +CMD`, `--cmd CMD`), read for what they run: `:!CMD`
 * (also after a range, and `:r !CMD`, `:w !CMD`) runs CMD in a shell, a command of its own.
 * Commands that run code or keys the reader cannot follow (`:py`, `:lua`, `:exe`, `:call`,
 * `:normal`, `:source`, `:terminal`, `:make`, `:grep`, `:autocmd`, `:g`, a `system()` call,
 * ...) hide what runs; the rest (`:%s/a/b/g`, `:wq`, `:set`) run nothing.
 *
 * @module
 */

import type { Inner } from "../_inner.ts";
import { literal } from "../_walk.ts";

/** Ex commands (full names; an abbreviation is any prefix of at least the letters given). */
const RUNS_CODE: readonly [string, number][] = [
  ["python", 2],
  ["python3", 3],
  ["py3", 3],
  ["pyx", 3],
  ["pythonx", 3],
  ["pydo", 3],
  ["py3do", 4],
  ["pyfile", 3],
  ["py3file", 4],
  ["pyxdo", 4],
  ["pyxfile", 4],
  ["lua", 3],
  ["luado", 4],
  ["luafile", 4],
  ["perl", 2],
  ["perldo", 5],
  ["ruby", 3],
  ["rubydo", 5],
  ["rubyfile", 5],
  ["tcl", 3],
  ["tcldo", 4],
  ["tclfile", 4],
  ["mzscheme", 2],
  ["mzfile", 3],
  ["execute", 3],
  ["call", 3],
  ["let", 3],
  ["eval", 3],
  ["normal", 4],
  ["source", 2],
  ["runtime", 2],
  ["terminal", 3],
  ["shell", 2],
  ["make", 3],
  ["lmake", 4],
  ["grep", 2],
  ["lgrep", 3],
  ["grepadd", 5],
  ["autocmd", 2],
  ["doautocmd", 2],
  ["doautoall", 7],
  ["command", 3],
  ["global", 1],
  ["vglobal", 1],
  ["windo", 5],
  ["bufdo", 5],
  ["tabdo", 5],
  ["argdo", 5],
  ["cdo", 3],
  ["cfdo", 4],
  ["ldo", 3],
  ["lfdo", 4],
  ["redir", 3],
  ["map", 3],
  ["nmap", 2],
  ["imap", 2],
  ["vmap", 2],
  ["noremap", 2],
  ["nnoremap", 2],
  ["function", 2],
  ["packadd", 2],
  ["helpgrep", 5],
  ["vimgrep", 3],
  ["lvimgrep", 3],
  ["filter", 4],
  ["silent", 3],
  ["unsilent", 3],
  ["sandbox", 3],
  ["verbose", 4],
  ["keepalt", 5],
  ["keepjumps", 5],
  ["noautocmd", 3],
  ["sleep", 2],
];

/** Does `name` abbreviate `full` (given at least `min` letters)? */
const abbreviates = (name: string, full: string, min: number) =>
  name.length >= min && full.startsWith(name);

/**
 * What one ex command line runs (`|` separates commands, but not after `!`).
 *
 * @param text the ex command text
 * @param label how the commands are named (`vim -c`)
 * @returns the shell commands it runs, or a hidden part
 */
export function exRuns(text: string, label: string): Inner[] {
  if (/\b(system|systemlist|job_start|jobstart|termopen|libcall|libcallnr)\s*\(/.test(text)) {
    return [{ kind: "hidden", reason: `${label} calls a function that runs programs` }];
  }
  const out: Inner[] = [];
  let rest = text;
  while (rest.trim() !== "") {
    // Leading colons and blanks, then a range: %, numbers, ., $, ', /pat/, ?pat?, +, -, ,, ;.
    rest = rest.replace(/^[\s:]+/, "");
    const range = /^(?:[%.$0-9+\-,;]|'[a-z<>]|\/(?:\\.|[^/])*\/|\?(?:\\.|[^?])*\?)*/.exec(rest)!;
    rest = rest.slice(range[0].length).replace(/^\s+/, "");
    if (rest.startsWith("!")) {
      out.push({ kind: "script", word: literal(rest.slice(1)), label });
      return out;
    }
    const name = /^[A-Za-z][A-Za-z0-9]*/.exec(rest)?.[0] ?? "";
    const after = rest.slice(name.length);
    if (/^(r|re|rea|read|w|wr|wri|writ|write)$/.test(name) && /^\s*!/.test(after)) {
      out.push({ kind: "script", word: literal(after.replace(/^\s*!/, "")), label });
      return out;
    }
    if (name === "" && rest !== "" && !/^[|"]/.test(rest)) {
      // `:&&`, `:~`, `:<`, `:>`, `:=`, `:@x` (runs a register: hidden), `:*`.
      if (/^[@*]/.test(rest)) return [{ kind: "hidden", reason: `${label} runs a register` }];
    }
    if (RUNS_CODE.some(([full, min]) => abbreviates(name, full, min))) {
      return [{ kind: "hidden", reason: `${label} runs :${name}, which skald cannot follow` }];
    }
    // The next command after an unquoted `|` (a `"` starts a comment).
    const bar = after.search(/(?<!\\)[|"]/);
    if (bar === -1 || after[bar] === '"') break;
    rest = after.slice(bar + 1);
  }
  return out;
}
