/**
 * Interpreters that run inline code (class 6 of issue 10): `python[3] -c`, `node -e/-p/--eval/
 * --print`, `deno eval`, `bun -e/-p`, `perl -e/-E` (and `-M`), `ruby -e`, `php -r/-B/-R/-E`,
 * `lua -e`, `osascript -e`; and the same interpreters reading their program from standard
 * input (no program operand, or `-`, `/dev/stdin`). Their words are read with their specs
 * (`lib/programs/code.ts`, `text.ts`: which options give code, which take a value, which run a
 * module or a file, which only print); what the code runs is read by `_inline_code.ts`. A script
 * file (`python3 x.py`) or module (`-m`) is not the command's text and stays outside.
 *
 * @module
 */

import type { Word } from "./parse.ts";
import type { Lang } from "./programs/_code_lexer.ts";
import { descriptorPath } from "./wrappers.ts";
import { holds, type OptionRead, readArgv } from "../programs/argv.ts";
import { programSpec } from "../programs/lookup.ts";
import type { OptionSpec } from "../programs/spec.ts";

/** The language of a spec's `code=LANG`, as the code reader names it. */
const LANGS: Readonly<Record<string, Lang>> = {
  py: "py",
  js: "js",
  perl: "pl",
  ruby: "rb",
  php: "php",
  lua: "lua",
  applescript: "applescript",
};

/** The languages whose code options make one program together (`perl -e a -e b`). */
const JOINS: ReadonlySet<Lang> = new Set(["pl", "rb", "php", "lua", "applescript"]);

/** The interpreter a command name is (`python3.11` is python, `luajit` is lua), or undefined. */
export function interpreterName(name: string): string | undefined {
  if (/^(python|pypy)[0-9.]*$/.test(name)) return "python";
  if (name === "node" || name === "nodejs") return "node";
  if (name === "bun" || name === "deno" || name === "osascript") return name;
  if (/^perl[0-9.]*$/.test(name)) return "perl";
  if (/^ruby[0-9.]*$/.test(name)) return "ruby";
  if (/^php[0-9.]*$/.test(name)) return "php";
  if (/^(lua[0-9.]*|luajit)$/.test(name)) return "lua";
  return undefined;
}

/** What an interpreter's words say it runs. */
export type InterpreterRun =
  /** Inline code: the words that hold it, and where the first option that gives it is. */
  | { kind: "code"; lang: Lang; code: Word[]; flagAt: number; label: string }
  /** A program read from standard input. */
  | { kind: "stdin"; lang: Lang; label: string }
  /** A script file, a module, or nothing (`--version`). */
  | { kind: "file" };

/** The language of an option's code, when it gives code. */
const specLang = (o: OptionSpec): Lang | undefined => {
  const u = o.uses.find((x) => x.kind === "code");
  return u?.kind === "code" ? LANGS[u.lang] : undefined;
};

/** The language of the code an option given holds, when it gives code. */
const codeLang = (o: OptionRead): Lang | undefined => specLang(o.option);

/**
 * Reads an interpreter's options.
 *
 * @param name the interpreter's command name
 * @param words the command's words, the interpreter first
 * @returns what it runs, or undefined when the name is no interpreter
 */
export function interpreterRun(name: string, words: Word[]): InterpreterRun | undefined {
  const which = interpreterName(name);
  if (which === undefined) return undefined;
  if (which === "deno") return denoRun(words);
  const spec = programSpec(name) ?? programSpec(which);
  if (spec === undefined) return undefined;
  const r = readArgv(spec, words.slice(1).map((w) => w.dynamic ? null : w.value));
  const base = spec.options.map(specLang).find((l) => l !== undefined) ?? "py";
  // `osascript -l JavaScript`: its code is JavaScript.
  const lang: Lang =
    r.options.some((o) => o.option.id === "-l" && /^javascript$/i.test(o.value ?? ""))
      ? "js"
      : base;
  const word = (o: OptionRead): Word => {
    const at = o.at[1] ?? -1;
    const w = words[o.at[0]! + 1]!;
    return at === o.at[0] || at < 0 ? { ...w, value: o.value ?? "" } : words[at + 1]!;
  };
  const code: Word[] = [];
  let flag: OptionRead | undefined;
  for (const o of r.options) {
    if (o.value === undefined) continue;
    if (codeLang(o) !== undefined) {
      if (code.length > 0 && !JOINS.has(lang)) continue;
      code.push(word(o));
      flag ??= o;
    } else if (
      lang === "pl" && o.option.uses.some((u) => u.kind === "library") && o.value !== null
    ) {
      // `perl -MFoo=bar` is `use Foo qw(bar);` before the program.
      const v = o.value;
      code.push({
        ...word(o),
        value: `use ${v.replace("=", " qw(")}${v.includes("=") ? ")" : ""};`,
      });
      flag ??= o;
    }
  }
  // A word only known when it runs where an option may stand may give code: code for the reading.
  const first = r.operands[0];
  const dynamic = words.slice(1, first === undefined ? words.length : first.at + 2).filter((w) =>
    w.dynamic && (/^["']?-/.test(w.raw) || code.length === 0)
  );
  for (const w of dynamic) code.push(w);
  if (code.length > 0) {
    const at = flag === undefined ? words.indexOf(dynamic[0]!) : flag.at[0]! + 1;
    const giver = spec.options.find((o) => o.uses.some((u) => u.kind === "code"));
    const option = flag?.spelling ?? giver?.names[0] ?? "";
    return { kind: "code", lang, code, flagAt: at, label: `${name} ${option}`.trim() };
  }
  if (r.options.some((o) => holds(o, "no-exec"))) return { kind: "file" };
  // A module (`python -m timeit STMT`), or a file an option names (`php -f FILE`).
  const module = r.options.find((o) =>
    o.option.uses.some((u) => u.kind === "library" || u.kind === "code-file")
  );
  if (module !== undefined && lang === "py" && module.option.uses[0]?.kind === "library") {
    const end = (module.at.at(-1) ?? module.at[0]!) + 2;
    return moduleRun(module.value ?? undefined, words.slice(end), module.at[0]! + 1);
  }
  if (module !== undefined && module.option.uses.some((u) => u.kind === "code-file")) {
    return { kind: "file" };
  }
  const file = first?.word;
  if (first === undefined || (file !== null && file !== undefined && descriptorPath(file))) {
    return { kind: "stdin", lang, label: name };
  }
  return { kind: "file" };
}

/**
 * `python -m MODULE ARGS`: a module that runs the code it is given (`-m timeit STMT... -s SETUP`:
 * each statement and setup is code), or reads it from standard input (`-m code`); any other
 * module is a file outside, as a script is.
 */
function moduleRun(module: string | undefined, args: Word[], at: number): InterpreterRun {
  if (module === "code") return { kind: "stdin", lang: "py", label: "python -m code" };
  if (module !== "timeit") return { kind: "file" };
  const code: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const w = args[k]!;
    if (!w.dynamic && /^-[nrpuvh]$|^--(number|repeat|process|unit|verbose|help)/.test(w.value)) {
      if (/^-[nru]$|^--(number|repeat|unit)$/.test(w.value)) k++;
      continue;
    }
    if (!w.dynamic && (w.value === "-s" || w.value === "--setup")) continue;
    if (!w.dynamic && w.value.startsWith("--setup=")) code.push({ ...w, value: w.value.slice(8) });
    else if (!w.dynamic && /^-s./.test(w.value)) code.push({ ...w, value: w.value.slice(2) });
    else code.push(w);
  }
  if (code.length === 0) return { kind: "file" };
  return { kind: "code", lang: "py", code, flagAt: at, label: "python -m timeit" };
}

/** `deno eval [OPTIONS] CODE`, `deno repl --eval CODE`. */
function denoRun(words: Word[]): InterpreterRun {
  const sub = words[1];
  if (sub === undefined || sub.dynamic) return { kind: "file" };
  if (sub.value === "repl") {
    const at = words.findIndex((w, k) =>
      k > 1 && !w.dynamic && (w.value === "--eval" || w.value.startsWith("--eval="))
    );
    if (at === -1) return { kind: "file" };
    const w = words[at]!;
    const code = w.value === "--eval" ? words[at + 1] : { ...w, value: w.value.slice(7) };
    return code === undefined
      ? { kind: "file" }
      : { kind: "code", lang: "js", code: [code], flagAt: at, label: "deno repl --eval" };
  }
  if (sub.value !== "eval") return { kind: "file" };
  for (let j = 2; j < words.length; j++) {
    const w = words[j]!;
    if (!w.dynamic && w.value.startsWith("-")) {
      if (
        ["--ext", "--import-map", "-c", "--config", "--location", "--cert", "--env-file"].includes(
          w.value,
        )
      ) j++;
      continue;
    }
    return { kind: "code", lang: "js", code: [w], flagAt: 1, label: "deno eval" };
  }
  return { kind: "file" };
}
