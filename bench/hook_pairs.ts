/**
 * The hook's whole-process time against an empty `deno run`, measured in pairs: the two run in
 * turn, so that the machine's changing load falls on both alike (`deno bench` runs all of one,
 * then all of the other). Prints the median of each and their ratio.
 *
 * Run: `deno run --allow-read --allow-write --allow-env --allow-run bench/hook_pairs.ts [PAIRS]
 * [--in-process] [--rules N]`: the hook as registered (`--resident`: its first call starts the
 * resident decider, the later ones ask it), or decided in each call's own process; on the
 * example project (10 rules), or on a project of a synthetic policy of about N rules.
 *
 * @module
 */

import {
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
