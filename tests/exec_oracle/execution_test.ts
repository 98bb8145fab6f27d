/**
 * The deny view held against bash's own execution (issue 10, style point 22): commands run
 * for real in a sandbox (`_sandbox.ts`: stub programs, real tools linked in, strace recording
 * what was started, opened and removed), and skald's verdicts judged by what ran
 * (`_judge.ts`):
 * - every command that started `rm`, `curl` or `wget`, removed a planted file or opened
 *   `secrets/key` is denied by the deny policy;
 * - every command that wrote below `protected/` is denied by the edit policy;
 * - every command the allow-only policy allows started only programs it allows.
 * A fixed table of attack shapes (`_attacks.ts`) is checked both ways, bash first (each attack
 * really does it, each harmless twin does not), and a seeded generator (`_generator.ts`) adds
 * commands of every shape, nested. `deno task exec-oracle` runs a larger corpus.
 */

import assert from "node:assert/strict";
import { ATTACKS, HARMLESS, type Shape } from "./_attacks.ts";
import { generate } from "./_generator.ts";
import { DENIED_PROGRAMS, judge, type Outcome, pool, wroteProtected } from "./_judge.ts";
import { makeSandbox, removeSandbox, type Sandbox, straceAvailable } from "./_sandbox.ts";
import { ORDINARY, ORDINARY_DENY } from "./_ordinary.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

/** The seed and size of the corpus the suite runs (the task runs more, with other seeds). */
const SEED = 20_261_010;
const COUNT = 1500;

/** Without strace the judge cannot see; CI installs it (`.ci/run`), so there it must be. */
// strace is Linux's: on macOS the execution oracle cannot watch what runs.
const ignore = !straceAvailable() &&
  (Deno.env.get("CI") === undefined || Deno.build.os !== "linux");

/** What bash did that the deny policy forbids, one sentence each. */
function forbidden(o: Outcome): string[] {
  const ran = o.ran!;
  return [
    ...ran.execs.filter((e) => DENIED_PROGRAMS.has(e.path.slice(e.path.lastIndexOf("/") + 1)))
      .map((e) => `ran ${JSON.stringify(e.argv)}`),
    ...ran.removed.filter((r) => ["x", "y", "victim", "d"].includes(r)).map((r) => `removed ${r}`),
    ...ran.opened.filter((p) => p.startsWith("secrets/")).map((p) => `opened ${p}`),
    ...wroteProtected(ran).map((p) => `wrote ${p}`),
  ];
}

/** The policy that must deny what a run did: the edit policy's for a write below protected/. */
const denier = (o: Outcome, did: string[]) =>
  did.every((d) => d.startsWith("wrote ")) ? o.verdicts.edit : o.verdicts.deny;

async function withSandbox(f: (sb: Sandbox) => Promise<void>): Promise<void> {
  const sb = await makeSandbox();
  try {
    await f(sb);
  } finally {
    await removeSandbox(sb);
  }
}

/** The shapes whose programs the host has; the rest are reported, not dropped silently. */
function runnable(sb: Sandbox, shapes: readonly Shape[]): Shape[] {
  const missing = shapes.filter((s) => (s.needs ?? []).some((n) => !sb.has.has(n)));
  if (missing.length > 0) {
    console.warn(
      `execution oracle: not run, program missing: ${missing.map((s) => s.name).join("; ")}`,
    );
  }
  return shapes.filter((s) => !missing.includes(s));
}

Deno.test({
  name: "execution: every attack shape does what the deny policy forbids, and is denied",
  ignore,
  fn: () =>
    withSandbox(async (sb) => {
      const shapes = runnable(sb, ATTACKS);
      const outs = await pool(shapes, 2, (s) => judge(sb, s.command, true));
      const failures = outs.flatMap((o, i) => {
        const did = forbidden(o);
        if (did.length === 0) {
          return [`${shapes[i]!.name}: bash did nothing forbidden (the table is wrong)`];
        }
        if (denier(o, did) !== "deny") {
          return [`${shapes[i]!.name}: ${did[0]}, skald says ${denier(o, did)}`];
        }
        return [];
      });
      assert.equal(failures.length, 0, failures.join("\n"));
      assert.ok(shapes.length >= ATTACKS.length - 10, "most attack shapes ran on this host");
    }),
});

Deno.test({
  name: "execution: every harmless twin does nothing forbidden, and is not denied",
  ignore,
  fn: () =>
    withSandbox(async (sb) => {
      const shapes = runnable(sb, HARMLESS);
      const outs = await pool(shapes, 2, (s) => judge(sb, s.command, true));
      const failures = outs.flatMap((o, i) => {
        const did = forbidden(o);
        if (did.length > 0) return [`${shapes[i]!.name}: bash ${did[0]} (the table is wrong)`];
        // The edit policy's rule names protected/ (and every tree written at any depth, by design:
        // `git init r` may make r/protected): it judges the twins that name protected/.
        const edit = o.verdicts.edit === "deny" && o.command.includes("protected");
        if (o.verdicts.deny === "deny" || edit) {
          return [`${shapes[i]!.name}: denied, yet it does nothing forbidden`];
        }
        return [];
      });
      assert.equal(failures.length, 0, failures.join("\n"));
    }),
});

Deno.test({
  name: `execution: ${COUNT} generated commands (seed ${SEED}) hold both policies`,
  ignore,
  fn: () =>
    withSandbox(async (sb) => {
      const corpus = generate(SEED, COUNT);
      // Every 30th command runs even when nothing is to be checked, to measure the corpus.
      const outs = await pool(corpus, 2, (g) => judge(sb, g.command, corpus.indexOf(g) % 30 === 0));
      const failures = outs.filter((o) => o.violations.length > 0).map((o) =>
        `${JSON.stringify(o.command)}: ${o.violations.join("; ")}`
      );
      assert.equal(failures.length, 0, failures.slice(0, 20).join("\n"));
      // The corpus must be worth its time: most sampled commands really do something forbidden.
      const sampled = outs.filter((o, i) => i % 30 === 0 && o.ran !== undefined);
      const doing = sampled.filter((o) => forbidden(o).length > 0).length;
      assert.ok(
        doing >= sampled.length / 2,
        `only ${doing} of ${sampled.length} sampled did anything forbidden`,
      );
      const runs = outs.filter((o) => o.ran !== undefined).length;
      console.log(
        `execution oracle: ${COUNT} generated, ${runs} run, ${doing} of ${sampled.length} sampled did something forbidden`,
      );
      assert.ok(runs >= 150, "enough commands ran");
    }),
});

/**
 * The ordinary commands keep their verdicts under deny rules that do not name them: only
 * these are denied, each because part of it is only known when it runs, or (the `find`) because
 * it reads a tree that holds `secrets/` under `Read(./secrets/**)` (issue 11, point 3: the
 * reader's filters, `-name '*.log'`, do not count), or (`git grep`) reads every tracked file below
 * `.`, a tracked secret too (the red team's finding: `git grep` printed it), or (`git add -A`,
 * `git stash`) stores in git's object store a secret it would add (issue 22; which tracked files
 * changed is not read: a tracked secret counts, and the test's tree, no disk, tells no ignore).
 */
const ORDINARY_DENIED: readonly string[] = [
  "git add -A",
  "git stash",
  "git grep -n TODO",
  "find . -type f -name '*.log' -exec cat {} \\;",
  'eval "$(ssh-agent -s)"',
  'sed "s/foo/$NEW/" file.txt',
  "python3 -c \"print('$HOME')\"",
];

Deno.test("execution: ordinary commands are not denied by deny rules that do not name them", () => {
  const policy = new Policy({
    sources: [{ label: "d", scope: "project", deny: ORDINARY_DENY, allow: ["Bash"] }],
    env: testEnv(),
  });
  const denied = ORDINARY.filter((c) =>
    policy.decide({ tool: "Bash", input: { command: c } }).verdict === "deny"
  );
  assert.deepEqual(denied, ORDINARY_DENIED);
  assert.ok(ORDINARY.length >= 140);
});
