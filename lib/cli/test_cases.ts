/**
 * `skald test CASES.yml`: policy tests for CI. Each case that disagrees is named; exit 4 when
 * any does.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { loadYaml } from "../deps/yaml.ts";
import { posix } from "../path.ts";
import type { Mode } from "../permissions/modes.ts";
import type { Policy } from "../permissions/policy.ts";
import { readPolicyCases, runPolicyCases } from "../permissions/policy_cases.ts";
import {
  type CommonOptions,
  fail,
  loadProject,
  projectPolicy,
  reportProblems,
  withCommonOptions,
} from "./common.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Registers `test`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerTest(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("test")
    .description(
      "check the calls a team expects to be allowed, asked and denied against the policy",
    )
    .argument("<cases>", "a YAML or JSON file: a list of {TOOL: SUBJECT, expect: allow|ask|deny}")
    .addHelpText(
      "after",
      `
A case is a tool key with its subject, or tool + input, an expected verdict, and optionally a
name and a mode:

  - bash: "git push --force"
    expect: deny
  - name: reading the sources is fine
    read: src/app.ts
    expect: allow
  - tool: WebFetch
    input: {url: "https://example.com"}
    expect: ask

Exit codes: 0 every case agrees, 4 some case disagrees, 1 the file cannot be read.`,
    );
  withCommonOptions(cmd).action(async (file: string, opts: CommonOptions) => {
    const path = posix.resolve(io.cwd, file);
    let text: string;
    try {
      text = await Deno.readTextFile(path);
    } catch (e) {
      return done(fail(io, `${file}: Cannot read the file: ${(e as Error).message}`));
    }
    let doc: unknown;
    try {
      doc = (await loadYaml()).parse(text, { maxAliasCount: 100 });
    } catch (e) {
      return done(fail(io, `${file}: Cannot parse YAML: ${(e as Error).message.split("\n")[0]}`));
    }
    const { cases, problems } = readPolicyCases(doc);
    for (const p of problems) io.err(`skald: ${file}: ${p}\n`);
    if (problems.length > 0) return done("error");
    const project = await loadProject(opts, io);
    reportProblems(io, project.settings.problems);
    const policies = new Map<Mode | undefined, Policy>();
    for (const mode of new Set(cases.map((c) => c.mode))) {
      policies.set(mode, projectPolicy(project, io, { mode }));
    }
    const results = runPolicyCases(cases, (mode) => policies.get(mode)!);
    const failed = results.filter((r) => !r.pass);
    if (opts.json) {
      io.out(
        JSON.stringify({
          passed: results.length - failed.length,
          failed: failed.map((r) => ({
            case: r.case.index,
            name: r.case.name ?? null,
            call: r.case.call,
            expect: r.case.expect,
            got: r.got,
            reason: r.reason,
          })),
        }) + "\n",
      );
    } else {
      for (const r of failed) {
        const name = r.case.name ? ` (${r.case.name})` : "";
        io.out(
          `FAIL case ${r.case.index}${name}: ${r.case.label}: expected ${r.case.expect}, got ${r.got}: ${r.reason}\n`,
        );
      }
      io.out(`${results.length - failed.length} passed, ${failed.length} failed\n`);
    }
    done(failed.length > 0 ? "findings" : "ok");
  });
}
