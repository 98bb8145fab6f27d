/**
 * The execution oracle's larger run, for before a release (`deno task exec-oracle [COUNT]
 * [SEED]`): COUNT generated commands (default 20,000; the seed random unless given) run for
 * real in the sandbox of `tests/exec_oracle/`, every one of them, and judged against skald's
 * verdicts. Prints each violation, the shapes the violating commands were built from, and
 * counts; exits 1 on any violation. Needs strace (`apt-get install strace`) and root for the
 * sandbox to run commands as nobody.
 *
 * @module
 */

import { generate } from "../tests/exec_oracle/_generator.ts";
import { DENIED_PROGRAMS, judge, pool, wroteProtected } from "../tests/exec_oracle/_judge.ts";
import { makeSandbox, removeSandbox, straceAvailable } from "../tests/exec_oracle/_sandbox.ts";

if (!straceAvailable()) {
  console.error("exec-oracle: strace is needed (apt-get install strace)");
  Deno.exit(2);
}
const count = Number(Deno.args[0] ?? 20_000);
const seed = Deno.args[1] === undefined
  ? Math.floor(Math.random() * 2 ** 31)
  : Number(Deno.args[1]);
const sb = await makeSandbox();
const start = performance.now();
const corpus = generate(seed, count);
let done = 0;
const outs = await pool(corpus, 2, async (g) => {
  const o = await judge(sb, g.command, true);
  if (++done % 1000 === 0) console.error(`exec-oracle: ${done} of ${count}`);
  return o;
});
await removeSandbox(sb);
const families = new Map<string, number>();
let violations = 0;
let forbidden = 0;
outs.forEach((o, i) => {
  const ran = o.ran!;
  if (
    ran.execs.some((e) => DENIED_PROGRAMS.has(e.path.slice(e.path.lastIndexOf("/") + 1))) ||
    ran.removed.length > 0 || ran.opened.some((p) => p.startsWith("secrets/")) ||
    wroteProtected(ran).length > 0
  ) forbidden++;
  if (o.violations.length === 0) return;
  violations++;
  for (const f of corpus[i]!.families) families.set(f, (families.get(f) ?? 0) + 1);
  console.log(`${JSON.stringify(o.command)}\n  ${o.violations.join("\n  ")}`);
});
const denied = outs.filter((o) => o.verdicts.deny === "deny").length;
console.log(
  `exec-oracle: seed ${seed}, ${count} commands in ${
    ((performance.now() - start) / 1000).toFixed(0)
  } s: ` +
    `${forbidden} did something forbidden, ${denied} denied, ${violations} violations`,
);
if (violations > 0) {
  console.log(
    "shapes of the violations: " +
      [...families].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f} ${n}`).join(", "),
  );
  Deno.exit(1);
}
