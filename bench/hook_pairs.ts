/**
 * The hook's whole-process time against an empty `deno run`, measured in pairs: the two run in
 * turn, so that the machine's changing load falls on both alike (`deno bench` runs all of one,
 * then all of the other). Prints the median of each and their ratio.
 *
 * Run: `deno run --allow-read --allow-write --allow-env --allow-run bench/hook_pairs.ts [PAIRS]`
 *
 * @module
 */

const repo = decodeURIComponent(new URL("..", import.meta.url).pathname);
const pairs = Number(Deno.args[0] ?? 60);
const empty = Deno.makeTempFileSync({ suffix: ".ts" });
const input = new TextEncoder().encode(JSON.stringify({
  hook_event_name: "PreToolUse",
  cwd: `${repo}examples/project`,
  tool_name: "Bash",
  tool_input: { command: "git status && npm run test -- --watch" },
}));
/** The README's hook line, run from the checkout. */
const HOOK = [
  "run",
  "--quiet",
  "--allow-read",
  "--allow-env",
  "--allow-run=bash",
  "--v8-flags=--no-lazy",
  `${repo}main.ts`,
  "hook",
];
const EMPTY = ["run", "--quiet", "--allow-read", empty];

/** Milliseconds of one process, fed the hook input. */
async function time(args: string[]): Promise<number> {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(input);
  await w.close();
  await child.status;
  return performance.now() - start;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

try {
  for (let i = 0; i < 3; i++) await Promise.all([time(HOOK), time(EMPTY)]);
  const hook: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < pairs; i++) {
    base.push(await time(EMPTY));
    hook.push(await time(HOOK));
  }
  const [h, b] = [median(hook), median(base)];
  console.log(
    `${pairs} pairs: empty deno run ${b.toFixed(1)} ms, skald hook ${h.toFixed(1)} ms, ` +
      `${(h / b).toFixed(2)} times`,
  );
} finally {
  Deno.removeSync(empty);
}
