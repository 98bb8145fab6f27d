/**
 * Rendering against Claude Code 2.1.332 on the cases of `tests/oracle/cases/plugin_renders.json`
 * (frozen by `tests/oracle/freeze_plugins.ts`): `${CLAUDE_PLUGIN_ROOT}`, `${CLAUDE_SKILL_DIR}`
 * and `${CLAUDE_PROJECT_DIR}` in `allowed-tools` (which Claude Code expands, and where), a
 * failing command's message (`[stderr]` before the output), a plugin's command over its skill,
 * a skill folder named as a plugin command. Commands really run, as in the oracle.
 */

import assert from "node:assert/strict";
import { MAX_OUTPUT, runCommand } from "../../lib/exec/run_command.ts";
import { cachedRealPath } from "../../lib/fs/real_path.ts";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskAttacher } from "../../lib/fs/disk_attacher.ts";
import { Renderer } from "../../lib/render/renderer.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { buildTree, type TreeCase } from "../_oracle_tree.ts";
import { yaml } from "../_skill_fs.ts";

interface Case extends TreeCase {
  name: string;
  prompt: string;
  sentToModel: boolean;
  rendered: string[];
  result: string | null;
}

const cases: Case[] = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/oracle/plugin_renders.json", import.meta.url)),
);

/** Where skald differs on purpose: Claude Code's text -> skald's in the result, and why. */
const DEVIATIONS: Record<string, { from: string; to: string; why: string }> = {
  "skill-dir-in-command": {
    from: "${CLAUDE_SKILL_DIR}",
    to: "{{PROJECT}}/.claude/commands",
    why: "spec: ${CLAUDE_SKILL_DIR} is the entry's dir in a command's body too (README)",
  },
};

for (const c of cases) {
  Deno.test(`oracle plugin render: ${c.name}`, async () => {
    const tree = buildTree(c);
    try {
      const { project, home } = tree;
      const settings = await loadSettings({ root: project, home, managed: `${tree.top}/none` });
      const realPath = cachedRealPath();
      const policy = new Policy({
        sources: settings.sources,
        env: { root: project, home, realPath },
      });
      const found = discover({ root: project, home, pluginDirs: tree.pluginDirs }, diskSkillReader);
      const catalogue = new Catalogue({ ...found, base: project, reader: diskSkillReader, yaml });
      const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(c.prompt)!;
      const entry = catalogue.findUserInvocable(m[1]!);
      assert.ok(entry, `skald has no /${m[1]}`);
      const renderer = new Renderer({
        root: project,
        policy,
        runner: (command, cwd, t) =>
          runCommand(command, {
            cwd,
            timeoutSeconds: t,
            killGraceSeconds: 1,
            maxOutput: MAX_OUTPUT,
          }),
        files: diskAttacher(realPath),
      });
      const r = await renderer.render({
        entry,
        body: catalogue.body(entry.name)!,
        arguments: (m[2] ?? "").trim(),
      });
      if (c.sentToModel) {
        assert.equal(r.error, undefined, r.error);
        assert.equal(
          tree.unfill(r.text!).replace(/\n$/, ""),
          c.rendered.at(-1)!.replace(/\n$/, ""),
        );
        return;
      }
      assert.ok(
        r.error !== undefined,
        `Claude Code aborted (${c.result}); skald rendered ${r.text}`,
      );
      const error = tree.unfill(r.error);
      const d = DEVIATIONS[c.name];
      const want = d === undefined ? c.result! : c.result!.replace(d.from, d.to);
      if (want.startsWith("Shell command failed")) assert.equal(error, want);
      else {
        // A refusal's reason is skald's own wording; the pattern named is Claude Code's.
        const pattern = /^Shell command [a-z ]+ for pattern "!`[^`]*`"/.exec(want)![0];
        assert.ok(error.startsWith(pattern), `${error} vs ${want} ${d?.why ?? ""}`);
      }
    } finally {
      tree.remove();
    }
  });
}
