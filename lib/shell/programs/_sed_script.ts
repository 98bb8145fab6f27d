/**
 * A sed script, read for what it runs: GNU sed's `e COMMAND` runs COMMAND, `e` alone runs the
 * pattern space, and the `e` flag of `s///` runs the text the substitution made. The reader
 * knows GNU sed's commands (addresses, `{}` blocks, `a`/`i`/`c` text, labels, file names,
 * `s` and `y` with any delimiter, `#` comments); a script it cannot read is taken as one that
 * may run anything.
 *
 * @module
 */

/** What a sed script runs. */
export type SedRuns =
  | { kind: "commands"; commands: string[] }
  | { kind: "hidden"; reason: string };

const NO_ARGS = new Set("=dDgGhHnNpPxzF");

/**
 * The commands a sed script runs.
 *
 * @param script the script text (`-e` scripts joined by newlines)
 * @returns the `e` commands, or why what runs is only known when it runs
 */
export function sedRuns(script: string): SedRuns {
  const commands: string[] = [];
  let i = 0;
  const n = script.length;
  const hidden = (reason: string): SedRuns => ({ kind: "hidden", reason });
  const toEol = () => {
    const end = script.indexOf("\n", i);
    const text = script.slice(i, end === -1 ? n : end);
    i = end === -1 ? n : end + 1;
    return text;
  };
  // A delimited text (`/re/`, `s/a/b/`): up to the unescaped delimiter; false when unclosed.
  const delimited = (d: string): boolean => {
    while (i < n && script[i] !== d) {
      if (script[i] === "\\") i++;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  while (i < n) {
    const c = script[i]!;
    if (/[\s;]/.test(c)) {
      i++;
      continue;
    }
    if (c === "#") {
      toEol();
      continue;
    }
    // Addresses: numbers, $, /re/, \cREc, first~step, addr,addr, addr,+N, then !.
    for (let k = 0; k < 2; k++) {
      if (/[0-9]/.test(script[i] ?? "")) {
        while (/[0-9~]/.test(script[i] ?? "")) i++;
      } else if (script[i] === "$") i++;
      else if (script[i] === "/" || script[i] === "\\") {
        const d = script[i] === "\\" ? script[i + 1] : "/";
        i += script[i] === "\\" ? 2 : 1;
        if (d === undefined || !delimited(d)) {
          return hidden("the sed script has an unclosed address");
        }
        while (/[IM]/.test(script[i] ?? "")) i++;
      } else if (k === 1 && /[+~]/.test(script[i] ?? "")) {
        i++;
        while (/[0-9]/.test(script[i] ?? "")) i++;
      }
      if (k === 0 && script[i] === ",") i++;
      else break;
    }
    while (script[i] === "!" || script[i] === " " || script[i] === "\t") i++;
    const cmd = script[i];
    if (cmd === undefined) break;
    i++;
    if (cmd === "{" || cmd === "}" || NO_ARGS.has(cmd)) continue;
    if ("aic".includes(cmd)) {
      // Text to the end of the line; a line ending in a backslash goes on.
      for (;;) {
        const line = toEol();
        if (!/\\$/.test(line) || i >= n) break;
      }
      continue;
    }
    if (":btTv".includes(cmd)) {
      while (i < n && script[i] !== ";" && script[i] !== "\n") i++;
      continue;
    }
    if ("rRwW".includes(cmd)) {
      toEol();
      continue;
    }
    if ("lLqQ".includes(cmd)) {
      while (/[ \t0-9]/.test(script[i] ?? "")) i++;
      continue;
    }
    if (cmd === "e") {
      const text = toEol().trim();
      if (text === "") return hidden("sed's e runs the pattern space as a command");
      commands.push(text);
      continue;
    }
    if (cmd === "s" || cmd === "y") {
      const d = script[i];
      if (d === undefined || d === "\n" || d === "\\") {
        return hidden("the sed script cannot be read");
      }
      i++;
      if (!delimited(d) || !delimited(d)) return hidden(`the sed ${cmd} command is unclosed`);
      if (cmd === "y") continue;
      while (i < n && /[gpiImMe0-9w]/.test(script[i]!)) {
        const flag = script[i++]!;
        if (flag === "e") return hidden("the e flag of sed's s runs the text it made as a command");
        if (flag === "w") {
          toEol();
          break;
        }
      }
      continue;
    }
    return hidden(`the sed script holds ${JSON.stringify(cmd)}, which skald cannot read`);
  }
  return { kind: "commands", commands };
}
