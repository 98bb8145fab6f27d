/**
 * The hook runs on every tool call: the whole-process time of one `skald hook` call (the JSON
 * settings of `examples/project`) against `deno run` of an empty script. The goal: within 1.5
 * times, as registered (`--resident`). (`bench/hook_pairs.ts` measures the same in interleaved
 * pairs.)
 */

import { emptyScript, IN_PROCESS, residentHook, timeDeno } from "./_hook_call.ts";

const EMPTY = emptyScript();
const RESIDENT = residentHook();

Deno.bench({
  name: "deno run of an empty script",
  group: "hook",
  baseline: true,
  n: 100, // a process start is noisy: many runs, both benches alike
  warmup: 5,
  fn: async () => void await timeDeno(EMPTY),
});

Deno.bench({
  name: "skald hook --resident, one Bash call, JSON settings",
  group: "hook",
  n: 100,
  warmup: 5,
  fn: async () => void await timeDeno(RESIDENT),
});

Deno.bench({
  name: "skald hook decided in its own process, one Bash call, JSON settings",
  group: "hook",
  n: 100,
  warmup: 5,
  fn: async () => void await timeDeno(IN_PROCESS),
});
