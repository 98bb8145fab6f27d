/**
 * The hook's whole-process time against an empty `deno run`, measured in pairs: the two run in
 * turn, so that the machine's changing load falls on both alike (`deno bench` runs all of one,
 * then all of the other). Prints the median of each and their ratio.
 *
 * Run: `deno run --allow-read --allow-write --allow-env --allow-run bench/hook_pairs.ts [PAIRS]
 * [--in-process]`: the hook as registered (`--resident`: its first call starts the resident
 * decider, the later ones ask it), or decided in each call's own process.
 *
 * @module
 */

import { emptyScript, IN_PROCESS, residentHook, timeDeno } from "./_hook_call.ts";

const pairs = Number(Deno.args.find((a) => /^\d+$/.test(a)) ?? 60);
const inProcess = Deno.args.includes("--in-process");
const HOOK = inProcess ? IN_PROCESS : residentHook();
const EMPTY = emptyScript();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

for (let i = 0; i < 3; i++) await Promise.all([timeDeno(HOOK), timeDeno(EMPTY)]);
const hook: number[] = [];
const base: number[] = [];
for (let i = 0; i < pairs; i++) {
  base.push(await timeDeno(EMPTY));
  hook.push(await timeDeno(HOOK));
}
const [h, b] = [median(hook), median(base)];
console.log(
  `${pairs} pairs: empty deno run ${b.toFixed(1)} ms, ` +
    `skald hook${inProcess ? " (in process)" : " --resident"} ${h.toFixed(1)} ms, ` +
    `${(h / b).toFixed(2)} times`,
);
