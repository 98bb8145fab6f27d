/**
 * Once all are checked, independent commands run at the same time and keep their places (real
 * bash, real process groups). Eight commands meet: each marks that it has started, then waits
 * until all eight have (10 s at most); run one after another, the first would wait alone and say
 * so. What it gains in time is the bench's (`bench/render_bench.ts`), not a test's bound.
 */

import assert from "node:assert/strict";
import { MAX_OUTPUT, runCommand } from "../../lib/exec/run_command.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { Renderer } from "../../lib/render/renderer.ts";
import type { FileAttacher } from "../../lib/render/attachments.ts";
import type { Entry } from "../../lib/skills/entry.ts";

const noFiles: FileAttacher = {
  kind: () => undefined,
  realPath: (p) => p,
  readFile: () => Promise.resolve({ refused: "none" }),
  listDir: () => Promise.resolve({ refused: "none" }),
};

/**
 * The command of the `i`th of `n` that meet: it marks its start, waits until `n` have started
 * (or 200 rounds of 50 ms), and prints its number, with "alone" when the others never came.
 */
function meeting(i: number, n: number): string {
  const met = `[ "$(ls .met-* | wc -l)" -ge ${n} ]`;
  return `touch .met-${i}; for t in $(seq 200); do ${met} && break; sleep 0.05; done; ` +
    `${met} && echo ${i} || echo ${i} alone`;
}

Deno.test("render: 8 commands run at the same time (each waits for all), outputs in their places", async () => {
  const root = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-parallel-" }));
  try {
    const policy = new Policy({
      sources: [{ label: "t", scope: "project", allow: ["Bash"] }],
      env: { root, home: "/nonexistent", realPath: (p) => p },
    });
    const renderer = new Renderer({
      root,
      policy,
      files: noFiles,
      runner: (command, cwd, t) =>
        runCommand(command, { cwd, timeoutSeconds: t, killGraceSeconds: 1, maxOutput: MAX_OUTPUT }),
    });
    const body = Array.from({ length: 8 }, (_, i) => `!\`${meeting(i, 8)}\``).join("\n");
    const entry: Entry = {
      name: "meet",
      kind: "command",
      description: "",
      dir: root,
      file: `${root}/meet.md`,
      source: "t",
      frontmatter: {},
      modelInvocable: true,
      userInvocable: true,
    };
    const r = await renderer.render({ entry, body });
    assert.equal(r.error, undefined);
    assert.equal(r.text, "0\n1\n2\n3\n4\n5\n6\n7");
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
