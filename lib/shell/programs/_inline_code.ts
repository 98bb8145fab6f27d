/**
 * Inline code read for what it runs, removes and opens (class 6 of issue 10), lexically: the
 * tokens of `_code_lexer.ts`, not a parse of the language. What is recognised:
 * - a call of a function that starts a process (`os.system`, `subprocess.*`, `os.exec*`,
 *   `os.popen`, `pty.spawn`, `child_process.exec/execSync/spawn/spawnSync/execFile/fork`,
 *   `Bun.spawn`, `Bun.$`, `new Deno.Command`, Perl's and Ruby's `system`/`exec`/`spawn`,
 *   backticks, `qx`, `%x`, `IO.popen`, `Open3.*`, `open("|cmd")`, PHP's `shell_exec`,
 *   `system`, `passthru`, `proc_open`, `popen`, Lua's `os.execute`/`io.popen`, AppleScript's
 *   `do shell script`): given only string literals, a single string is a shell command and a
 *   list (or several strings) a program and its arguments, parts of their own; given anything
 *   else it hides what runs;
 * - a call that removes files (`shutil.rmtree`, `os.remove`, `os.unlink`, `os.rmdir`,
 *   `Path(...).unlink()`, `fs.rmSync`/`rm`/`unlinkSync`/`rmdirSync`, `Deno.remove`,
 *   `FileUtils.rm_rf`/`rm_r`/`rm`, `File.delete`, Perl's `unlink`/`rmtree`, PHP's `unlink`,
 *   Lua's `os.remove`): counts as `rm -rf PATHS`, its literal paths known, others not;
 * - code that calls what it names at run time (`eval`/`exec` of anything but a literal,
 *   `getattr`, `__import__`, `Function`, `vm.*`, `require(x)`, Ruby's `send`, PHP's `$f()`,
 *   Lua's `load`, ...), or names a process or removal function without calling it (`f =
 *   os.system`, `import system as s`): it hides what runs;
 * - every string literal is a path the code may open, held against Read rules.
 * Python's `import os as o` is followed (`o.system` is `os.system`).
 *
 * @module
 */

import { type Lang, lex, type Tok } from "./_code_lexer.ts";
import { readArg, splitArgs } from "./_code_args.ts";
import { codeTables, pyModules, type Table } from "./_code_tables.ts";
import type { Inner } from "../_inner.ts";
import { literal } from "../_walk.ts";

/**
 * What a code text runs, removes and opens.
 *
 * @param code the code
 * @param lang its language
 * @param label how its commands are named (`python3 -c`)
 * @param depth code read inside code (`exec("...")`), to bound the reading
 * @returns the commands, removals, reads and hidden parts
 */
export function codeRuns(code: string, lang: Lang, label: string, depth = 0): Inner[] {
  const toks = lex(code, lang);
  if (toks === undefined) {
    return [{
      kind: "hidden",
      reason: `the code of ${label} cannot be read (an open string or comment)`,
    }];
  }
  const table = codeTables()[lang];
  const out: Inner[] = [];
  const hidden = (why: string) => out.push({ kind: "hidden", reason: `${label} ${why}` });
  const aliases = new Map<string, string>();
  const imported = new Set<string>();
  for (const t of toks) {
    if (t.t !== "str") continue;
    out.push({ kind: "read", path: t.v, label });
    // Perl's and Ruby's two-argument open, the mode in the string (`open(F, "<secrets/key")`,
    // `">src/x"`, `"cmd |"`: the red team's): the path without it too.
    const bare = t.v.replace(/^\s*(\+?[<>]{1,2}&?|\|)\s*/, "").replace(/\s*\|\s*$/, "");
    if (bare !== t.v && bare !== "") out.push({ kind: "read", path: bare, label });
  }
  if (lang === "applescript") return applescript(toks, label, out);
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t === "str" && t.run) {
      if (toks[k + 1]?.v === "eval-code") {
        if (!t.lit || depth > 3) hidden("evaluates code built at run time (s///ee)");
        else out.push(...codeRuns(t.v, lang, label, depth + 1));
        k++;
      } else if (t.lit) out.push({ kind: "script", word: literal(t.v), label });
      else hidden("runs a command built at run time (backticks)");
      continue;
    }
    if (t.t === "sym" && (table.spawn.has(t.v) || table.dynamic.has(t.v))) {
      hidden(`names :${t.v}, which it may call at run time`);
      continue;
    }
    if (t.t !== "id") continue;
    // Python imports: `import os as o`, `from os import system [as s]`.
    if (lang === "py" && (t.v === "import" || t.v === "from")) {
      k = pyImport(toks, k, aliases, imported, table, hidden);
      continue;
    }
    // The whole dotted name: `os.path.join`, `FileUtils::rm_rf`, `$obj->method`.
    const parts = [t.v];
    let end = k;
    while (
      toks[end + 1]?.t === "op" && [".", "::", "->"].includes(toks[end + 1]!.v) &&
      toks[end + 2]?.t === "id"
    ) {
      parts.push((toks[end + 2] as { v: string }).v);
      end += 2;
    }
    const before = k > 0 && toks[k - 1]?.t === "op" && [".", "::", "->"].includes(toks[k - 1]!.v)
      ? ")"
      : undefined;
    if (before !== undefined) {
      k = end;
      // A method of a value (`Path("x").unlink()`): its name, the receiver unknown.
    }
    const name = parts.at(-1)!;
    // A method of a literal (`/re/.exec(s)`, `"a b".split()`) starts no process.
    if (before !== undefined && (toks[k - 2]?.t === "val" || toks[k - 2]?.t === "str")) continue;
    const head = aliases.get(parts[0]!) ?? parts[0]!;
    const qualifier = parts.length > 1 ? head : before ?? (imported.has(name) ? "*" : "");
    const kinds = (["spawn", "remove", "dynamic"] as const).filter((x) => table[x].has(name));
    const needs = table.qualified[name];
    const applies = kinds.length > 0 &&
      (needs === undefined || qualifier === "*" || needs.includes(qualifier) ||
        (needs.includes("") && qualifier === ""));
    if (!applies) {
      // Computed access on an object that can run programs: `cp["exec" + "Sync"]`.
      if (
        lang === "js" && toks[end + 1]?.v === "[" &&
        /^(require|child_process|cp|Deno|Bun|process|globalThis|global|window|this)$/.test(head)
      ) {
        const inner = toks[end + 2];
        if (
          !(inner?.t === "str" && inner.lit && toks[end + 3]?.v === "]") ||
          table.spawn.has(inner.v) || table.dynamic.has(inner.v)
        ) {
          hidden(`calls a member of ${head} chosen at run time`);
        }
      }
      if (lang === "js" && name === "require" && toks[end + 1]?.v === "(") {
        const arg = toks[end + 2];
        if (!(arg?.t === "str" && arg.lit)) hidden("requires a module named at run time");
      }
      k = Math.max(k, end);
      continue;
    }
    k = end;
    // Its arguments: `( ... )`, a template string (`Bun.$\`...\``), or bare words (Perl, Ruby).
    let args: Tok[][] | undefined;
    const next = toks[end + 1];
    if (next?.t === "op" && next.v === "(") {
      let depth2 = 0;
      let close = end + 1;
      for (; close < toks.length; close++) {
        const x = toks[close]!;
        if (x.t === "op" && "([{".includes(x.v)) depth2++;
        if (x.t === "op" && ")]}".includes(x.v) && --depth2 === 0) break;
      }
      args = splitArgs(toks.slice(end + 2, close));
      k = close;
    } else if (next?.t === "str" && name === "$") {
      args = [[next]];
      k = end + 1;
    } else if (
      table.bare && next !== undefined &&
      (next.t === "str" || next.t === "id" ||
        next.t === "op" && (next.v === "$" || next.v === "@" || next.v === "["))
    ) {
      let close = end + 1;
      let depth2 = 0;
      for (; close < toks.length; close++) {
        const x = toks[close]!;
        if (x.t === "op" && "([{".includes(x.v)) depth2++;
        if (x.t === "op" && ")]}".includes(x.v)) {
          if (depth2 === 0) break;
          depth2--;
        }
        if (
          depth2 === 0 &&
          (x.t === "nl" || x.v === ";" ||
            (x.t === "id" && /^(or|and|if|unless|until|while|do)$/.test(x.v)) || x.v === "||" ||
            x.v === "&&")
        ) break;
      }
      args = splitArgs(toks.slice(end + 1, close));
      k = close - 1;
    } else if (kinds.includes("dynamic") && lang === "pl" && next?.t === "op" && next.v === "{") {
      continue; // `eval { ... }`, `do { ... }`: a block, code in place
    } else if (lang === "py" && toks[k - 1]?.v === "def") {
      continue;
    } else if (
      lang === "js" && parts.length === 1 && /^[{,]$/.test(toks[k - 1]?.v ?? "") &&
      /^[},]$/.test(next?.v ?? "")
    ) {
      // `const { execSync } = require("child_process")`: the name is then called as itself.
      imported.add(name);
      continue;
    } else {
      hidden(
        `names ${parts.join(".")} without calling it, so what it calls is only known when it runs`,
      );
      continue;
    }
    const read = args.map((a) => readArg(a, lang));
    if (kinds.includes("dynamic")) {
      const [first] = read;
      const evaluates =
        /^(eval|exec|compile|execfile|instance_eval|class_eval|module_eval|load|loadstring)$/.test(
          name,
        );
      if (
        evaluates && first?.kind === "str" && read.length <= 3 && depth < 3 &&
          name !== "execfile" && name !== "load" ||
        (evaluates && lang === "lua" && name === "load" && first?.kind === "str" && depth < 3)
      ) {
        out.push(...codeRuns(first.v, lang, label, depth + 1));
      } else if (
        name === "require" && (lang === "pl" || lang === "rb" || lang === "lua") &&
        first?.kind === "str"
      ) {
        // A module by name: its code is a file, outside as script files are.
      } else if (name === "Reflect" || name === "binding" && lang === "rb" && read.length === 0) {
        if (name === "Reflect") {
          hidden("calls through Reflect, what it calls is only known when it runs");
        }
      } else hidden(`calls ${parts.join(".")}, which runs what it is given at run time`);
      continue;
    }
    const strings = read.filter((a) => a.kind === "str").map((a) => (a as { v: string }).v);
    const lists = read.filter((a) => a.kind === "list").map((a) =>
      (a as { items: string[] }).items
    );
    if (read.some((a) => a.kind === "other")) {
      hidden(`calls ${parts.join(".")} with arguments built at run time`);
      continue;
    }
    if (kinds.includes("remove")) {
      const paths = [...strings, ...lists.flat()];
      out.push({
        kind: "removes",
        paths: paths.length > 0 ? paths : [null],
        label,
      });
      continue;
    }
    // Perl's and Ruby's `open("|cmd")`, `open(F, "-|", "cmd")` are handled as spawn below.
    const argv = [...strings, ...lists.flat()];
    if (argv.length === 0) {
      hidden(`calls ${parts.join(".")} with nothing skald can read`);
      continue;
    }
    if (lists.length === 0 && strings.length === 1) {
      out.push({ kind: "script", word: literal(strings[0]!), label });
    } else {
      out.push({ kind: "argv", words: argv.map(literal), label });
      // `execlp("rm", "rm", "-rf", "x")`: the second string is the program's own name.
      if (strings.length > 1) {
        out.push({ kind: "argv", words: [argv[0]!, ...argv.slice(2)].map(literal), label });
      }
      if (strings.length >= 1) out.push({ kind: "script", word: literal(strings[0]!), label });
    }
  }
  if (lang === "pl" || lang === "rb") out.push(...pipeOpens(toks, lang, label));
  return out;
}

/** Python's `import` and `from ... import` statements; returns the index of their last token. */
function pyImport(
  toks: Tok[],
  k: number,
  aliases: Map<string, string>,
  imported: Set<string>,
  table: Table,
  hidden: (why: string) => void,
): number {
  let j = k + 1;
  const names: string[] = [];
  while (j < toks.length && toks[j]!.t !== "nl" && toks[j]!.v !== ";") names.push(toks[j++]!.v);
  const text = names.join(" ");
  if (toks[k]!.v === "import") {
    for (const m of text.matchAll(/([\w.]+)\s+as\s+(\w+)/g)) {
      if (pyModules().has(m[1]!.split(".")[0]!)) aliases.set(m[2]!, m[1]!.split(".")[0]!);
    }
    return j - 1;
  }
  const m = /^([\w.]+)\s+import\s+(.*)$/.exec(text);
  if (m === null) return j - 1;
  const module = m[1]!.split(".")[0]!;
  for (const item of m[2]!.replace(/[()]/g, "").split(",")) {
    const [orig, , alias] = item.trim().split(/\s+/);
    if (orig === undefined) continue;
    const named = table.spawn.has(orig) || table.remove.has(orig) || table.dynamic.has(orig);
    if (orig === "*" && pyModules().has(module)) hidden(`imports every name of ${module}`);
    else if (alias !== undefined && named) hidden(`imports ${orig} under another name`);
    else if (named) imported.add(orig);
    else if (alias !== undefined && pyModules().has(orig)) aliases.set(alias, orig);
  }
  return j - 1;
}

/** Perl's and Ruby's `open` of a pipe: `open(F, "cmd |")`, `open(F, "-|", "cmd")`, `open("|cmd")`. */
function pipeOpens(toks: Tok[], lang: Lang, label: string): Inner[] {
  const out: Inner[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t !== "id" || t.v !== "open" || toks[k - 1]?.v === "." && lang === "pl") continue;
    const strs: Tok[] = [];
    let j = k + 1;
    if (toks[j]?.v === "(") j++;
    for (
      ;
      j < toks.length && toks[j]!.t !== "nl" && toks[j]!.v !== ";" && toks[j]!.v !== ")";
      j++
    ) {
      if (toks[j]!.t === "str") strs.push(toks[j]!);
      else if (toks[j]!.v === "$" && lang === "pl" && strs.length === 0 && toks[j + 2]?.v === ")") {
        out.push({
          kind: "hidden",
          reason: `${label} opens a file named at run time, which may be a pipe`,
        });
      }
    }
    const modes = strs.map((s) => s as { v: string; lit: boolean });
    for (let m = 0; m < modes.length; m++) {
      const v = modes[m]!.v.trim();
      if (v === "-|" || v === "|-") {
        const cmd = modes.slice(m + 1);
        if (cmd.length === 0) break;
        if (cmd.some((c) => !c.lit)) {
          out.push({
            kind: "hidden",
            reason: `${label} opens a pipe to a command built at run time`,
          });
        } else if (cmd.length === 1) out.push({ kind: "script", word: literal(cmd[0]!.v), label });
        else out.push({ kind: "argv", words: cmd.map((c) => literal(c.v)), label });
        break;
      }
      if (v.startsWith("|") || v.endsWith("|")) {
        if (!modes[m]!.lit) {
          out.push({
            kind: "hidden",
            reason: `${label} opens a pipe to a command built at run time`,
          });
        } else out.push({ kind: "script", word: literal(v.replace(/^\|\s*|\s*\|$/g, "")), label });
      }
    }
  }
  return out;
}

/** AppleScript: `do shell script "CMD"`; `do script`, `run script`, `do JavaScript` hide. */
function applescript(toks: Tok[], label: string, out: Inner[]): Inner[] {
  for (let k = 0; k < toks.length; k++) {
    const words = toks.slice(k, k + 3).map((t) => t.t === "id" ? t.v.toLowerCase() : "");
    if (words[0] === "do" && words[1] === "shell" && words[2] === "script") {
      const arg = toks[k + 3];
      const after = toks[k + 4];
      if (
        arg?.t === "str" && arg.lit && (after === undefined || after.t === "nl" || after.t === "id")
      ) {
        out.push({ kind: "script", word: literal(arg.v), label });
      } else out.push({ kind: "hidden", reason: `${label} runs a shell script built at run time` });
      k += 2;
    } else if (
      (words[0] === "do" || words[0] === "run" || words[0] === "load") &&
      (words[1] === "script" || words[1] === "javascript")
    ) {
      out.push({
        kind: "hidden",
        reason: `${label} runs ${words[0]} ${words[1]}, which skald cannot follow`,
      });
    }
  }
  return out;
}
