/**
 * Rendering a body with 1,000 placeholders and 100 `@` references (files on disk, read and
 * formatted as read_file returns them), and a body of eight commands that each sleep 0.3 s
 * (real bash, real process groups): they run at the same time, so the goal is under 1 s
 * (`tests/render/parallel_test.ts` checks that they run at the same time, not how fast).
 */

import { cachedRealPath } from "../lib/fs/real_path.ts";
import { MAX_OUTPUT, runCommand } from "../lib/exec/run_command.ts";
import { Policy } from "../lib/permissions/policy.ts";
import { diskAttacher } from "../lib/fs/disk_attacher.ts";
import { Renderer } from "../lib/render/renderer.ts";
import type { Entry } from "../lib/skills/entry.ts";

const root = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-render-bench-" }));
for (let i = 0; i < 100; i++) {
  Deno.writeTextFileSync(`${root}/f${i}.txt`, `line one of ${i}\nline two\n`.repeat(20));
}
const body =
  Array.from({ length: 1000 }, (_, i) => `$${i % 3} $ARGUMENTS[${i % 5}] $name`).join("\n") +
  "\n" + Array.from({ length: 100 }, (_, i) => `see @f${i}.txt`).join("\n");
const entry: Entry = {
  name: "bench",
  kind: "command",
  description: "",
  dir: `${root}/.claude/commands`,
  file: `${root}/.claude/commands/bench.md`,
  source: ".claude/commands",
  frontmatter: { arguments: ["a", "b", "name"] },
  modelInvocable: true,
  userInvocable: true,
};
const realPath = cachedRealPath();
const policy = new Policy({ sources: [], env: { root, home: "/nonexistent", realPath } });
const renderer = new Renderer({
  root,
  policy,
  runner: () => Promise.reject(new Error("no commands here")),
  files: diskAttacher(realPath),
});

Deno.bench({
  name: "render 1,000 placeholders and 100 @ references",
  fn: async () => {
    const r = await renderer.render({ entry, body, arguments: "x y z w v", attachFiles: true });
    if (r.filesRead.length !== 100) throw new Error("expected 100 attachments");
  },
});

Deno.bench({
  name: "render 1,000 placeholders, no attachments",
  fn: async () => {
    await renderer.render({ entry, body, arguments: "x y z w v" });
  },
});

const sleepers = new Renderer({
  root,
  policy: new Policy({
    sources: [{ label: "t", scope: "project", allow: ["Bash(sleep:*)"] }],
    env: { root, home: "/nonexistent", realPath },
  }),
  runner: (command, cwd, t) =>
    runCommand(command, { cwd, timeoutSeconds: t, killGraceSeconds: 1, maxOutput: MAX_OUTPUT }),
  files: diskAttacher(realPath),
});
const slow = Array.from({ length: 8 }, (_, i) => `!\`sleep 0.3; echo ${i}\``).join("\n");

Deno.bench({
  name: "render 8 commands of 0.3 s (they run at the same time; the goal: under 1 s)",
  n: 10,
  warmup: 1,
  fn: async () => {
    const r = await sleepers.render({ entry, body: slow });
    if (r.text !== "0\n1\n2\n3\n4\n5\n6\n7") throw new Error(`unexpected output ${r.text}`);
  },
});

globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));
