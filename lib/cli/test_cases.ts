/**
 * `skald test CASES.yml`: policy tests for CI. Each case that disagrees is named; exit 4 when
 * any does.
 *
 * @module
 */

import { type Command, Option } from "../deps/cli.ts";
import { loadYaml } from "../deps/yaml.ts";
import { posix } from "../path.ts";
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
import { workflowCommand } from "./formats/github.ts";
import { junitXml } from "./formats/junit.ts";
import type { Io, Outcome } from "./io.ts";

/** The output formats of `test`. */
const FORMATS = ["text", "json", "github", "junit"] as const;

interface TestOptions extends CommonOptions {
  format?: (typeof FORMATS)[number];
  verbose?: boolean;
}

/**
 * The line each case of a case file starts on (1-based), in order: the items of the top-level
 * list, as the YAML parser places them (a JSON file is YAML too).
 */
function caseLines(yaml: Awaited<ReturnType<typeof loadYaml>>, text: string): number[] {
  const counter = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: counter });
  const items = (doc.contents as { items?: { range?: [number, number, number] }[] } | null)
    ?.items ?? [];
  return items.map((item) => item.range ? counter.linePos(item.range[0]).line : 1);
}

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

Output: text (each failing case with its line; --verbose lists the passing ones too), json,
github (a workflow command for each failing case, on its line), junit (one test case per
policy case).

Exit codes: 0 every case agrees, 4 some case disagrees, 1 the file cannot be read.`,
    )
    .addOption(
      new Option("--format <format>", "text, json (as --json), github or junit").choices(FORMATS),
    )
    .option("--verbose", "list the passing cases too");
  withCommonOptions(cmd).action(async (file: string, opts: TestOptions) => {
    const path = posix.resolve(io.cwd, file);
    let text: string;
    try {
      text = await Deno.readTextFile(path);
    } catch (e) {
      return done(fail(io, `${file}: Cannot read the file: ${(e as Error).message}`));
    }
    let doc: unknown;
    const yaml = await loadYaml();
    try {
      doc = yaml.parse(text, { maxAliasCount: 100 });
    } catch (e) {
      return done(fail(io, `${file}: Cannot parse YAML: ${(e as Error).message.split("\n")[0]}`));
    }
    const { cases, problems } = readPolicyCases(doc);
    for (const p of problems) io.err(`skald: ${file}: ${p}\n`);
    if (problems.length > 0) return done("error");
    const project = await loadProject(opts, io);
    reportProblems(io, project.settings.problems);
    const policies = new Map<string | undefined, Policy>();
    for (const mode of new Set(cases.map((c) => c.mode))) {
      policies.set(mode, projectPolicy(project, io, { mode }));
    }
    const results = runPolicyCases(cases, (mode) => policies.get(mode)!);
    const failed = results.filter((r) => !r.pass);
    const lines = caseLines(yaml, text);
    const lineOf = (index: number) => lines[index - 1] ?? 1;
    const title = (r: (typeof results)[number]) =>
      `case ${r.case.index}${r.case.name ? ` (${r.case.name})` : ""}: ${r.case.label}`;
    const format = opts.json ? "json" : opts.format ?? "text";
    switch (format) {
      case "json":
        io.out(
          JSON.stringify({
            passed: results.length - failed.length,
            failed: failed.map((r) => ({
              case: r.case.index,
              line: lineOf(r.case.index),
              name: r.case.name ?? null,
              call: r.case.call,
              expect: r.case.expect,
              got: r.got,
              reason: r.reason,
            })),
          }) + "\n",
        );
        break;
      case "junit":
        io.out(junitXml(
          file,
          results.map((r) => ({
            name: title(r),
            classname: file,
            ...(r.pass ? {} : {
              failure: `expected ${r.case.expect}, got ${r.got}`,
              details: `${file}:${lineOf(r.case.index)}: expected ${r.case.expect}, got ` +
                `${r.got}: ${r.reason}`,
            }),
          })),
        ));
        break;
      case "github":
      case "text":
        for (const r of results) {
          if (r.pass && !opts.verbose) continue;
          const verdict = r.pass
            ? `${r.got}`
            : `expected ${r.case.expect}, got ${r.got}: ${r.reason}`;
          if (format === "github" && !r.pass) {
            io.out(
              workflowCommand({
                level: "error",
                file,
                line: lineOf(r.case.index),
                title: "skald test",
                message: `${title(r)}: ${verdict}`,
              }) + "\n",
            );
          } else {
            io.out(
              `${r.pass ? "ok  " : "FAIL"} ${file}:${lineOf(r.case.index)}: ${
                title(r)
              }: ${verdict}\n`,
            );
          }
        }
        io.out(`${results.length - failed.length} passed, ${failed.length} failed\n`);
        break;
      default: {
        const never: never = format;
        throw new Error(`unknown format ${never}`);
      }
    }
    done(failed.length > 0 ? "findings" : "ok");
  });
}
