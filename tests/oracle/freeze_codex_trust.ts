/**
 * Asks the real Codex CLI (0.169.0, the agent oracle's install) which hooks it trusts: for each
 * case, a scratch `CODEX_HOME` (its `config.toml`, maybe `hooks.json`) and project (maybe
 * `.codex/hooks.json`), then `codex app-server`'s `hooks/list` over stdio, inside `unshare -n`.
 * Freezes each hook Codex lists (its key, its `currentHash`, `trustStatus`, `enabled`) into
 * `tests/fixtures/oracle/codex_trust.json`; `tests/cli/doctor_agents_test.ts` holds doctor's
 * reading of the same files to it. Re-run:
 *
 *   deno run -A tests/oracle/freeze_codex_trust.ts ../shared/agent-oracles
 *
 * @module
 */

import { writeFixture } from "./_oracle_files.ts";
import { CODEX_TRUST_CASES, TRUSTED_HASH } from "./codex_trust_cases.ts";
import { codexHookHash } from "../../lib/cli/doctor_agents.ts";

const ORACLES = Deno.args[0] ?? "../shared/agent-oracles";
const version = JSON.parse(
  new TextDecoder().decode(
    new Deno.Command("node", { args: [`${ORACLES}/codex/codex-oracle.mjs`, "version"] })
      .outputSync().stdout,
  ),
) as { bin: string; version: string };

async function hooksList(codexHome: string, project: string): Promise<unknown[]> {
  const lines = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { clientInfo: { name: "t", version: "1" } },
    },
    { jsonrpc: "2.0", method: "initialized" },
    { jsonrpc: "2.0", id: 2, method: "hooks/list", params: { cwds: [project] } },
  ].map((m) => JSON.stringify(m)).join("\n") + "\n";
  const child = new Deno.Command("unshare", {
    args: ["-n", version.bin, "app-server"],
    cwd: project,
    env: { CODEX_HOME: codexHome, HOME: `${codexHome}/..`, PATH: Deno.env.get("PATH") ?? "" },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(lines));
  // The answer comes once the server has read the config; then close its input.
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let answer: unknown;
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  while (answer === undefined) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    for (const line of buffer.split("\n").slice(0, -1)) {
      const m = JSON.parse(line);
      if (m.id === 2) answer = m.result;
    }
    buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
  }
  clearTimeout(timer);
  await w.close();
  await reader.cancel();
  child.kill("SIGKILL");
  await child.status;
  const data = (answer as { data: { hooks: unknown[] }[] } | undefined)?.data ?? [];
  return data.flatMap((d) => d.hooks);
}

const rows: unknown[] = [];
for (const c of CODEX_TRUST_CASES) {
  const root = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-codex-trust-" }));
  const codexHome = `${root}/home/.codex`;
  const project = `${root}/proj`;
  Deno.mkdirSync(codexHome, { recursive: true });
  Deno.mkdirSync(`${project}/.codex`, { recursive: true });
  const sub = (t: string) => t.replaceAll("{{ROOT}}", root);
  // The hash skald computes, written where a case trusts the hook.
  const hash = await codexHookHash(c.group.matcher, c.group.hooks[0]!);
  const config = sub(c.config).replaceAll(TRUSTED_HASH, hash);
  Deno.writeTextFileSync(`${codexHome}/config.toml`, config);
  const hooksFile = c.where === "user" ? `${codexHome}/hooks.json` : `${project}/.codex/hooks.json`;
  Deno.writeTextFileSync(hooksFile, JSON.stringify({ hooks: { PreToolUse: [c.group] } }));
  const listed = (await hooksList(codexHome, project)) as Record<string, unknown>[];
  rows.push({
    name: c.name,
    hooks: listed.map((h) => ({
      key: String(h.key).replaceAll(root, "{{ROOT}}"),
      currentHash: h.currentHash,
      trustStatus: h.trustStatus,
      enabled: h.enabled,
    })),
    skaldHash: hash,
  });
  Deno.removeSync(root, { recursive: true });
}
writeFixture("codex_trust.json", [{ codexVersion: version.version }, ...rows]);
