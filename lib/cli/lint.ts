/**
 * `skald lint`: for CI. Every finding has a code, a level (`error` fails: exit 4; a `warning`
 * does not), the file, and the line and column when known (a rule's place in its JSON, a
 * frontmatter line counted from the file's start). It reports settings files that cannot be
 * read (exit 1: a typo must fail), each JSON settings file held against skald's schema of
 * Claude Code's settings (unknown and misspelled keys with a "did you mean", wrong types, a
 * hook of an unknown type), invalid permission rules, deny or ask rules that cannot catch a
 * common spelling, broken frontmatter, YAML that only the lenient reader accepts, invocation
 * keys that are not booleans, names Claude Code hides, plugins Claude Code would not load (a
 * manifest it rejects, a marketplace entry it rejects or whose manifests conflict, a dependency
 * missing), manifest keys it does not know or ignores, a plugin's `engines["claude-code"]` that
 * leaves out its version, `skills` paths that give no skill, shadowed names, invalid
 * `allowed-tools`, and descriptions the listing's budget drops (one finding for them all). A
 * root that is a plugin or a marketplace is read as one. Every format ends with a summary:
 * what was checked, the findings by level. The output is text, JSON, GitHub workflow commands
 * or SARIF (`lint_report.ts`).
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { loadJsonc, loadSemver } from "../deps/lint.ts";
import { loadYaml } from "../deps/yaml.ts";
import { diskSkillReader } from "../fs/skill_reader.ts";
import { CLAUDE_CODE_TOOLS_VERSION, isClaudeCodeTool } from "../permissions/claude_code_tools.ts";
import { adviceText, ruleAdvice } from "../permissions/reading/rule_advice.ts";
import { allowedTools, allowedToolsValue } from "../skills/allowed_tools.ts";
import type { SkillProblem } from "../skills/catalogue.ts";
import { engineRangeProblem } from "../skills/engine_range.ts";
import { checkFrontmatter, frontmatterPlace } from "../skills/frontmatter_check.ts";
import type { Listing } from "../skills/listing_budget.ts";
import type { MarketplaceSummary } from "../skills/marketplace_folder.ts";
import {
  type CatalogueCliOptions,
  loadCatalogue,
  withCatalogueOptions,
} from "./catalogue_common.ts";
import { collect, projectPolicy, unreadSettings } from "./common.ts";
import { UNREAD_CODES } from "./cli_error.ts";
import type { Io, Outcome } from "./io.ts";
import { IGNORE_FILE, ignoreTest, parseIgnoreFile } from "./lint_ignore.ts";
import { jsonPlacer } from "./lint_places.ts";
import { type Finding, FORMATS, printLint, summarize } from "./lint_report.ts";
import { checkSettingsFiles, problemPlace, rulePlace } from "./lint_settings.ts";

export type { Finding } from "./lint_report.ts";

interface LintOptions extends CatalogueCliOptions {
  format?: (typeof FORMATS)[number];
  ignore: string[];
}

/** The tool name of a rule text (`Frob` of `Frob(x)`). */
const toolOf = (text: string) => text.trim().split("(")[0]!.trim();

/**
 * A rule skald cannot parse, as lint reports it: naming a tool that Claude Code has but skald
 * does not decide is no finding in `allowed-tools` (it grants nothing to a shell command) and a
 * warning in settings; a name Claude Code does not know either is a warning (Claude Code takes
 * it without a word; it matches no tool); anything else is an error.
 */
function ruleFinding(text: string, error: string, where: "settings" | "allowed-tools") {
  const tool = toolOf(text);
  if (!error.endsWith(`unknown tool "${tool}"`)) {
    return { code: "invalid-rule", level: "error" as const, reason: error };
  }
  if (isClaudeCodeTool(tool)) {
    return where === "allowed-tools" ? undefined : {
      code: "undecided-tool",
      level: "warning" as const,
      reason: `"${text}": skald does not decide calls of ${tool} (a tool of Claude Code ` +
        `${CLAUDE_CODE_TOOLS_VERSION}), so the rule never matches here`,
    };
  }
  return {
    code: "unknown-tool",
    level: "warning" as const,
    reason: `"${text}": Claude Code ${CLAUDE_CODE_TOOLS_VERSION} has no tool "${tool}"; it ` +
      "accepts the rule, which matches nothing",
  };
}

/** The two files of a shadowing, relative to the folder they share. */
function pair(file: string, byFile: string): [string, string] {
  let common = posix.dirname(file);
  while (common !== "/" && !byFile.startsWith(common + "/")) common = posix.dirname(common);
  return [posix.relative(common, file), posix.relative(common, byFile)];
}

/**
 * Registers `lint`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerLint(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("lint")
    .description("check skills, commands and settings for CI; exit 4 when anything is wrong")
    .addOption(
      new Option("--format <format>", "text, json (as --json), github or sarif").choices(FORMATS),
    )
    .option("--project-only", "leave ~/.claude and the managed settings out")
    .option("--ignore <code>", "a finding code to leave out (repeatable)", collect, [])
    .addHelpText(
      "after",
      `
A root that is a plugin (.claude-plugin/plugin.json) or a marketplace
(.claude-plugin/marketplace.json) is read as Claude Code reads one: no --plugin-dir needed.
The last line (a ::notice with --format github, "summary" in JSON and SARIF) says what was
checked and counts the findings by level.

Warnings (an unknown settings key with no near known one, a weak deny rule, descriptions the
listing's budget drops, a rule on a tool skald or Claude Code does not know, a plugin manifest
key not known to skald or one Claude Code ignores for its value, a plugin's Claude Code range
that leaves out the version skald follows, a frontmatter only a lenient reader accepts, a name
Claude Code hides) and infos (marketplace entries with a remote source, not fetched) are
printed but do not fail. ${IGNORE_FILE} at the root lists codes to leave out, one a line,
each optionally with a file glob: "hidden-name .claude/skills/legacy/**".

Exit codes: 0 no error, 4 an error found, 1 a settings file that cannot be read (or a --root,
--settings, --plugin-dir that does not exist).

Examples:
  skald lint
  skald lint --project-only --format github
  skald lint --format sarif > skald.sarif`,
    );
  withCatalogueOptions(cmd).action(async (opts: LintOptions) => {
    done(await lint(opts, io));
  });
}

async function lint(opts: LintOptions, io: Io): Promise<Outcome> {
  const loaded = await loadCatalogue(opts, io, { unreadFails: false, repository: true });
  const { catalogue, problems, pluginProblems, ranges, project, listing } = loaded;
  const { root } = project;
  const checked = new Map(
    (await checkSettingsFiles({
      root,
      home: project.home,
      extra: opts.settings,
      cwd: io.cwd,
      projectOnly: opts.projectOnly,
    })).map((c) => [c.label, c]),
  );
  const policy = projectPolicy(project, io);
  const findings: Finding[] = [];
  const at = (p: { line: number; column: number } | undefined) =>
    p === undefined ? {} : { line: p.line, column: p.column };

  // Settings: skald's reading problems, and the schema's (one finding for one value).
  for (const c of checked.values()) {
    for (const f of c.findings) {
      findings.push({
        file: c.label,
        ...at(f.position),
        code: f.code,
        kind: "settings",
        level: f.level,
        reason: f.message,
      });
    }
  }
  for (const p of problems) {
    const named = /^"([^"]+)"/.exec(p.message)?.[1];
    const c = checked.get(p.file);
    if (named !== undefined && c?.findings.some((f) => f.path === named)) continue;
    findings.push({
      file: p.file,
      ...at(problemPlace(p, c)),
      code: p.code,
      kind: "settings",
      level: p.level ?? "error",
      reason: p.message,
    });
  }
  if (policy.modeName === "auto" && policy.modeSource !== null) {
    const c = checked.get(policy.modeSource);
    findings.push({
      file: policy.modeSource,
      ...at(c?.place(["permissions", "defaultMode"])),
      code: "auto-mode",
      kind: "settings",
      level: "info",
      reason: 'Mode "auto" is decided as default: skald has no classifier, so what Claude ' +
        "Code's classifier would allow is asked about (rules, guards and deny rules hold as ever)",
    });
  }
  const taken = new Map<string, Set<string>>();
  for (const r of policy.rules) {
    const place = () => {
      const set = taken.get(r.source) ?? new Set<string>();
      taken.set(r.source, set);
      return at(rulePlace(checked.get(r.source), r.kind, r.text, set));
    };
    const where = place();
    if (!r.isValid) {
      const f = ruleFinding(r.text, r.error!, "settings");
      if (f !== undefined) {
        findings.push({
          file: r.source,
          ...where,
          code: f.code,
          kind: "rule",
          level: f.level,
          reason: `${r.kind}: ${f.reason}`,
        });
      }
    }
    const advice = ruleAdvice(r);
    if (advice !== undefined) {
      findings.push({
        file: r.source,
        ...where,
        code: "weak-rule",
        kind: "weak-rule",
        level: "warning",
        reason: adviceText(r, advice),
      });
    }
  }

  // Skills and commands, and the plugins and marketplaces they come from.
  const semver = ranges.length === 0 ? undefined : await loadSemver();
  const rangeProblems = ranges.flatMap((r) => engineRangeProblem(r, semver!) ?? []);
  const placeJson = jsonPlacer(await loadJsonc());
  const marketplaces = loaded.read.marketplaces;
  for (
    const p of [
      ...pluginProblems,
      ...rangeProblems,
      ...marketplaces.flatMap(remoteProblem),
      ...catalogue.problems(),
    ]
  ) {
    const place = p.at !== undefined
      ? at(placeJson(p.file, p.at))
      : p.line === undefined
      ? {}
      : p.column === undefined
      ? { line: p.line }
      : { line: p.line, column: p.column };
    findings.push({
      file: p.file,
      ...place,
      code: p.code ?? "skill-problem",
      kind: "skill",
      level: p.level ?? "error",
      reason: p.reason,
    });
  }
  const yaml = await loadYaml();
  const parse = (text: string) => yaml.parse(text, { maxAliasCount: 100 });
  const entries = [
    ...catalogue.skills().map((e) => ({ file: e.file, name: e.name })),
    ...catalogue.shadowed().map((s) => ({ file: s.file, name: s.name })),
  ];
  for (const e of entries) {
    const read = diskSkillReader.read(e.file, 64 * 1024);
    if ("error" in read) continue;
    for (const f of checkFrontmatter(read.text, parse, e.name.split(":").at(-1)!)) {
      findings.push({
        file: e.file,
        line: f.line,
        column: f.column,
        code: f.code,
        kind: "skill",
        level: f.level,
        reason: f.message,
      });
    }
  }
  for (const s of catalogue.shadowed()) {
    const [lost, won] = pair(s.file, s.byFile);
    findings.push({
      file: s.file,
      code: "shadowed",
      kind: "shadowed",
      level: "error",
      reason: `/${s.name} from ${s.source} (${lost}) is shadowed by the one from ${s.by} (${won})`,
    });
  }
  for (const e of catalogue.skills()) {
    for (const bad of allowedTools(allowedToolsValue(e.frontmatter)).invalid) {
      const f = ruleFinding(bad.text, bad.error, "allowed-tools");
      if (f === undefined) continue;
      const read = diskSkillReader.read(e.file, 64 * 1024);
      findings.push({
        file: e.file,
        ...at("error" in read ? undefined : frontmatterPlace(read.text, "allowed-tools")),
        code: f.code === "invalid-rule" ? "invalid-allowed-tools" : f.code,
        kind: "allowed-tools",
        level: f.level,
        reason: `allowed-tools: ${f.reason}`,
      });
    }
  }
  const budget = budgetFinding(catalogue.listing(listing), marketplaces.length > 0);
  if (budget !== undefined) findings.push(budget);

  const relative = (file: string) =>
    file.startsWith(root + "/") ? posix.relative(root, file) : file;
  const ignored = ignoreTest([
    ...opts.ignore.map((code) => ({ code })),
    ...readIgnoreFile(root),
  ]);
  const kept = findings.filter((f) => !ignored(f.code, relative(f.file)));
  const summary = summarize(kept, {
    settingsFiles: new Set([
      ...checked.keys(),
      ...problems.filter((p) => UNREAD_CODES.has(p.code)).map((p) => p.file),
    ]).size,
    skills: catalogue.skills().filter((e) => e.kind === "skill").length,
    commands: catalogue.skills().filter((e) => e.kind === "command").length,
    plugins: loaded.read.pluginsRead,
    marketplaceEntries: marketplaces.reduce((n, m) => n + m.entries, 0),
    remoteEntries: marketplaces.reduce((n, m) => n + m.remote.length, 0),
  });
  printLint(kept, summary, opts.json ? "json" : opts.format ?? "text", relative, io);
  if (unreadSettings(problems) !== undefined) return "error";
  return kept.some((f) => f.level === "error") ? "findings" : "ok";
}

/**
 * The one finding of a listing over its budget: how many descriptions it leaves out, and
 * whose (one cause, however many entries it cuts).
 */
function budgetFinding(listed: Listing, marketplace: boolean): Finding | undefined {
  const cut = listed.lines.filter((l) => l.shortened);
  if (cut.length === 0) return undefined;
  const names = cut.map((l) => `/${l.entry.name}`);
  const shown = names.length > 5
    ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`
    : names.join(", ");
  return {
    file: cut[0]!.entry.file,
    code: "listing-budget",
    kind: "listing",
    level: "warning",
    reason: `The model's listing is over its budget (${listed.total} of ${listed.budget} ` +
      "columns, Claude Code's own entries counted" +
      (marketplace ? ", every plugin of the marketplace enabled" : "") +
      `): ${cut.length} of ${listed.lines.length} descriptions are left out (${shown})`,
  };
}

/** One finding for a marketplace's entries with a remote source: skald does not fetch them. */
function remoteProblem(m: MarketplaceSummary): SkillProblem[] {
  const first = m.remote[0];
  if (first === undefined) return [];
  const types = new Map<string, number>();
  for (const r of m.remote) types.set(r.type, (types.get(r.type) ?? 0) + 1);
  const byType = [...types].map(([t, n]) => `${t} ${n}`).join(", ");
  const count = m.remote.length === 1 ? "1 entry has" : `${m.remote.length} entries have`;
  return [{
    file: m.file,
    reason: `${count} a remote source (${byType}), which skald does not fetch: not checked`,
    code: "remote-source",
    level: "info",
    at: { path: ["plugins", first.index, "source"] },
  }];
}

function readIgnoreFile(root: string) {
  try {
    return parseIgnoreFile(Deno.readTextFileSync(posix.join(root, IGNORE_FILE)));
  } catch {
    return [];
  }
}
