/**
 * `skald doctor` on the other agents' hooks (issue 16): Codex's trust read as the real Codex CLI
 * reads it (the answers of its `hooks/list`, frozen by `tests/oracle/freeze_codex_trust.ts`),
 * and doctor run as a subprocess on scratch projects whose hooks `init --agent` wrote: each
 * hook really run with a sample call in its agent's input.
 */

import assert from "node:assert/strict";
import * as toml from "npm:smol-toml@1.9.1";
import { codexHookHash, codexTrust } from "../../lib/cli/doctor_agents.ts";
import { REGISTRATIONS } from "../../lib/settings/agent_registration.ts";
import { CODEX_TRUST_CASES, TRUSTED_HASH } from "../oracle/codex_trust_cases.ts";
import { FLAGS, REPO, skald } from "./_run.ts";

const frozen = JSON.parse(
  Deno.readTextFileSync(`${REPO}/tests/fixtures/oracle/codex_trust.json`),
) as [
  { codexVersion: string },
  ...{
    name: string;
    hooks: { key: string; currentHash: string; trustStatus: string }[];
    skaldHash: string;
  }[],
];

Deno.test("codex trust: every case was asked of Codex CLI 0.169.0", () => {
  assert.equal(frozen[0].codexVersion, "codex-cli 0.169.0");
  assert.deepEqual(
    frozen.slice(1).map((r) => (r as { name: string }).name),
    CODEX_TRUST_CASES.map((c) => c.name),
  );
});

for (const c of CODEX_TRUST_CASES) {
  Deno.test(`codex trust: ${c.name}`, async () => {
    const row = frozen.find((r) => (r as { name?: string }).name === c.name) as typeof frozen[1];
    const listed = row.hooks[0];
    assert.equal(listed?.trustStatus ?? "absent", c.expected, "Codex's answer");
    const root = "/r";
    const hash = await codexHookHash(c.group.matcher, c.group.hooks[0]!);
    if (listed !== undefined) assert.equal(hash, listed.currentHash, "skald's hash is Codex's");
    const config = toml.parse(c.config.replaceAll("{{ROOT}}", root).replaceAll(TRUSTED_HASH, hash));
    const file = c.where === "user"
      ? `${root}/home/.codex/hooks.json`
      : `${root}/proj/.codex/hooks.json`;
    if (listed !== undefined) {
      assert.equal(listed.key.replace("{{ROOT}}", root), `${file}:pre_tool_use:0:0`);
    }
    const got = codexTrust(config, file, [0, 0], c.where, `${root}/proj`, hash);
    assert.equal(got.trustStatus, c.expected === "absent" ? "project-untrusted" : c.expected);
    assert.equal(got.trusted, c.expected === "trusted");
  });
}

const SKALD = [Deno.execPath(), "run", "--quiet", ...FLAGS, `${REPO}/main.ts`].join(" ");

interface AgentOut {
  agent: string;
  runs: boolean;
  detail: string;
  blocksOnFailure: boolean;
  everyTool: boolean;
  trusted?: boolean;
  trustStatus?: string;
}

async function scratch(files: Record<string, unknown>) {
  const dir = Deno.realPathSync(await Deno.makeTempDir({ prefix: "skald-doctor-agents-" }));
  const root = `${dir}/proj`;
  const home = `${dir}/home`;
  await Deno.mkdir(`${root}/.claude`, { recursive: true });
  await Deno.mkdir(home);
  for (const [path, doc] of Object.entries(files)) {
    const file = path.startsWith("~/") ? `${home}/${path.slice(2)}` : `${root}/${path}`;
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, typeof doc === "string" ? doc : JSON.stringify(doc));
  }
  return { dir, root, home };
}

const registered = (agent: "gemini" | "codex" | "copilot", command: string) => {
  const reg = REGISTRATIONS[agent];
  return { ...reg.newFile, hooks: { [reg.event]: [reg.entry(command)] } };
};

const doctor = (root: string, home: string, ...args: string[]) =>
  skald(["doctor", "--json", "--root", root, "--home", home, ...args]);

Deno.test("doctor: the hooks init --agent writes run and block, each on a sample in its agent's input", async () => {
  const s = await scratch({
    ".gemini/settings.json": registered("gemini", REGISTRATIONS.gemini.command(SKALD)),
    ".codex/hooks.json": registered("codex", REGISTRATIONS.codex.command(SKALD)),
    ".github/hooks/skald.json": registered("copilot", REGISTRATIONS.copilot.command(SKALD)),
    // The policy every agent's hook reads: a deny rule, or doctor says it protects nothing.
    ".claude/settings.json": { permissions: { deny: ["Bash(rm:*)"] } },
  });
  try {
    const r = await doctor(s.root, s.home);
    const out = JSON.parse(r.stdout) as { ok: boolean; agents: AgentOut[] };
    assert.deepEqual(out.agents.map((a) => [a.agent, a.runs, a.blocksOnFailure, a.everyTool]), [
      ["gemini", true, true, true],
      ["codex", true, true, true],
      ["copilot", true, true, true],
    ], JSON.stringify(out.agents));
    // Codex has no config.toml here: the project is not trusted, so Codex would not run it.
    assert.deepEqual([out.agents[1]!.trusted, out.agents[1]!.trustStatus], [
      false,
      "project-untrusted",
    ]);
    // No Claude Code hook: not in place for Claude Code; in place for Gemini and Copilot.
    assert.equal(r.code, 1);
    assert.equal((await doctor(s.root, s.home, "--agent", "gemini")).code, 0);
    assert.equal((await doctor(s.root, s.home, "--agent", "copilot")).code, 0);
    const codex = await doctor(s.root, s.home, "--agent", "codex");
    assert.equal(codex.code, 1);
    const text = await skald(["doctor", "--root", s.root, "--home", s.home, "--agent", "codex"]);
    assert.match(text.stdout, /WARN PreToolUse in .*\.codex\/hooks\.json/);
    assert.match(text.stdout, /Codex reads \.codex\/ only in a trusted project/);
    assert.match(
      text.stdout,
      /missing: no working, trusted skald hook answers Codex CLI's PreToolUse/,
    );
    // Trusted as Codex records it: in place.
    const hash = await codexHookHash(".*", {
      type: "command",
      command: REGISTRATIONS.codex.command(SKALD),
    });
    await Deno.mkdir(`${s.home}/.codex`);
    await Deno.writeTextFile(
      `${s.home}/.codex/config.toml`,
      `[projects."${s.root}"]\ntrust_level = "trusted"\n` +
        `[hooks.state."${s.root}/.codex/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "${hash}"\n`,
    );
    const trusted = await doctor(s.root, s.home, "--agent", "codex");
    assert.equal(trusted.code, 0, trusted.stdout);
    assert.equal(JSON.parse(trusted.stdout).agents[1].trustStatus, "trusted");
  } finally {
    await Deno.remove(s.dir, { recursive: true });
  }
});

Deno.test("doctor: a hook that reads Claude Code's input in Gemini's file, one without the fallback", async () => {
  const s = await scratch({
    ".gemini/settings.json": registered("gemini", `${SKALD} hook || exit 2`),
    "~/.copilot/hooks/skald.json": registered("copilot", `${SKALD} hook --agent copilot`),
  });
  try {
    const r = await doctor(s.root, s.home, "--agent", "copilot");
    const out = JSON.parse(r.stdout) as { agents: AgentOut[] };
    assert.equal(r.code, 1);
    const [gemini, copilot] = out.agents;
    assert.equal(gemini!.runs, false);
    assert.match(gemini!.detail, /it reads claude's hook input, not gemini's: add --agent gemini/);
    assert.deepEqual([copilot!.runs, copilot!.blocksOnFailure], [true, false]);
  } finally {
    await Deno.remove(s.dir, { recursive: true });
  }
});
