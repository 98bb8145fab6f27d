/**
 * Interpreters that run inline code (class 6 of issue 10): `python[3] -c`, `node -e/-p/--eval/
 * --print`, `deno eval`, `bun -e/-p`, `perl -e/-E` (and `-M`), `ruby -e`, `php -r/-B/-R/-E`,
 * `lua -e`, `osascript -e`; and the same interpreters reading their program from standard
 * input (no program operand, or `-`, `/dev/stdin`). Their options are read as each reads them
 * (clusters, glued arguments, `--`); what the code runs is read by `_inline_code.ts`. A script
 * file (`python3 x.py`) or module (`-m`) is not the command's text and stays outside.
 *
 * @module
 */

import type { Word } from "./parse.ts";
import type { Lang } from "./programs/_code_lexer.ts";
import { descriptorPath } from "./wrappers.ts";

/** How an interpreter's options are read. */
interface Spec {
  /** The language of its code. */
  lang: Lang;
  /** Short options whose argument is code. */
  code: string;
  /** Long options whose argument is code. */
  longCode: readonly string[];
  /** Short options with an argument that is not code (glued, or the next word). */
  args: string;
  /** Short options whose argument is only glued, the rest of the word (`perl -i.bak`). */
  glued?: string;
  /** Short options followed by optional digits, after which the cluster goes on (`perl -lne`). */
  digits?: string;
  /** Short options that run a module or file (`python -m mod`): no program on stdin. */
  module?: string;
  /** Long options with an argument in the next word. */
  longArgs: readonly string[];
  /** Options after which nothing is read (`--version`). */
  only?: readonly string[];
  /** Several code options are joined into one program (`perl -e a -e b`). */
  joins?: boolean;
  /** Short options whose argument is code too (`perl -MFoo=bar` is `use Foo qw(bar)`). */
  useCode?: string;
}

const SPECS: Readonly<Record<string, Spec>> = {
  python: {
    lang: "py",
    code: "c",
    longCode: [],
    args: "WXQ",
    module: "m",
    longArgs: ["--check-hash-based-pycs"],
    only: ["--version", "-V", "--help", "-h"],
  },
  node: {
    lang: "js",
    code: "ep",
    longCode: ["--eval", "--print"],
    args: "rC",
    longArgs: [
      "--require",
      "--import",
      "--loader",
      "--experimental-loader",
      "--input-type",
      "--conditions",
      "--title",
      "--env-file",
    ],
    only: ["--version", "-v", "--help", "-h"],
  },
  bun: {
    lang: "js",
    code: "ep",
    longCode: ["--eval", "--print"],
    args: "r",
    longArgs: ["--preload", "--require", "--cwd", "--env-file", "--config"],
    only: ["--version", "-v", "--help", "-h"],
  },
  perl: {
    lang: "pl",
    code: "eE",
    longCode: [],
    args: "I",
    glued: "ixdDF",
    digits: "l0C",
    useCode: "Mm",
    longArgs: [],
    only: ["-v", "--version", "-h", "--help", "-V"],
    joins: true,
  },
  ruby: {
    lang: "rb",
    code: "e",
    longCode: [],
    args: "rICE",
    glued: "FxiK",
    digits: "0WT",
    longArgs: ["--encoding"],
    only: ["--version", "-v", "--help", "-h"],
    joins: true,
  },
  php: {
    lang: "php",
    code: "rBRE",
    longCode: ["--run", "--process-begin", "--process-code", "--process-end"],
    args: "dcztS",
    module: "fF",
    longArgs: ["--define", "--php-ini", "--zend-extension"],
    only: ["--version", "-v", "--help", "-h", "-m", "-i"],
    joins: true,
  },
  lua: { lang: "lua", code: "e", longCode: [], args: "l", longArgs: [], only: ["-v"], joins: true },
  osascript: {
    lang: "applescript",
    code: "e",
    longCode: [],
    args: "lsi",
    longArgs: [],
    joins: true,
  },
};

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
  let spec = SPECS[which]!;
  const code: Word[] = [];
  let flagAt = -1;
  const take = (w: Word | undefined, at: number) => {
    if (w === undefined) return;
    code.push(w);
    if (flagAt === -1) flagAt = at;
  };
  let j = 1;
  for (; j < words.length; j++) {
    const w = words[j]!;
    if (w.dynamic) {
      // An option only known when it runs may give code: it is code for the reading.
      if (/^["']?-/.test(w.raw) || code.length === 0) take(w, j);
      if (code.length > 0 && !spec.joins) break;
      continue;
    }
    const v = w.value;
    if (v === "--" || v === "-" || !v.startsWith("-")) break;
    if (spec.only?.includes(v)) return { kind: "file" };
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const long = eq === -1 ? v : v.slice(0, eq);
      if (spec.longCode.includes(long)) {
        const at = j;
        take(eq === -1 ? words[++j] : { ...w, value: v.slice(eq + 1) }, at);
        if (!spec.joins) break;
      } else if (spec.longArgs.includes(long) && eq === -1) j++;
      continue;
    }
    let stop = false;
    for (let k = 1; k < v.length && !stop; k++) {
      const c = v[k]!;
      const glued = v.slice(k + 1);
      if (spec.code.includes(c)) {
        const at = j;
        take(glued !== "" ? { ...w, value: glued } : words[++j], at);
        stop = true;
        if (!spec.joins) return done(spec, code, flagAt, name, v);
      } else if (spec.useCode?.includes(c)) {
        take(
          { ...w, value: `use ${glued.replace("=", " qw(")}${glued.includes("=") ? ")" : ""};` },
          j,
        );
        stop = true;
      } else if (spec.module?.includes(c)) {
        return moduleRun(
          glued !== "" ? glued : words[j + 1]?.value,
          words.slice(glued !== "" ? j + 1 : j + 2),
          spec,
          j,
        );
      } else if (spec.args.includes(c)) {
        if (glued === "") j++;
        stop = true;
      } else if (spec.glued?.includes(c)) stop = true;
      else if (spec.digits?.includes(c)) { while (/[0-9]/.test(v[k + 1] ?? "")) k++; }
      if (c === "l" && spec.lang === "applescript" && glued === "") {
        if (/^javascript$/i.test(words[j]?.value ?? "")) spec = { ...spec, lang: "js" };
      }
    }
  }
  if (code.length > 0) return done(spec, code, flagAt, name, "");
  const file = words[j]?.value === "--" ? words[j + 1] : words[j];
  if (file === undefined || (!file.dynamic && descriptorPath(file.value))) {
    return { kind: "stdin", lang: spec.lang, label: name };
  }
  return { kind: "file" };
}

/**
 * `python -m MODULE ARGS`: a module that runs the code it is given (`-m timeit STMT... -s SETUP`:
 * each statement and setup is code), or reads it from standard input (`-m code`); any other
 * module is a file outside, as a script is.
 */
function moduleRun(
  module: string | undefined,
  args: Word[],
  spec: Spec,
  at: number,
): InterpreterRun {
  if (spec.lang !== "py") return { kind: "file" };
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

function done(
  spec: Spec,
  code: Word[],
  flagAt: number,
  name: string,
  flag: string,
): InterpreterRun {
  const option = flag === ""
    ? `${name} ${spec.code.length > 0 ? `-${spec.code[0]}` : ""}`
    : `${name} ${flag}`;
  return { kind: "code", lang: spec.lang, code, flagAt, label: option.trim() };
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
