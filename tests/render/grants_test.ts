/**
 * An entry's `allowed-tools` are granted to its own render only (issue 13, point 1): renders
 * that run at the same time on one renderer and one policy never see each other's grants, and
 * whoever else holds the policy (a hook decision, `check`) never sees any, before, during or
 * after a render.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { Renderer, type RenderResult, type Runner } from "../../lib/render/renderer.ts";
import { testEnv } from "../_env.ts";
import { attacher, entry } from "./_renderer_fixtures.ts";

/** Each render's entry grants one tool; its body runs its own tool, and in some another's. */
const RENDERS: { name: string; grants: string; body: string; expected: string[] }[] = [
  {
    name: "a render runs what its own allowed-tools grant",
    grants: "Bash(alpha:*)",
    body: "!`alpha 1`",
    expected: ["alpha 1: allow"],
  },
  {
    name: "a render does not run what another render's allowed-tools grant",
    grants: "Bash(beta:*)",
    body: "!`beta 1`\n!`alpha 2`",
    expected: ["beta 1: allow", "alpha 2: ask"],
  },
  {
    name: "the other way round",
    grants: "Bash(alpha:*)",
    body: "!`alpha 3`\n!`beta 2`",
    expected: ["alpha 3: allow", "beta 2: ask"],
  },
  {
    name: "an entry without allowed-tools gets no grant of another",
    grants: "",
    body: "!`alpha 4`",
    expected: ["alpha 4: ask"],
  },
  {
    name: "a third grant, in a render of its own",
    grants: "Bash(gamma:*)",
    body: "!`gamma 1`",
    expected: ["gamma 1: allow"],
  },
];

const verdicts = (r: RenderResult) => r.commands.map((c) => `${c.command}: ${c.verdict}`);

Deno.test("grants: renders at the same time on one policy never see each other's allowed-tools", async () => {
  const policy = new Policy({ sources: [], env: testEnv() });
  const outsider = (command: string) => policy.decide({ tool: "Bash", input: { command } });
  const during: string[] = [];
  // Each command takes its time, so that every render is under way while the others check.
  const runner: Runner = async (command) => {
    await new Promise((resolve) => setTimeout(resolve, 5 + (command.length % 7) * 3));
    for (const c of ["alpha x", "beta x", "gamma x"]) {
      const d = outsider(c);
      if (d.verdict !== "ask") during.push(`${c}: ${d.verdict} (${d.reason})`);
    }
    return { exitCode: 0, output: `ran ${command}` };
  };
  const renderer = new Renderer({ root: "/proj", policy, runner, files: attacher({}) });
  const render = (c: (typeof RENDERS)[number], i: number) =>
    renderer.render({
      entry: entry({ name: `r${i}`, frontmatter: { "allowed-tools": c.grants } }),
      body: c.body,
    });
  // Three rounds of every render at once, in changing order.
  const rounds = [RENDERS, [...RENDERS].reverse(), [...RENDERS.slice(2), ...RENDERS.slice(0, 2)]];
  for (const round of rounds) {
    const results = await Promise.all(round.map((c) => render(c, RENDERS.indexOf(c))));
    for (const [i, c] of round.entries()) {
      assert.deepEqual(verdicts(results[i]!), c.expected, c.name);
    }
  }
  assert.deepEqual(during, [], "a decision made while renders ran saw no grant");
  assert.equal(outsider("alpha x").verdict, "ask", "no grant is left on the policy afterwards");
  assert.deepEqual(policy.runRules, []);
});

Deno.test("grants: each render's verdicts are those it gets alone", async (t) => {
  const policy = new Policy({ sources: [], env: testEnv() });
  const runner: Runner = (command) => Promise.resolve({ exitCode: 0, output: command });
  const renderer = new Renderer({ root: "/proj", policy, runner, files: attacher({}) });
  for (const [i, c] of RENDERS.entries()) {
    await t.step(c.name, async () => {
      const r = await renderer.render({
        entry: entry({ name: `r${i}`, frontmatter: { "allowed-tools": c.grants } }),
        body: c.body,
      });
      assert.deepEqual(verdicts(r), c.expected);
    });
  }
});
