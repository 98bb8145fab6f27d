/**
 * Once all are checked, independent commands run at the same time and keep their places: eight
 * commands that each sleep 0.3 s render in under 1 s (real bash, real process groups).
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

Deno.test("render speed: 8 commands of 0.3 s in under 1 s, outputs in their places", async () => {
  const root = Deno.realPathSync(Deno.makeTempDirSync());
  try {
    const policy = new Policy({
      sources: [{ label: "t", scope: "project", allow: ["Bash(sleep:*)"] }],
      env: { root, home: "/nonexistent", realPath: (p) => p },
    });
    const renderer = new Renderer({
      root,
      policy,
      files: noFiles,
      runner: (command, cwd, t) =>
        runCommand(command, { cwd, timeoutSeconds: t, killGraceSeconds: 1, maxOutput: MAX_OUTPUT }),
    });
    const body = Array.from({ length: 8 }, (_, i) => `!\`sleep 0.3; echo ${i}\``).join("\n");
    const entry: Entry = {
      name: "slow",
      kind: "command",
      description: "",
      dir: root,
      file: `${root}/slow.md`,
      source: "t",
      frontmatter: {},
      modelInvocable: true,
      userInvocable: true,
    };
    const start = performance.now();
    const r = await renderer.render({ entry, body });
    const took = performance.now() - start;
    assert.equal(r.text, "0\n1\n2\n3\n4\n5\n6\n7");
    assert.ok(took < 1000, `took ${took.toFixed(0)} ms`);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
