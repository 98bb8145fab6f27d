/**
 * git's configuration files, as far as the deny view needs them: the aliases they define
 * (`[alias] p = push` makes `git p` run `git push`) and the files they include. Read as git
 * reads them (git-config(1), "CONFIGURATION FILE"): `#` and `;` start a comment outside
 * quotes, section and key names are compared in lower case, a value may be quoted (`"..."`),
 * hold `\"`, `\\`, `\n`, `\t`, `\b` and go on after a backslash at the end of a line; a key
 * without `=` is `true`. Hand-written: the INI readers on npm (`ini`) differ from git on
 * subsections, quotes and continued lines. Pure (`git_aliases.ts` reads the files).
 *
 * @module
 */

/** What one configuration file says that matters here. */
export interface GitConfig {
  /** `alias.NAME` values, by the name in lower case (a later one wins, as in git). */
  aliases: Map<string, string>;
  /** `include.path` and `includeIf.*.path` values, as written, in order. */
  includes: string[];
}

/**
 * Reads a configuration file's text.
 *
 * @param text the file's text
 * @returns its aliases and included paths
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./git_config.ts";
 *
 * const config = parseGitConfig(`
 * [Alias]
 *   p = push          # a comment
 *   PF = "push --force"
 *   lg = !git log \\
 *     --graph
 * [includeIf "gitdir:~/work/"]
 *   path = ~/.gitconfig-work
 * `);
 * assert.deepEqual([...config.aliases], [
 *   ["p", "push"],
 *   ["pf", "push --force"],
 *   ["lg", "!git log     --graph"], // blanks of a continued line are kept, as git keeps them
 * ]);
 * assert.deepEqual(config.includes, ["~/.gitconfig-work"]);
 * ```
 */
export function parseGitConfig(text: string): GitConfig {
  const config: GitConfig = { aliases: new Map(), includes: [] };
  let section = "";
  let subsection: string | undefined;
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/\r$/, "");
    const header = /^\s*\[([^\]"\s]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header !== null) {
      // `[section "sub"]`, or `[section.sub]` (the old form, its subsection in lower case): an
      // alias of a subsection is `sub.key` (`[alias "x"] y = push` makes `git x.y` push).
      const name = header[1]!;
      const dot = name.indexOf(".");
      section = (dot === -1 ? name : name.slice(0, dot)).toLowerCase();
      subsection = header[2] !== undefined
        ? header[2].replace(/\\(.)/g, "$1")
        : dot === -1
        ? undefined
        : name.slice(dot + 1).toLowerCase();
      line = line.slice(header[0].length);
    }
    const entry = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(=?)(.*)$/.exec(line);
    if (entry === null) continue;
    const key = entry[1]!.toLowerCase();
    let rest = entry[3]!;
    // A value goes on past a backslash at the end of its line.
    while (entry[2] === "=" && continues(rest) && i + 1 < lines.length) {
      rest = rest.slice(0, -1) + lines[++i]!.replace(/\r$/, "");
    }
    const value = entry[2] === "=" ? gitValue(rest) : "true";
    if (section === "alias") {
      config.aliases.set(subsection === undefined ? key : `${subsection}.${key}`, value);
    } else if ((section === "include" || section === "includeif") && key === "path") {
      config.includes.push(value);
    }
  }
  return config;
}

/** True when the line ends in a backslash that is not itself escaped nor in a comment. */
function continues(text: string): boolean {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") {
      if (i === text.length - 1) return true;
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "#" || c === ";")) return false;
  }
  return false;
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  b: "\b",
  '"': '"',
  "\\": "\\",
};

/** A value as git reads it: quotes removed, escapes made, a comment cut, blanks trimmed. */
function gitValue(text: string): string {
  let out = "";
  let quoted = false;
  // Blanks at the end are dropped, unless quoted: kept until a later character shows them inside.
  let pending = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      out += pending + (ESCAPES[text[++i]!] ?? text[i]!);
      pending = "";
    } else if (c === '"') {
      out += pending;
      pending = "";
      quoted = !quoted;
    } else if (!quoted && (c === "#" || c === ";")) break;
    else if (!quoted && /\s/.test(c)) {
      if (out !== "") pending += c;
    } else {
      out += pending + c;
      pending = "";
    }
  }
  return out;
}
