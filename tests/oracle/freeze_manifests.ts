/**
 * Freezes the oracle's answers on plugin manifests (skills mode, Claude Code 2.1.332) into
 * `tests/fixtures/oracle/plugin_manifests.json`, the table `tests/skills/oracle_manifests_test.ts`
 * replays: per case, its tree, `--plugin-dir` arguments and settings, the plugin skills Claude
 * Code added (in its order), and each prompt with whether a command ran and the text it sent.
 * The cases are `tests/oracle/cases/claude-2.1.332/g0*.json` (`plugin.json` keys, `skills`
 * paths, `engines`, dependencies; marketplace entries and `strict`); each was run with the
 * real binary (`claude-oracle.mjs skills CASE --out OUTPUT`):
 *
 *   deno run --allow-read --allow-write tests/oracle/freeze_manifests.ts \
 *     tests/oracle/cases/claude-2.1.332/g01-plugin-manifest.json /tmp/g01.out.json ...
 *
 * (arguments in pairs: a case file, then its output).
 *
 * @module
 */

import { writeFixture } from "./_oracle_files.ts";

type Files = Record<string, string | { json: unknown }>;

interface Case {
  name: string;
  files: Files;
  args?: string[];
  settings?: unknown;
  prompts?: string[];
}

interface Result {
  name: string;
  exit: number;
  skillsAdded: string[];
  renders?: { prompt: string; rendered: string[] }[];
}

const pairs = Deno.args;
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  throw new Error("usage: freeze_manifests.ts CASES.json OUTPUT.json [CASES.json OUTPUT.json ...]");
}
const rows: unknown[] = [];
for (let i = 0; i < pairs.length; i += 2) {
  const file = pairs[i]!.replace(/^.*\//, "");
  const read = JSON.parse(Deno.readTextFileSync(pairs[i]!)) as Case | Case[];
  const cases = Array.isArray(read) ? read : [read];
  const results = (JSON.parse(Deno.readTextFileSync(pairs[i + 1]!)) as { results: Result[] })
    .results;
  for (const c of cases) {
    const r = results.find((x) => x.name === c.name);
    if (r === undefined) throw new Error(`${pairs[i + 1]}: no result for ${c.name}`);
    rows.push({
      file,
      name: c.name,
      files: Object.fromEntries(
        Object.entries(c.files).map((
          [p, v],
        ) => [p, typeof v === "string" ? v : JSON.stringify(v.json)]),
      ),
      args: c.args ?? [],
      ...(c.settings === undefined ? {} : { settings: c.settings }),
      exit: r.exit,
      skills: r.skillsAdded,
      renders: (r.renders ?? []).map((x) => {
        // A command that ran opens with its <command-message>; one Claude Code does not have
        // is sent to the model as a plain request behind a system reminder.
        const ran = x.rendered[0]?.startsWith("<command-message>") ?? false;
        return { prompt: x.prompt, ran, sent: ran ? x.rendered.at(-1)! : null };
      }),
    });
  }
}
writeFixture("plugin_manifests.json", rows);
