/**
 * Runs the Claude Code oracle on the plugin cases of this repository and freezes what it
 * answered, so CI needs no oracle:
 *
 * - `tests/oracle/cases/plugins.json` (skills mode: trees, `--plugin-dir` arguments, settings)
 *   -> `tests/fixtures/oracle/plugins.json`: per case, the entries Claude Code listed for the
 *   model (its own entries left out), the slash commands it added, and the prompts rendered;
 * - `tests/oracle/cases/plugin_renders.json` (render mode) -> `tests/fixtures/oracle/plugin_renders.json`;
 * - Claude Code's own listing entries (names, descriptions, and which keep their description
 *   whatever the budget) -> `lib/_generated/claude_builtins.ts`.
 *
 * Needs the oracle installed (`../shared/oracle/install.sh`); takes a minute:
 *
 *   deno run -A tests/oracle/freeze_plugins.ts ../shared/oracle
 *
 * @module
 */

import { posix } from "../../lib/path.ts";
import { ORACLE, writeFixture } from "./_oracle_files.ts";

const here = new URL(".", import.meta.url).pathname;
/** The repository: cases name its fixture trees as `{{REPO}}/tests/fixtures/...`. */
const REPO = posix.resolve(here, "../..");
const withRepo = (text: string) => text.replaceAll("{{REPO}}", REPO);
const withoutRepo = (text: string) => text.replaceAll(REPO, "{{REPO}}");

interface Listed {
  name: string;
  description: string;
}

interface SkillsResult {
  name: string;
  exit: number;
  fullListing: Listed[];
  init: { slash_commands: string[] };
  renders?: { prompt: string; sentToModel: boolean; rendered?: string[]; result?: string }[];
}

/** Runs the oracle on the cases (skills mode: each with `full`, for the whole listing). */
async function oracle(mode: string, file: string): Promise<unknown[]> {
  const dir = Deno.makeTempDirSync({ prefix: "skald-freeze-" });
  try {
    const spec = (JSON.parse(Deno.readTextFileSync(file)) as object[])
      .map((c) => mode === "skills" ? { ...c, full: true } : c);
    Deno.writeTextFileSync(`${dir}/spec.json`, withRepo(JSON.stringify(spec)));
    const out = await new Deno.Command("node", {
      args: [
        posix.join(ORACLE, "claude-oracle.mjs"),
        mode,
        `${dir}/spec.json`,
        "--quiet",
        "--out",
        `${dir}/out.json`,
      ],
      stderr: "inherit",
    }).output();
    if (!out.success) throw new Error(`the oracle failed on ${file}`);
    return JSON.parse(withoutRepo(Deno.readTextFileSync(`${dir}/out.json`))).results;
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

const casesFile = posix.join(here, "cases/plugins.json");
const cases = JSON.parse(Deno.readTextFileSync(casesFile)) as { name: string }[];
const results = await oracle("skills", casesFile) as SkillsResult[];
const byName = new Map(results.map((r) => [r.name, r]));
const baseline = byName.get(cases[0]!.name)!;
const tiny = byName.get(cases[1]!.name)!;
const own = new Set(baseline.fullListing.map((e) => e.name));
const ownCommands = new Set(baseline.init.slash_commands);

const frozen = cases.map((c) => {
  const r = byName.get(c.name);
  if (r === undefined) throw new Error(`no result for ${c.name}`);
  return {
    ...c,
    exit: r.exit,
    listing: r.fullListing.filter((e) => !own.has(e.name)),
    slashCommands: r.init.slash_commands.filter((n) => !ownCommands.has(n)),
    renders: (r.renders ?? []).map((x) => ({
      prompt: x.prompt,
      sentToModel: x.sentToModel,
      rendered: x.rendered ?? [],
      result: x.result ?? null,
    })),
  };
});
writeFixture("plugins.json", frozen);

const renderFile = posix.join(here, "cases/plugin_renders.json");
const renderCases = JSON.parse(Deno.readTextFileSync(renderFile)) as { name: string }[];
const renders = await oracle("render", renderFile) as {
  name: string;
  sentToModel: boolean;
  rendered?: string[];
  result?: { result?: string };
}[];
writeFixture(
  "plugin_renders.json",
  renderCases.map((c) => {
    const r = renders.find((x) => x.name === c.name)!;
    return {
      ...c,
      sentToModel: r.sentToModel,
      rendered: r.rendered ?? [],
      result: r.result?.result ?? null,
    };
  }),
);

// The tools Claude Code offers the model: the request's tools, and the deferred ones it names.
const [raw] = await oracle("raw", posix.join(here, "cases/tools.json")) as {
  requests: { body: { tools: { name: string }[]; messages: { content: unknown }[] } }[];
}[];
const body = raw!.requests[0]!.body;
const texts: string[] = body.messages.flatMap((m) =>
  typeof m.content === "string"
    ? [m.content]
    : (m.content as { text?: string }[]).map((c) => c.text ?? "")
);
const intro = "The following deferred tools are now available via ToolSearch.";
const block = texts.find((t) => t.includes(intro)) ?? "";
const deferred = block.slice(block.indexOf(intro)).split("\n\n")[0]!.split("\n").slice(1);
writeFixture("tools.json", [{
  offered: body.tools.map((t) => t.name).filter((n) => n !== "DeferredToolPlaceholder"),
  deferred,
}]);

// At a budget of 1 character only the entries Claude Code never shortens keep a description.
const fixed = new Set(tiny.fullListing.filter((e) => e.description !== "").map((e) => e.name));
const builtins = baseline.fullListing.map((e) => ({ ...e, fixed: fixed.has(e.name) }));
const version = new TextDecoder().decode(
  (await new Deno.Command("node", {
    args: [posix.join(ORACLE, "claude-oracle.mjs"), "version"],
    stdout: "piped",
  }).output()).stdout,
);
const target = posix.join(here, "../../lib/_generated/claude_builtins.ts");
Deno.writeTextFileSync(
  target,
  `// @generated by tests/oracle/freeze_plugins.ts from the Claude Code oracle: do not edit.
// deno-fmt-ignore-file
/**
 * Claude Code's own entries of the skill listing, as its ${JSON.parse(version).version} sends
 * them in a fresh setup (no login, not a git repository), after every entry of the project,
 * the user and the plugins. They count against the listing's budget; \`fixed\` ones keep their
 * description whatever the budget.
 *
 * @module
 */

/** One of Claude Code's own listing entries. */
export interface BuiltinEntry {
  /** Its name. */
  name: string;
  /** Its description, as listed. */
  description: string;
  /** True when the budget never drops its description. */
  fixed: boolean;
}

/** The version the table was taken from. */
export const CLAUDE_CODE_VERSION = ${JSON.stringify(JSON.parse(version).version)};

/** Claude Code's own entries, in listing order. */
export const CLAUDE_CODE_BUILTINS: readonly BuiltinEntry[] = ${JSON.stringify(builtins, null, 1)};
`,
);
console.log(`wrote ${builtins.length} built-in entries to ${target}`);
