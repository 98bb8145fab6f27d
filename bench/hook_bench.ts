/**
 * The hook runs on every tool call: the whole-process time of one `skald hook` call (the JSON
 * settings of `examples/project`) against `deno run` of an empty script. The goal: within 1.5
 * times. The hook runs with the flags the README's hook lines give (`--v8-flags=--no-lazy`:
 * everything compiled at first load, so that Deno's code cache holds it all).
 */

const repo = new URL("..", import.meta.url).pathname;
const empty = Deno.makeTempFileSync({ suffix: ".ts" });
Deno.writeTextFileSync(empty, "");
const input = new TextEncoder().encode(JSON.stringify({
  hook_event_name: "PreToolUse",
  cwd: `${repo}examples/project`,
  tool_name: "Bash",
  tool_input: { command: "git status && npm run test -- --watch" },
}));

async function run(args: string[], stdin?: Uint8Array): Promise<void> {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdin: stdin ? "piped" : "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  if (stdin) {
    const w = child.stdin.getWriter();
    await w.write(stdin);
    await w.close();
  }
  await child.status;
}

Deno.bench({
  name: "deno run of an empty script",
  group: "hook",
  baseline: true,
  n: 100, // a process start is noisy: many runs, both benches alike
  warmup: 5,
  fn: async () => {
    await run(["run", "--quiet", "--allow-read", empty], input); // the same stdin pipe
  },
});

Deno.bench({
  name: "skald hook, one Bash call, JSON settings",
  group: "hook",
  n: 100,
  warmup: 5,
  fn: async () => {
    await run(
      [
        "run",
        "--quiet",
        "--allow-read",
        "--allow-env",
        "--allow-run=bash",
        "--v8-flags=--no-lazy",
        `${repo}main.ts`,
        "hook",
      ],
      input,
    );
  },
});
