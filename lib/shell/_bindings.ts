/**
 * Names bound to other programs (class 2 of issue 10): `hash -p PATH NAME` and
 * `BASH_CMDS[NAME]=PATH` make NAME run PATH; `alias NAME=TEXT` makes NAME read as TEXT (bash
 * expands aliases where a command starts, and in a script once `shopt -s expand_aliases` is
 * on, as Claude Code's shell has it). A binding is recorded wherever it is in the command and
 * a use of the name anywhere is read through it as well as for itself, because bash may run
 * the binding first (a loop, a function, a later line). A binding whose name or target is only
 * known when it runs hides the command.
 *
 * @module
 */

import type { SimpleCommand, Word } from "./parse.ts";
import { joinLines, parseShell } from "./parse.ts";
import { type Binding, literal, type Walk } from "./_walk.ts";

/** Records a binding, once, counting it when it is new. */
function bind(walk: Walk, name: string, b: Binding): void {
  const list = walk.bindings.get(name) ?? [];
  if (
    list.some((x) =>
      x.kind === b.kind && (x.kind === "alias" ? x.text : x.path) ===
        (b.kind === "alias" ? b.text : b.path)
    )
  ) return;
  list.push(b);
  walk.bindings.set(name, list);
  walk.newBindings++;
}

const hide = (walk: Walk, cmd: SimpleCommand, reason: string): void => {
  walk.out.hidden.push({ text: cmd.text, reason });
};

/**
 * `hash [-lrdt] [-p PATH] [NAME...]`: with `-p`, each NAME runs PATH. A word only known when it
 * runs may be `-p` and its operands: it hides the command.
 */
export function hashBindings(walk: Walk, cmd: SimpleCommand, rest: Word[]): void {
  const dynamic = rest.find((w) => w.dynamic);
  if (dynamic !== undefined) {
    return hide(walk, cmd, `hash is given ${dynamic.raw}, which may bind a name to any program`);
  }
  let path: string | undefined;
  let j = 1;
  for (; j < rest.length; j++) {
    const v = rest[j]!.value;
    if (v === "--") {
      j++;
      break;
    }
    const m = /^-[lrdt]*p(.*)$/.exec(v);
    if (m !== null) {
      path = m[1] !== "" ? m[1] : rest[++j]?.value;
      continue;
    }
    if (!/^-[lrdt]+$/.test(v)) break;
  }
  if (path === undefined) return;
  for (const w of rest.slice(j)) bind(walk, w.value, { kind: "path", path });
}

/** `alias NAME=TEXT ...`: NAME reads as TEXT (the text itself is a script: `builtinScriptView`). */
export function aliasBindings(walk: Walk, rest: Word[]): void {
  for (const w of rest.slice(1)) {
    const eq = w.dynamic ? -1 : w.value.indexOf("=");
    if (eq > 0) bind(walk, w.value.slice(0, eq), { kind: "alias", text: w.value.slice(eq + 1) });
  }
}

/** `BASH_CMDS[NAME]=PATH` as written; anything else assigned to BASH_CMDS hides the command. */
const BASH_CMDS = /^BASH_CMDS\[([^\]'"$`\\\s]+)\]\+?=([^'"$`\\\s;&|()<>]+)$/;

/**
 * Every assignment to `BASH_CMDS` the walk met (prefix assignments, `declare`, `read`,
 * `printf -v`, nested scripts): each binds its key to its value, when both are written
 * plainly; otherwise what a name runs is only known when the command runs.
 */
export function hashTableBindings(walk: Walk): void {
  for (const a of walk.assignments) {
    if (a.name !== "BASH_CMDS") continue;
    const m = BASH_CMDS.exec(joinLines(a.text));
    if (m === null) {
      walk.out.hidden.push({
        text: a.text,
        reason: `${a.text} binds a name to a program only known when it runs`,
      });
    } else bind(walk, m[1]!, { kind: "path", path: m[2]! });
  }
}

/** How a bound use is read: a command's words, or a script text. */
export type BoundUse =
  | { kind: "words"; words: Word[]; via: string }
  | { kind: "script"; text: string; via: string };

/**
 * The readings of a command whose head is bound: `hash`ed names run their path with the same
 * arguments; an alias's text takes the place of the word as written (the rest of the command
 * after it, and, when the text ends in a blank, the next word read as an alias too).
 *
 * @param walk the walk
 * @param rest the command's words, its head first
 * @param name the head's command name
 * @param depth how many scripts deep the command is (an alias is not expanded in its own text,
 *   but is in a script it runs: `alias e=eval; e 'e ...'`)
 * @returns one reading per binding; empty when the name is not bound
 */
export function boundUses(
  walk: Walk,
  rest: Word[],
  name: string,
  depth: number,
): BoundUse[] {
  const list = walk.bindings.get(name);
  const head = rest[0]!;
  if (list === undefined || head.dynamic || walk.expanding.has(`${name}\u0000${depth}`)) return [];
  const out: BoundUse[] = [];
  for (const b of list) {
    if (b.kind === "path") {
      if (!head.value.includes("/")) {
        out.push({
          kind: "words",
          words: [literal(b.path), ...rest.slice(1)],
          via: `hash ${name}`,
        });
      }
      continue;
    }
    if (joinLines(head.raw) !== head.value) continue; // a quoted word is no alias
    let text = b.text;
    let k = 1;
    // `alias s='sudo '`: the word after a text that ends in a blank is read as an alias too.
    while (/[ \t]$/.test(text) && k < rest.length) {
      const next = rest[k]!;
      const alias = next.dynamic || joinLines(next.raw) !== next.value
        ? undefined
        : walk.bindings.get(next.value)?.find((x) => x.kind === "alias");
      if (alias?.kind !== "alias") break;
      text += alias.text;
      k++;
    }
    // A text of one simple command takes the word's place, the command's redirections kept
    // (`s /dev/stdin <<< CMD` with `alias s=source`); any other text is a script.
    const parse = parseShell(text);
    const only = parse.commands[0];
    if (
      parse.commands.length === 1 && parse.opaque.length === 0 && only !== undefined &&
      only.redirects.length === 0 && only.words.length > 0
    ) {
      out.push({ kind: "words", words: [...only.words, ...rest.slice(k)], via: `alias ${name}` });
      continue;
    }
    const tail = rest.slice(k).map((w) => w.raw).join(" ");
    out.push({
      kind: "script",
      text: tail === "" ? text : `${text} ${tail}`,
      via: `alias ${name}`,
    });
  }
  return out;
}
