/**
 * skald's renderer against the real thing: every slash-command render of the Claude Code
 * oracle (frozen in `tests/fixtures/oracle/render.json` by `tests/oracle/freeze_render.ts`),
 * rebuilt on disk and rendered by skald with real commands and files. The body Claude Code sent
 * is compared with skald's text, the files it attached with skald's attachments, and an abort
 * with an abort. Where skald deliberately differs (the spec wins), `DEVIATIONS` says what skald
 * gives and why; any other difference fails.
 */

import assert from "node:assert/strict";
import { posix } from "../../lib/path.ts";
import { cachedRealPath } from "../../lib/fs/real_path.ts";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { MAX_OUTPUT, runCommand } from "../../lib/exec/run_command.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskAttacher } from "../../lib/fs/disk_attacher.ts";
import { Renderer } from "../../lib/render/renderer.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { yaml } from "../_skill_fs.ts";

interface Case {
  name: string;
  prompt: string;
  files: Record<string, string>;
  settings: unknown;
  userSettings: unknown;
  modelCalls: unknown;
  sentToModel: boolean;
  rendered: string[];
  result: string | null;
}

/** A difference skald makes on purpose: text replaced in Claude Code's body, and why. */
interface Deviation {
  why: string;
  /** Pairs of (Claude Code's text, skald's text) in the body. */
  body?: [string, string][];
  /** skald's attachments, where they differ. */
  attached?: string[];
}

/** Differences in every case where Claude Code's body holds the text. */
const EVERYWHERE: Deviation[] = [
  {
    why: "spec: ${CLAUDE_SKILL_DIR} is the entry's dir, in a command too (Claude Code leaves it)",
    body: [["SKILLDIR=${CLAUDE_SKILL_DIR}", "SKILLDIR={{PROJECT}}/.claude/commands"]],
  },
  {
    why: "${CLAUDE_EFFORT} is not a placeholder of the spec (Claude Code gives its effort level)",
    body: [["EFFORT=medium", "EFFORT=${CLAUDE_EFFORT}"]],
  },
];

/** Differences in one case. */
export const DEVIATIONS: Record<string, Deviation> = {
  "review: argument containing $1 and $ARGUMENTS (no re-expansion)": {
    why:
      "an argument that is exactly $ARGUMENTS stays in the positional list (Claude Code drops it)",
    body: [
      ["A1=$ARGUMENTS[1]", "A1=$ARGUMENTS"],
      ["D1=$1 ", "D1=$ARGUMENTS "],
    ],
  },
  "review: an argument that is exactly $ARGUMENTS is dropped from the positional list": {
    why:
      "an argument that is exactly $ARGUMENTS stays in the positional list (Claude Code drops it)",
    body: [
      ["A1=b", "A1=$ARGUMENTS"],
      ["D1=b D2=$2", "D1=$ARGUMENTS D2=b"],
    ],
  },
  "review: multi-line arguments": {
    why:
      "spec: arguments are split shell-style, a newline is whitespace (Claude Code splits the first line only)",
    body: [
      ["A1=$ARGUMENTS[1]", "A1=second"],
      ["D1=$1 D2=$2", "D1=second D2=line"],
    ],
  },
  "review: unbalanced quote in arguments": {
    why: 'spec: with unbalanced quotes the string is split at whitespace (Claude Code keeps "b c)',
    body: [
      ['A1="b c', 'A1="b'],
      ['D1="b c D2=$2', 'D1="b D2=c'],
    ],
  },
  "range: only out-of-range placeholders, with arguments": {
    why: "spec: a placeholder whose index has no argument still counts as used: no ARGUMENTS: line",
    body: [["\n\n\nARGUMENTS: a b", ""]],
  },
  "badnames: arguments: [file, not-an-id, 2x, mode]": {
    why: "spec: names that are not identifiers are left out (Claude Code substitutes them)",
    body: [["N=b T=c", "N=$not-an-id T=$2x"]],
  },
  "grepmiss: grep exit 1 inside !`cmd`": {
    why: "spec: the output replaces the placeholder, empty here (Claude Code writes a note)",
    body: [["(Bash completed with no output)", ""]],
  },
  "rescan: command output holding @file and !`cmd`": {
    why: "spec: @ references in command output are never attached",
    attached: [],
  },
  "rescan2: output of !`cmd` forms @notes.txt, the body does not hold it": {
    why: "spec: @ references in command output are never attached",
    attached: [],
  },
};

function expected(c: Case, cc: { body: string; attached: string[] }) {
  let body = cc.body.replace(/\n$/, "");
  const reasons: string[] = [];
  for (const d of [...EVERYWHERE, DEVIATIONS[c.name]]) {
    if (d === undefined) continue;
    for (const [from, to] of d.body ?? []) {
      if (!body.includes(from)) continue;
      body = body.replace(from, to);
      reasons.push(d.why);
    }
  }
  return { body, attached: DEVIATIONS[c.name]?.attached ?? cc.attached, reasons };
}

const SESSION = "0e5ac1e0-0000-4000-8000-00000000c0de";
const cases: Case[] = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/oracle/render.json", import.meta.url)),
);

/** Claude Code's body block and the paths of its attachments. */
function claudeCode(c: Case): { body: string; attached: string[] } {
  const blocks = c.rendered.filter((b) => !b.startsWith("<command-message>"));
  const body = blocks.filter((b) => !b.startsWith("<system-reminder>")).at(-1) ?? "";
  const attached: string[] = [];
  for (const b of blocks) {
    const read = /Called the Read tool with the following input: (\{.*\})/.exec(b);
    if (read) attached.push(JSON.parse(read[1]!).file_path);
    const ls = /Called the Bash tool with the following input: (\{.*\})/.exec(b);
    if (ls) attached.push(JSON.parse(ls[1]!).command.replace(/^ls /, "").replace(/^'(.*)'$/, "$1"));
  }
  return { body, attached };
}

for (const c of cases) {
  const slash = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(c.prompt);
  if (slash === null || c.modelCalls !== null) continue;
  Deno.test(`oracle render: ${c.name}`, async () => {
    const top = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-oracle-render-" }));
    const project = `${top}/proj`;
    const home = `${top}/home`;
    const outside = `${top}/outside`;
    const fill = (t: string) =>
      t.replaceAll("{{PROJECT}}", project).replaceAll("{{HOME}}", home).replaceAll(
        "{{OUTSIDE}}",
        outside,
      );
    const unfill = (t: string) =>
      t.replaceAll(project, "{{PROJECT}}").replaceAll(home, "{{HOME}}").replaceAll(
        outside,
        "{{OUTSIDE}}",
      );
    try {
      for (const dir of [project, home, outside]) Deno.mkdirSync(dir, { recursive: true });
      for (const [p, text] of Object.entries(c.files)) {
        const path = p.startsWith("~/")
          ? posix.join(home, p.slice(2))
          : p.startsWith("{{")
          ? fill(p)
          : posix.join(project, p);
        Deno.mkdirSync(posix.dirname(path), { recursive: true });
        Deno.writeTextFileSync(path, fill(text));
      }
      const write = (path: string, v: unknown) => {
        if (v === null || v === undefined) return;
        Deno.mkdirSync(posix.dirname(path), { recursive: true });
        Deno.writeTextFileSync(path, fill(JSON.stringify(v)));
      };
      write(`${project}/.claude/settings.json`, c.settings);
      write(`${home}/.claude/settings.json`, c.userSettings);
      const settings = await loadSettings({ root: project, home, managed: `${top}/none.json` });
      const realPath = cachedRealPath();
      const policy = new Policy({
        sources: settings.sources,
        env: { root: project, home, realPath },
      });
      const found = discover({ root: project, home }, diskSkillReader);
      const catalogue = new Catalogue({ ...found, base: project, reader: diskSkillReader, yaml });
      const entry = catalogue.findUserInvocable(slash[1]!);
      const cc = claudeCode(c);
      if (entry === undefined) {
        assert.ok(!cc.body.includes("<command-"), "Claude Code ran a command skald does not know");
        return;
      }
      const renderer = new Renderer({
        root: project,
        policy,
        sessionId: SESSION,
        disableShell: settings.disableSkillShellExecution,
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
        arguments: (slash[2] ?? "").trim(),
        attachFiles: true,
      });
      if (!c.sentToModel) {
        const pattern = /^Shell command [a-z ]+ for pattern "[^"]*"/.exec(c.result ?? "")?.[0];
        assert.ok(r.error !== undefined, `Claude Code aborted (${c.result}); skald rendered`);
        if (pattern !== undefined) {
          assert.ok(r.error.startsWith(pattern), `${r.error} vs ${c.result}`);
        }
        return;
      }
      assert.equal(r.error, undefined, r.error);
      const text = unfill(r.text!);
      const cut = text.indexOf("\n<system-reminder>\nCalled the ");
      const body = (cut === -1 ? text : text.slice(0, cut)).replace(/\n$/, "");
      const attached = r.filesRead.map((f) => unfill(f.path));
      const want = expected(c, cc);
      const why = want.reasons.join("; ") || undefined;
      assert.equal(body, want.body, why);
      assert.deepEqual(attached.sort(), want.attached.sort(), why);
    } finally {
      Deno.removeSync(top, { recursive: true });
    }
  });
}

Deno.test("oracle render: every listed deviation names a frozen case", () => {
  const names = new Set(cases.map((c) => c.name));
  for (const name of Object.keys(DEVIATIONS)) assert.ok(names.has(name), name);
});
