/**
 * The hook's cost next to an empty `deno run`, measured in interleaved pairs (one of each, then
 * the other, so that a machine's load falls on both alike), after a warm-up of three each
 * (that starts the resident decider). Prints the median of each and their ratio.
 *
 * Run: `deno run --allow-read --allow-write --allow-env --allow-run bench/hook_pairs.ts [PAIRS]
 * [--in-process] [--rules N] [--recursive]`: the hook as registered (`--resident`: its first call
 * starts the resident decider, the later ones ask it), or decided in each call's own process; on
 * the example project (10 rules), or on a project of a synthetic policy of about N rules. With
 * `--recursive`, in a project of 10,000 files, an ordinary call and `grep -rn TODO .` (which
 * walks them all: no file there is one the rules name) in turn with the empty run, and the ratio
 * of the two calls (issue 23's goal: at most 1.3).
 *
 * @module
 */

import {
  bigProject,
  emptyScript,
  EXAMPLE_PROJECT,
  hookInput,
  IN_PROCESS,
  residentHook,
  syntheticProject,
  timeDeno,
} from "./_hook_call.ts";

const pairs = Number(Deno.args.find((a) => /^\d+$/.test(a)) ?? 60);
const inProcess = Deno.args.includes("--in-process");
const recursive = Deno.args.includes("--recursive");
const rulesAt = Deno.args.indexOf("--rules");
const rules = rulesAt === -1 ? undefined : Number(Deno.args[rulesAt + 1]);
const project = rules === undefined ? EXAMPLE_PROJECT : syntheticProject(rules);
const input = hookInput(project);
const HOOK = inProcess ? IN_PROCESS : residentHook();
const EMPTY = emptyScript();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

if (!recursive) {
  for (let i = 0; i < 3; i++) await Promise.all([timeDeno(HOOK, input), timeDeno(EMPTY, input)]);
  const hook: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < pairs; i++) {
    base.push(await timeDeno(EMPTY, input));
    hook.push(await timeDeno(HOOK, input));
  }
  const [h, b] = [median(hook), median(base)];
  console.log(
    `${pairs} pairs, ${rules === undefined ? "the example project" : `${rules} rules`}: ` +
      `empty deno run ${b.toFixed(1)} ms, ` +
      `skald hook${inProcess ? " (in process)" : " --resident"} ${h.toFixed(1)} ms, ` +
      `${(h / b).toFixed(2)} times`,
  );
} else {
  const dir = bigProject();
  // A project's directories are not all written in the last seconds: the resident decider keeps
  // only the listings of directories that settled (2 s), so the measure starts after that.
  await new Promise((r) => setTimeout(r, 2500));
  const ordinary = hookInput(dir);
  const grep = hookInput(dir, "grep -rn TODO .");
  for (let i = 0; i < 3; i++) await Promise.all([timeDeno(HOOK, ordinary), timeDeno(HOOK, grep)]);
  const o: number[] = [];
  const g: number[] = [];
  const e: number[] = [];
  for (let i = 0; i < pairs; i++) {
    e.push(await timeDeno(EMPTY, ordinary));
    o.push(await timeDeno(HOOK, ordinary));
    g.push(await timeDeno(HOOK, grep));
  }
  const [mo, mg, me] = [median(o), median(g), median(e)];
  console.log(
    `10,000 files: empty ${me.toFixed(1)} ms, ordinary call ${mo.toFixed(1)} ms ` +
      `(${(mo / me).toFixed(2)} times), grep -rn TODO . ${mg.toFixed(1)} ms ` +
      `(${(mg / me).toFixed(2)} times; ${(mg / mo).toFixed(2)} times the ordinary call)`,
  );
}
