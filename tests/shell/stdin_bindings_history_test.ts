/**
 * The deny view of issue 10's classes 1 to 4, both ways: a command that runs what it reads
 * (`xargs`, `parallel`), names bound to programs (`hash -p`, `BASH_CMDS`, `alias`), builtins
 * given `--`, history run again. Checked against bash in `tests/exec_oracle/`.
 */

import { type ViewCase, viewTests } from "./_view_cases.ts";

const CLASS_1: ViewCase[] = [
  {
    name: "echo NAME | xargs env: env runs a word it reads",
    input: "echo rm | xargs env",
    expected: { hidden: ["<input>"] },
  },
  {
    name: "xargs sh -c: the script is read",
    input: "ls | xargs sh -c",
    expected: { hidden: ["holds <input>"] },
  },
  {
    name: "printf NAME\\0 | xargs -0 env",
    input: "printf 'rm\\0' | xargs -0 env",
    expected: { hidden: ["<input>"] },
  },
  {
    name: "xargs -I{} bash -c {} <<< CMD",
    input: "xargs -I{} bash -c {} <<< 'rm x'",
    expected: { hidden: ["holds {}"] },
  },
  {
    name: "xargs -0I{} sh -c 'echo {}': {} in a script",
    input: "xargs -0I{} sh -c 'echo {}'",
    expected: { hidden: ["echo {}"] },
  },
  {
    name: "xargs --replace",
    input: "xargs --replace sh -c {}",
    expected: { hidden: ["holds {}"] },
  },
  {
    name: "xargs sudo: sudo's command is read",
    input: "xargs sudo < f",
    expected: { hidden: ["<input>"] },
  },
  {
    name: "... | parallel bash -c",
    input: "ls | parallel bash -c",
    expected: { hidden: ["holds <input>"] },
  },
  {
    name: "parallel {= perl =}",
    input: "parallel echo {= s/a/b/ =} ::: x",
    // (`s/a/b/` tried as a command names a directory: bash runs nothing; issue 23)
    expected: { hidden: ["perl code"] },
  },
  // Harmless: the program is known, the words it reads are its arguments.
  {
    name: "xargs rm: rm with what it reads",
    input: "ls | xargs rm",
    expected: { some: [["rm", null]], hidden: [] },
  },
  {
    name: "xargs -I{} mv {} {}.bak",
    input: "ls | xargs -I{} mv {} {}.bak",
    expected: { some: [["mv", null, null]], hidden: [] },
  },
  {
    name: "xargs wc -l",
    input: "git ls-files | xargs wc -l",
    expected: { some: [["wc", "-l", null]], none: [["rm", null]], hidden: [] },
  },
  {
    name: "parallel gzip",
    input: "ls | parallel gzip",
    expected: { some: [["gzip", null]], hidden: [] },
  },
  {
    name: "xargs sh -c 'SCRIPT' _: the script is written",
    input: "ls | xargs sh -c 'rm \"$@\"' _",
    expected: { some: [["rm", null]], hidden: [] },
  },
];

const CLASS_2: ViewCase[] = [
  {
    name: "hash -p PATH NAME; NAME runs PATH",
    input: "hash -p /bin/rm ls; ls x",
    expected: { some: [["rm", "x"], ["ls", "x"]], hidden: [] },
  },
  {
    name: "NAME before hash -p (a loop) runs PATH",
    input: "for i in 1 2; do ls x; hash -p /bin/rm ls; done",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "hash -p with a path known at run time",
    input: 'hash -p "$P" ls; ls',
    expected: { hidden: ["bind a name to any program"] },
  },
  {
    name: "hash -pPATH glued",
    input: "hash -p/bin/rm ls; ls y",
    expected: { some: [["rm", "y"]], hidden: [] },
  },
  {
    name: "BASH_CMDS[NAME]=PATH",
    input: "BASH_CMDS[ls]=/bin/rm; ls x",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "BASH_CMDS=(...) hides",
    input: "BASH_CMDS=([ls]=/bin/rm); ls x",
    expected: { hidden: ["BASH_CMDS"] },
  },
  {
    name: "read into BASH_CMDS hides",
    input: "read 'BASH_CMDS[ls]' < f; ls x",
    expected: { hidden: ["BASH_CMDS"] },
  },
  {
    name: "alias c=command, then c NAME",
    input: "shopt -s expand_aliases; alias c=command\nc rm x",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "alias to eval",
    input: "alias e=eval; e 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "alias to source keeps the here-string",
    input: "alias s=source; s /dev/stdin <<< 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "alias with a trailing blank expands the next word",
    input: "alias s='sudo ' r=rm; s r -rf y",
    expected: { some: [["rm", "-rf", "y"]], hidden: [] },
  },
  {
    name: "alias of a script with operators",
    input: "alias c='cd /tmp; rm'; c x",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "an alias is expanded again in a script its text runs",
    input: "alias e=eval; e 'alias e=eval; e \"rm x\"'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "an alias to a name known at run time",
    input: 'alias c="$X"; c',
    expected: { hidden: ["$X"] },
  },
  // Harmless.
  {
    name: "alias ll='ls -la'; ll",
    input: "alias ll='ls -la'; ll",
    expected: { some: [["ls", "-la"]], none: [["rm"]], hidden: [] },
  },
  {
    name: "a quoted word is no alias",
    input: "alias r=rm; 'r' x",
    expected: { none: [["rm", "x"]], hidden: [] },
  },
  {
    name: "hash -r binds nothing",
    input: "hash -r; ls x",
    expected: { none: [["rm", "x"]], hidden: [] },
  },
  {
    name: "hash NAME binds nothing",
    input: "hash ls; ls x",
    expected: { some: [["ls", "x"]], hidden: [] },
  },
];

const CLASS_3: ViewCase[] = [
  {
    name: "eval -- CMD",
    input: "eval -- rm x",
    expected: { some: [["rm", "x"]], none: [["--", "rm", "x"]], hidden: [] },
  },
  {
    name: ". -- FILE",
    input: ". -- /dev/stdin <<< 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "source -- FILE",
    input: "source -- /dev/stdin <<< 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "command -- NAME",
    input: "command -- rm x",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "builtin eval -- CMD",
    input: "builtin eval -- 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "env - is env -i", input: "env - rm x", expected: { some: [["rm", "x"]], hidden: [] } },
  {
    name: "env -i - PATH=x NAME",
    input: "env -i - PATH=/bin rm x",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "exec -- NAME", input: "exec -- rm x", expected: { some: [["rm", "x"]], hidden: [] } },
  {
    name: "eval -- -- CMD: only the first -- ends options",
    input: "eval -- -- rm x",
    expected: { some: [["--", "rm", "x"]], hidden: [] },
  },
  {
    name: "eval -- echo stays echo",
    input: "eval -- echo rm",
    expected: { some: [["echo", "rm"]], none: [["rm"]], hidden: [] },
  },
];

const CLASS_4: ViewCase[] = [
  {
    name: "history -s CMD; fc -s: the text is a script",
    input: "history -s 'rm x'; fc -s",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "history -s CMD; fc -e -",
    input: "history -s rm x; fc -e -",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "history -s of a text known at run time",
    input: 'history -s "$C"; fc -s',
    expected: { hidden: ["$C"] },
  },
  {
    name: "fc -s PAT=REP changes the entry",
    input: "history -s 'rx y'; fc -s x=m",
    expected: { some: [["rx", "y"]], hidden: ["PAT=REP"] },
  },
  { name: "fc with an editor", input: "fc", expected: { hidden: ["editor"] } },
  { name: "fc -e vim", input: "fc -e vim 1", expected: { hidden: ["editor"] } },
  {
    name: "history -r then fc -s",
    input: "history -r h.txt; fc -s",
    expected: { hidden: ["history file"] },
  },
  {
    name: "set -H turns on history expansion",
    input: "set -H; echo !!",
    expected: { hidden: ["history expansion"] },
  },
  {
    name: "set -o histexpand",
    input: "set -o histexpand",
    expected: { hidden: ["history expansion"] },
  },
  // Harmless.
  { name: "fc -l lists", input: "fc -l", expected: { hidden: [] } },
  { name: "history lists", input: "history | tail", expected: { hidden: [] } },
  {
    name: "history -s of a harmless text",
    input: "history -s 'echo hi'; fc -s",
    expected: { some: [["echo", "hi"]], hidden: [] },
  },
  { name: "set -e", input: "set -euo pipefail", expected: { hidden: [] } },
];

viewTests("class 1, a program handed over on stdin", CLASS_1);
viewTests("class 2, a name bound to another program", CLASS_2);
viewTests("class 3, builtins given --", CLASS_3);
viewTests("class 4, history run again", CLASS_4);
