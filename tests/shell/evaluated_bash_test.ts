/**
 * Text bash evaluates a second time, against the real thing (style point 9): each case runs
 * in bash, in an empty temporary directory, with a harmless `touch y` where an attacker would
 * put `rm`. Where bash creates `y`, the deny view must see the `touch` (a candidate) or hide
 * the command (a hidden part, which every deny rule matches); the table says whether bash runs
 * it, so that a change of bash shows here. Cases marked `clean` stay as they are: no `touch`
 * candidate, nothing hidden (the direction that keeps ordinary commands usable).
 */

import assert from "node:assert/strict";
import { analyzeCommand } from "../../lib/shell/split.ts";

interface Case {
  name: string;
  input: string;
  /** bash runs the `touch y` (creates `y`). */
  runs: boolean;
  /** The view sees no `touch` and hides nothing. */
  clean?: boolean;
  /** A later bash runs the `touch` (bash 5.3 `${ cmd; }`): the view must see it all the same. */
  later?: boolean;
}

const CASES: Case[] = [
  // Finding 1: single quotes quote nothing where bash evaluates a subscript or arithmetic.
  { name: "subscript of ${a[...]}", input: "echo ${a['$(touch y)']}", runs: true },
  { name: "subscript in double quotes", input: "echo \"${a['$(touch y)']}\"", runs: true },
  { name: "subscript with :-", input: "echo ${a['$(touch y)']:-x}", runs: true },
  { name: "subscript of ${!a[...]}", input: "echo ${!a['$(touch y)']}", runs: true },
  { name: "subscript decoded from $'...'", input: "echo ${a[$'\\x24(touch y)']}", runs: true },
  { name: "$(( '...' ))", input: "echo $(( '$(touch y)' ))", runs: true },
  { name: "$[ '...' ]", input: "echo $[ '$(touch y)' ]", runs: true },
  { name: "$(( $'...' ))", input: "echo $(( $'\\x24(touch y)' ))", runs: true },
  { name: "assignment subscript", input: "a['$(touch y)']=1", runs: true },
  { name: "compound assignment key", input: "a=( ['$(touch y)']=1 )", runs: true },
  { name: "substring length", input: "x=abc; echo ${x:1:'$(touch y)'}", runs: true },
  { name: "for (( ... ))", input: "for (( i='$(touch y)'; 0; )); do :; done", runs: true },
  {
    name: ":- in double quotes keeps its quotes",
    input: "x=1; echo \"${x:+'$(touch y)'}\"",
    runs: true,
  },
  { name: "= in double quotes", input: "echo \"${x='$(touch y)'}\"", runs: true },
  {
    name: "quoted text outside ${} stays quoted",
    input: "echo '$(touch y)' '${a[$(touch y)]}'",
    runs: false,
    clean: true,
  },
  {
    name: "escaped $ in a subscript stays escaped",
    input: "echo ${a[\\$(touch y)]}",
    runs: false,
    clean: true,
  },
  // Finding 2: a value the command sets, evaluated.
  { name: "${x@P} of ${x:=...}", input: "echo ${x:='$(touch y)'}${x@P}", runs: true },
  { name: "${x@P} of an assignment", input: "x='$(touch y)'; echo ${x@P}", runs: true },
  { name: "${x@P} of an octal escape", input: "x='\\044(touch y)'; echo ${x@P}", runs: true },
  { name: "${!x} of a subscript", input: "x='a[$(touch y)]'; echo ${!x}", runs: true },
  { name: "$((x)) of a subscript", input: "x='a[$(touch y)]'; echo $((x))", runs: true },
  { name: "$(($x)) of a subscript", input: "x='a[$(touch y)]'; echo $(($x))", runs: true },
  {
    name: "arithmetic through another name",
    input: "x='a[$(touch y)]'; z=x; echo $((z))",
    runs: true,
  },
  { name: "subscript naming a variable", input: "x='a[$(touch y)]'; echo ${b[x]}", runs: true },
  { name: "offset naming a variable", input: "x='a[$(touch y)]'; s=abc; echo ${s:x}", runs: true },
  {
    name: "arithmetic of a command's output",
    input: "echo $(( $(echo 'a[$(touch y)]') ))",
    runs: true,
  },
  { name: "arithmetic of $1", input: "set -- 'a[$(touch y)]'; echo $(($1))", runs: true },
  { name: "arithmetic of $_", input: "echo 'a[$(touch y)]' >/dev/null; echo $((_))", runs: true },
  { name: "[[ -eq ]] of a variable", input: "x='a[$(touch y)]'; [[ $x -eq 0 ]]", runs: true },
  { name: "[[ -eq ]] after &&", input: "x='a[$(touch y)]'; [[ 1 && x -eq 0 ]]", runs: true },
  { name: "let of a variable", input: "x='a[$(touch y)]'; let x", runs: true },
  { name: "nameref", input: "declare -n r='a[$(touch y)]'; echo $r", runs: true },
  { name: "nameref to a name set", input: "x='a[$(touch y)]'; declare -n r=$x; : $r", runs: true },
  { name: "read into a name set", input: "x='a[$(touch y)]'; read \"$x\" <<< 1", runs: true },
  {
    name: "a subscript naming a variable set",
    input: "x='b[$(touch y)]'; read 'a[x]' <<< 1",
    runs: true,
  },
  { name: "printf -v into a name set", input: "x='a[$(touch y)]'; printf -v \"$x\" z", runs: true },
  { name: "integer attribute", input: "declare -i x; x='a[$(touch y)]'", runs: true },
  { name: "PS4 with set -x", input: "PS4='$(touch y)'; set -x; :", runs: true },
  { name: "BASH_ENV", input: "BASH_ENV='$(touch y)' bash -c :", runs: true },
  {
    name: "a plain loop variable",
    input: "for i in 1 2 3; do echo $((i * 2)); done",
    runs: false,
    clean: true,
  },
  { name: "a counter", input: "i=0; i=$((i + 1)); echo $((i)) ${a[i]}", runs: false, clean: true },
  {
    name: "a prompt from the environment",
    input: "echo ${HOME@P} ${!HOME} $((HOME))",
    runs: false,
    clean: true,
  },
  {
    name: "${x@E} runs nothing",
    input: "x='$(touch y)'; echo ${x@E} ${x@Q}",
    runs: false,
    clean: true,
  },
  // Finding 3: builtins that evaluate a quoted subscript or arithmetic.
  { name: "printf -v", input: "printf -v 'a[$(touch y)]' x", runs: true },
  { name: "read", input: "read 'a[$(touch y)]' < /dev/null", runs: true },
  { name: "(( '...' ))", input: "(( 'a[$(touch y)]' ))", runs: true },
  { name: "[[ '...' -eq 0 ]]", input: "[[ 'a[$(touch y)]' -eq 0 ]]", runs: true },
  { name: "[[ 1 -eq '...' ]]", input: "[[ 1 -eq 'a[$(touch y)]' ]]", runs: true },
  { name: "[[ -v '...' ]]", input: "[[ -v 'a[$(touch y)]' ]]", runs: true },
  { name: "test -v", input: "test -v 'a[$(touch y)]'", runs: true },
  { name: "[ -v ]", input: "[ -v 'a[$(touch y)]' ]", runs: true },
  { name: "unset", input: "a=(1); unset 'a[$(touch y)]'", runs: true },
  { name: "declare", input: "declare 'a[$(touch y)]=1'", runs: true },
  { name: "typeset -a", input: "typeset -a 'a[$(touch y)]=1'", runs: true },
  { name: "local", input: "f(){ local 'a[$(touch y)]=1'; }; f", runs: true },
  { name: "declare -i", input: "declare -i x='a[$(touch y)]'", runs: true },
  { name: "let", input: "let 'a[$(touch y)]'", runs: true },
  { name: "builtin read", input: "builtin read 'a[$(touch y)]' < /dev/null", runs: true },
  { name: "command printf -v", input: "command printf -v 'a[$(touch y)]' x", runs: true },
  {
    name: "printf -v with a plain name",
    input: "printf -v name '%s' '$(touch y)'",
    runs: false,
    clean: true,
  },
  { name: "read with a plain name", input: "read -r line < /dev/null", runs: false, clean: true },
  {
    name: "test -eq compares numbers only",
    input: "[ '1' -eq 1 ] && echo '$(touch y)'",
    runs: false,
    clean: true,
  },
  // Finding 4: trap, and the other builtins that run a script.
  { name: "trap", input: "trap 'touch y' EXIT", runs: true },
  { name: "trap --", input: "trap -- 'touch y' EXIT", runs: true },
  { name: "trap with two signals", input: "trap 'touch y' EXIT INT", runs: true },
  { name: "trap - resets", input: "trap - EXIT", runs: false, clean: true },
  { name: "mapfile -C", input: "mapfile -C 'touch y' -c 1 <<< a", runs: true },
  { name: "compgen -C", input: "compgen -C 'touch y' x", runs: true },
  { name: "alias", input: "shopt -s expand_aliases; alias x='touch y'\nx", runs: true },
  { name: "PROMPT_COMMAND", input: "PROMPT_COMMAND='touch y' bash -i <<< ''", runs: true },
  // Finding 6: coproc.
  { name: "coproc NAME { ...; }", input: "coproc X { touch y; }; wait", runs: true },
  { name: "coproc NAME if ...", input: "coproc X if true; then touch y; fi; wait", runs: true },
  { name: "coproc CMD", input: "coproc touch y; wait", runs: true },
  // Finding 8: a shell reading stdin under another name.
  { name: "bash /dev/fd//0", input: "bash /dev/fd//0 <<< 'touch y'", runs: true },
  { name: "bash /dev/./stdin on a pipe", input: "echo 'touch y' | bash /dev/./stdin", runs: true },
  { name: "bash /proc/self/fd//0", input: "bash /proc/self/fd//0 <<< 'touch y'", runs: true },
  { name: "bash /dev/fd/3", input: "bash /dev/fd/3 3<<< 'touch y'", runs: true },
  { name: "stdin in /dev", input: 'd=$PWD; cd /dev && bash stdin <<< "touch $d/y"', runs: true },
  {
    name: "a link to /dev/stdin",
    input: "ln -s /dev/stdin s; echo 'touch y' | bash s",
    runs: true,
  },
  { name: "source /dev/stdin", input: "source /dev/stdin <<< 'touch y'", runs: true },
  // A shell's standard input fed from afar: a compound command, `exec`, a process.
  { name: "exec <<< then bash", input: "exec <<< 'touch y'; bash", runs: true },
  {
    name: "exec 3<<< then bash /dev/fd/3",
    input: "exec 3<<< 'touch y'; bash /dev/fd/3",
    runs: true,
  },
  { name: "{ bash; } <<<", input: "{ bash; } <<< 'touch y'", runs: true },
  { name: "(bash) <<<", input: "(bash) <<< 'touch y'", runs: true },
  { name: "a pipe into (bash)", input: "echo 'touch y' | (bash)", runs: true },
  { name: "a pipe into { true; bash; }", input: "echo 'touch y' | { true; bash; }", runs: true },
  {
    name: "a pipe into a loop",
    input: "printf 'a\\ntouch y\\n' | while read l; do bash; done",
    runs: true,
  },
  { name: "bash < <(...)", input: "bash < <(echo 'touch y')", runs: true },
  {
    name: "a pipe before another command",
    input: "echo 'touch y' | cat; bash < /dev/null",
    runs: false,
    clean: true,
  },
  // bash 5.3 runs `${ cmd; }`; bash 5.2 refuses it.
  { name: "${ cmd; }", input: "echo ${ touch y; }", runs: false, later: true },
];

async function bashRuns(input: string): Promise<boolean> {
  const dir = await Deno.makeTempDir({ prefix: "skald-eval-" });
  try {
    await new Deno.Command("bash", {
      args: ["--norc", "--noprofile", "-c", input],
      cwd: dir,
      env: { LC_ALL: "C.UTF-8", PATH: "/usr/bin:/bin" },
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return await Deno.stat(`${dir}/y`).then(() => true, () => false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const seesTouch = (input: string) =>
  analyzeCommand(input).view.candidates.some((c) => c.tokens[0] === "touch");

for (const c of CASES) {
  Deno.test(`evaluated by bash: ${c.name}`, async () => {
    assert.equal(await bashRuns(c.input), c.runs, "bash");
    const a = analyzeCommand(c.input);
    if (c.runs || c.later) {
      assert.ok(seesTouch(c.input) || a.view.hidden.length > 0, "the view misses what runs");
    }
    if (c.clean) {
      assert.ok(!seesTouch(c.input), "touch seen");
      assert.deepEqual(a.view.hidden, []);
    }
  });
}
