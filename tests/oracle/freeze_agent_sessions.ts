/**
 * Runs the sessions of `agent_sessions.ts` through the real Gemini CLI and Codex CLI (the agent
 * oracles of `../shared/agent-oracles`), with skald (this checkout's `main.ts`) registered as
 * the project's hook, and freezes them into `tests/fixtures/oracle/agent_sessions.json`: per
 * call, what the agent did (ran or blocked), the text the model got, and every hook run (what
 * the agent sent on stdin, what skald printed, its exit code). Re-run after a change to an
 * adapter:
 *
 *   deno run -A tests/oracle/freeze_agent_sessions.ts ../shared/agent-oracles
 *
 * The oracles need their agents installed (`gemini/install.sh`, `codex/install.sh`).
 *
 * @module
 */

import { writeFixture } from "./_oracle_files.ts";
import { REGISTRATIONS } from "../../lib/settings/agent_registration.ts";
import { AGENT_SESSIONS, type AgentSession, hookCommand } from "./agent_sessions.ts";

const ORACLES = Deno.args[0] ?? "../shared/agent-oracles";
const REPO = decodeURIComponent(new URL("../..", import.meta.url).pathname).replace(/\/$/, "");
const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
/** skald as a hook runs it: main.ts's own flags, from the checkout. */
export const SKALD =
  `deno run --allow-read --allow-env --allow-run=bash --v8-flags=--no-lazy ${REPO}/main.ts`;

/**
 * The hooks of the file `skald init --agent` writes in a scratch project, checked to hold the
 * session's command.
 */
function initHooks(s: AgentSession, command: string): unknown {
  const dir = Deno.makeTempDirSync({ prefix: "skald-freeze-init-" });
  try {
    const file = `${dir}/${REGISTRATIONS[s.agent].projectFile}`;
    Deno.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    const init = s.init!.replaceAll("{{SKALD}}", SKALD);
    const out = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${REPO}/main.ts`, "init", "--agent", s.agent, "--command", init],
      cwd: dir,
      stdout: "null",
      stderr: "inherit",
    }).outputSync();
    if (!out.success) throw new Error(`${s.name}: init failed`);
    const doc = JSON.parse(Deno.readTextFileSync(file));
    const found = REGISTRATIONS[s.agent].found(doc).map((h) => h.command);
    if (found.length !== 1 || found[0] !== command) {
      throw new Error(`${s.name}: init wrote ${JSON.stringify(found)}, not ${command}`);
    }
    return doc.hooks;
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

function oracleCase(s: AgentSession): Record<string, unknown> {
  const command = hookCommand(s).replaceAll("{{SKALD}}", SKALD);
  const event = s.agent === "gemini" ? "BeforeTool" : "PreToolUse";
  const hooks = s.init !== undefined
    ? initHooks(s, command)
    : { [event]: [{ matcher: ".*", hooks: [{ type: "command", command }] }] };
  const servers = s.mcpServers ?? [];
  const mcpServer = Deno.readTextFileSync(`${REPO}/tests/fixtures/agents/mcp_server.mjs`);
  return {
    name: s.name,
    files: servers.length === 0 ? s.files : { ...s.files, "mcp.mjs": mcpServer },
    ...(servers.length === 0 ? {} : {
      settings: {
        mcpServers: Object.fromEntries(
          servers.map((n) => [n, { command: "node", args: ["{{PROJECT}}/mcp.mjs"], trust: true }]),
        ),
      },
    }),
    projectHooks: hooks,
    env: { DENO_DIR },
    calls: s.calls.map(({ id, tool, args }) => ({ id, tool, args })),
    afterFiles: [...s.stillThere ?? [], ...s.absent ?? []],
    ...(s.git ? { git: true } : {}),
    timeoutMs: 90_000,
  };
}

function version(agent: string): string {
  const script = `${ORACLES}/${agent}/${agent}-oracle.mjs`;
  const out = new Deno.Command("node", { args: [script, "version"] }).outputSync();
  return JSON.parse(new TextDecoder().decode(out.stdout)).version;
}

async function runOracle(agent: string, cases: unknown[]): Promise<Record<string, unknown>[]> {
  const child = new Deno.Command("node", {
    args: [`${ORACLES}/${agent}/${agent}-oracle.mjs`, "-", "--jobs", "2"],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify(cases)));
  await w.close();
  const text = new TextDecoder().decode((await child.output()).stdout);
  const doc = JSON.parse(text);
  return (Array.isArray(doc) ? doc : doc.results ?? [doc]) as Record<string, unknown>[];
}

const unrepo = (text: string) => text.replaceAll(REPO, "{{REPO}}");
const rows: unknown[] = [];
let failed = 0;
for (const agent of ["gemini", "codex"] as const) {
  const sessions = AGENT_SESSIONS.filter((s) => s.agent === agent);
  const results = await runOracle(agent, sessions.map(oracleCase));
  for (const session of sessions) {
    const result = results.find((r) => r.name === session.name);
    if (result === undefined) throw new Error(`${session.name}: no result`);
    const calls = (result.results as Record<string, unknown>[]).map((r) => {
      const text = String(r.text ?? "");
      return {
        id: r.id,
        outcome: r.outcome,
        text: unrepo(text.length > 600 ? text.slice(0, 600) + "…" : text),
        hookRuns: (r.hookRuns as Record<string, unknown>[]).map((h) => ({
          // The oracle gives a JSON input parsed: written back compact, as the agents send it.
          stdin: unrepo(typeof h.stdin === "string" ? h.stdin : JSON.stringify(h.stdin)),
          stdout: unrepo(String(h.stdout)),
          stderr: unrepo(String(h.stderr)),
          exit: h.exit,
        })),
      };
    });
    for (const [i, c] of session.calls.entries()) {
      const got = calls[i];
      if (got?.outcome !== c.expect) {
        failed++;
        console.error(`${session.name}: ${c.id}: expected ${c.expect}, got ${got?.outcome}`);
      } else if (c.textIncludes !== undefined && !got.text.includes(c.textIncludes)) {
        failed++;
        console.error(`${session.name}: ${c.id}: the text lacks ${c.textIncludes}: ${got.text}`);
      }
      for (const secret of session.secrets ?? []) {
        if (got?.text.includes(secret)) {
          failed++;
          console.error(`${session.name}: ${c.id}: the secret ${secret} reached the model`);
        }
      }
    }
    const after = (result.afterFiles ?? {}) as Record<string, boolean>;
    for (const f of session.stillThere ?? []) {
      if (after[f] === true) continue;
      failed++;
      console.error(`${session.name}: ${f} is gone`);
    }
    for (const f of session.absent ?? []) {
      if (after[f] === false) continue;
      failed++;
      console.error(`${session.name}: ${f} was written`);
    }
    rows.push({ name: session.name, agent, calls, afterFiles: after });
  }
}
// In the order of the cases (each agent's ran together).
const named = (r: unknown) => (r as { name: string }).name;
const ordered = AGENT_SESSIONS.map((s) => rows.find((r) => named(r) === s.name));
writeFixture("agent_sessions.json", [
  { geminiVersion: version("gemini"), codexVersion: version("codex") },
  ...ordered,
]);
if (failed > 0) {
  console.error(`${failed} expectation(s) failed`);
  Deno.exit(2);
}
