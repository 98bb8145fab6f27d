/**
 * `deno task false-denies`: how often skald denies what real agents ran, under real policies,
 * when the command does not do what the deny rule forbids (issue 23, point 7).
 *
 * Every command of the corpus (`corpus/`: commands real coding agents ran, with provenance) is
 * decided under every policy (`policies.json`: the `permissions` of real public Claude Code
 * settings, and skald's `init --preset recommended`), in a realistic project laid out on disk
 * (`_tree.ts`: a Python and JS repository with a `.env`, a `secrets/` folder and a real `.git`).
 * Each denied command is then run for real in a sandboxed copy of the project (`_run.ts`), once,
 * and each deny is judged against what the run did, or by an independent reading where the run
 * does not settle it (`_judge.ts`). Prints the pairs measured, the false denies overall, per
 * policy, per source of commands and by class, with examples.
 *
 * Run: `deno task false-denies [--limit N] [--json FILE] [--no-run]`. Needs strace, unshare and
 * setpriv as root to run commands (`--no-run`, or a machine without them, judges every deny by
 * the reading alone, and says so).
 *
 * @module
 */

import { parseArgs } from "node:util";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskPathEnv } from "../../lib/fs/disk_env.ts";
import { loadGunzip } from "../../lib/fs/archive_members.ts";
import type { Decision } from "../../lib/permissions/verdict.ts";
import { type CorpusPolicy, inProject, loadCommands, loadPolicies } from "./_corpus.ts";
import { layOut, pathsNamed } from "./_tree.ts";
import { makeSandbox, type Ran, run, sandboxAvailable } from "./_run.ts";
import { CLASSES, classify, type FalseDenyClass, judgeDeny, type Judgement } from "./_judge.ts";
import { pool } from "../../tests/_pool.ts";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    limit: { type: "string" },
    json: { type: "string" },
    "no-run": { type: "boolean" },
    examples: { type: "string" },
  },
});

/** One denied pair and how it was judged. */
interface Deny {
  policy: string;
  command: string;
  source: string;
  rule: string;
  part: string;
  judgement: Judgement | { by: "undecided"; why: string };
  class?: FalseDenyClass;
}

function policyOf(p: CorpusPolicy, env: ReturnType<typeof diskPathEnv>): Policy {
  const { allow, ask, deny, additionalDirectories, defaultMode } = p.permissions;
  return new Policy({
    sources: [{
      label: `${p.repo}/${p.path}`,
      scope: "project",
      allow,
      ask,
      deny,
      additionalDirectories,
      defaultMode,
    }],
    env,
  });
}

/** The part a deny speaks of: the first part denied, or the command. */
function deniedPart(d: Decision, command: string): string {
  return d.parts?.find((p) => p.verdict === "deny")?.part ?? command;
}

const pct = (n: number, d: number) => d === 0 ? "-" : `${(100 * n / d).toFixed(2)} %`;
const short = (s: string, n = 110) => {
  const one = s.replaceAll("\n", "⏎");
  return one.length > n ? one.slice(0, n - 1) + "…" : one;
};

const start = performance.now();
const canRun = !flags["no-run"] && sandboxAvailable();
const dir = await Deno.makeTempDir({
  dir: canRun ? "/var/tmp" : undefined,
  prefix: "skald-false-denies-",
});
try {
  await Deno.mkdir(`${dir}/master`);
  const all = await loadCommands();
  const commands = flags.limit === undefined ? all : all.slice(0, Number(flags.limit));
  const place = await layOut(`${dir}/master`, pathsNamed(commands.map((c) => inProject(c, ""))));
  await Deno.chmod(dir, 0o755);
  const policies = await loadPolicies();
  const env = diskPathEnv(place.root, place.home, undefined, await loadGunzip());
  const built = policies.map((p) => ({ spec: p, policy: policyOf(p, env) }));
  console.error(
    `false-denies: ${commands.length} commands x ${policies.length} policies, ` +
      `project at ${place.root}`,
  );

  // 1. Decide every pair.
  const texts = commands.map((c) => inProject(c, place.root));
  const denies: Deny[] = [];
  const asks = new Map<string, number>();
  // Asks a deny or ask rule caused (its command, a path it names, or the deny view unsure: a walk
  // over its bound, a path only known when the command runs): judged as denies are, apart.
  const ruleAsks: Deny[] = [];
  const guards: Deny[] = [];
  texts.forEach((text, i) => {
    for (const { spec, policy } of built) {
      const d = policy.decide({ tool: "Bash", input: { command: text } });
      if (d.verdict === "ask") asks.set(spec.id, (asks.get(spec.id) ?? 0) + 1);
      const byRule = d.rule !== null &&
        (spec.permissions.deny?.includes(d.rule) || spec.permissions.ask?.includes(d.rule));
      if (d.verdict === "ask" && byRule) {
        ruleAsks.push({
          policy: spec.id,
          command: text,
          source: commands[i]!.source.id,
          rule: d.rule!,
          part: d.parts?.find((p) => p.verdict === "ask")?.part ?? text,
          judgement: { by: "undecided", why: "not judged" },
        });
      }
      if (d.verdict !== "deny") continue;
      const deny: Deny = {
        policy: spec.id,
        command: text,
        source: commands[i]!.source.id,
        rule: d.rule ?? `(${d.basis}) ${d.reason}`,
        part: deniedPart(d, text),
        judgement: { by: "undecided", why: "skald's own guard, no rule" },
      };
      if (d.rule === null) guards.push(deny);
      denies.push(deny);
    }
    if ((i + 1) % 500 === 0) console.error(`false-denies: decided ${i + 1} of ${texts.length}`);
  });

  // 2. Run each denied command once.
  const toRun = [
    ...new Set([...denies.filter((d) => !guards.includes(d)), ...ruleAsks].map((d) => d.command)),
  ];
  const runs = new Map<string, Ran>();
  if (canRun) {
    const sb = await makeSandbox(dir, place);
    let done = 0;
    await pool(toRun, 2, async (text) => {
      runs.set(text, await run(sb, text));
      if (++done % 50 === 0) console.error(`false-denies: ran ${done} of ${toRun.length}`);
    });
  } else {
    console.error(
      "false-denies: no sandbox here (needs root, strace, unshare, setpriv) or --no-run: " +
        "every deny is judged by the independent reading",
    );
  }

  // 3. Judge each deny.
  for (const d of denies) {
    if (guards.includes(d)) continue;
    d.judgement = judgeDeny(d.rule, d.command, runs.get(d.command), place);
    if ("false" in d.judgement && d.judgement.false) d.class = classify(d.rule, d.part);
  }
  for (const d of ruleAsks) {
    d.judgement = judgeDeny(d.rule, d.command, runs.get(d.command), place);
    if ("false" in d.judgement && d.judgement.false) d.class = classify(d.rule, d.part);
  }

  // 4. Report.
  const pairs = commands.length * policies.length;
  const isFalse = (d: Deny) => "false" in d.judgement && d.judgement.false;
  const falses = denies.filter(isFalse);
  const justified = denies.filter((d) => "false" in d.judgement && !d.judgement.false);
  const undecided = denies.filter((d) => d.judgement.by === "undecided");
  const byExec = falses.filter((d) => d.judgement.by === "execution").length;
  const out: string[] = [];
  const w = (s = "") => out.push(s);
  w(`skald false denies on real agents' commands under real policies`);
  w(
    `corpus: ${commands.length} commands from ${new Set(commands.map((c) => c.source.id)).size} ` +
      `sources; ${policies.length} policies (${policies.length - 1} public, skald's preset); ` +
      `${pairs} pairs`,
  );
  w(
    `judge: ${
      canRun ? `execution (${toRun.length} commands run in a sandbox)` : "independent reading only"
    }, independent reading where a run does not settle a deny`,
  );
  w();
  w(`denied pairs:        ${denies.length} (${pct(denies.length, pairs)} of pairs)`);
  w(`  justified:         ${justified.length} (the command does what the rule forbids)`);
  w(
    `  false:             ${falses.length} (${byExec} by execution, ${
      falses.length - byExec
    } by reading)`,
  );
  w(`  undecided:         ${undecided.length} (${guards.length} by skald's own guards)`);
  w(
    `FALSE DENIES: ${falses.length} of ${pairs} pairs = ${pct(falses.length, pairs)}` +
      ` (at most ${pct(falses.length + undecided.length, pairs)} counting the undecided)`,
  );
  w();
  w("per policy:                      pairs  denied  false   false %   undecided  asks");
  for (const p of policies) {
    const mine = denies.filter((d) => d.policy === p.id);
    const f = mine.filter(isFalse).length;
    const u = mine.filter((d) => d.judgement.by === "undecided").length;
    w(
      `  ${p.id.padEnd(30)} ${String(commands.length).padStart(6)} ${
        String(mine.length).padStart(7)
      } ${String(f).padStart(6)} ${pct(f, commands.length).padStart(9)} ${String(u).padStart(10)} ${
        String(asks.get(p.id) ?? 0).padStart(5)
      }`,
    );
  }
  w();
  w("per source of commands:          cmds   false pairs  false %");
  for (const id of [...new Set(commands.map((c) => c.source.id))]) {
    const n = commands.filter((c) => c.source.id === id).length;
    const f = falses.filter((d) => d.source === id).length;
    w(
      `  ${id.padEnd(30)} ${String(n).padStart(5)} ${String(f).padStart(11)} ${
        pct(f, n * policies.length).padStart(8)
      }`,
    );
  }
  w();
  const examples = Number(flags.examples ?? 3);
  // Each class's pairs, with a few distinct commands as examples.
  const byClass = (what: string, list: Deny[]) => {
    w(`false ${what} by class (distinct commands in parentheses):`);
    for (const c of CLASSES) {
      const mine = list.filter((d) => d.class === c);
      if (mine.length === 0) continue;
      w(`  ${c}: ${mine.length} pairs (${new Set(mine.map((d) => d.command)).size})`);
      const seen = new Set<string>();
      for (const d of mine) {
        if (seen.size >= examples) break;
        if (seen.has(d.command)) continue;
        seen.add(d.command);
        w(`    ${short(d.part.replaceAll(place.root, "$ROOT"))}`);
        w(`      <- ${d.rule} [${d.policy}, by ${d.judgement.by}]`);
      }
    }
  };
  byClass("denies", falses);
  const falseAsks = ruleAsks.filter(isFalse);
  const undecidedAsks = ruleAsks.filter((d) => d.judgement.by === "undecided");
  w();
  w(
    `asks a deny or ask rule caused: ${ruleAsks.length} (${
      ruleAsks.length - falseAsks.length - undecidedAsks.length
    } justified, ${undecidedAsks.length} undecided)`,
  );
  w(
    `FALSE ASKS: ${falseAsks.length} of ${pairs} pairs = ${pct(falseAsks.length, pairs)}` +
      ` (at most ${pct(falseAsks.length + undecidedAsks.length, pairs)} counting the undecided)`,
  );
  byClass("asks", falseAsks);
  if (undecided.length > 0) {
    w();
    w("undecided denies, by why:");
    const why = new Map<string, number>();
    for (const d of undecided) {
      const k = d.judgement.by === "undecided" ? d.judgement.why : "";
      why.set(k, (why.get(k) ?? 0) + 1);
    }
    for (const [k, n] of [...why].sort((a, b) => b[1] - a[1])) w(`  ${k}: ${n}`);
  }
  w();
  w(`in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  console.log(out.join("\n"));
  if (flags.json !== undefined) {
    const rel = (s: string) => s.replaceAll(place.root, "$ROOT").replaceAll(place.home, "$HOME");
    await Deno.writeTextFile(
      flags.json,
      JSON.stringify(
        {
          commands: commands.length,
          policies: policies.map((p) => p.id),
          pairs,
          denies: denies.map((d) => ({ ...d, command: rel(d.command), part: rel(d.part) })),
          asks: ruleAsks.map((d) => ({ ...d, command: rel(d.command), part: rel(d.part) })),
        },
        null,
        1,
      ),
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
