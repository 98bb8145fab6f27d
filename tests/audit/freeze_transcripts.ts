/**
 * Runs the sessions of `_sessions.ts` through the Claude Code oracle (raw mode, the sandbox
 * kept) and freezes the transcripts Claude Code wrote into `tests/fixtures/audit/<name>/`:
 *
 * - `transcripts/`: every `.jsonl` of the project's folder under `~/.claude/projects/` (the
 *   session's, and `<session>/subagents/agent-<id>.jsonl` for each subagent), each line stripped
 *   to its structure and tool calls: the keys `skald audit` and a reader need, `tool_use` blocks
 *   whole, `tool_result` texts cut to their first line; Claude Code's own texts (prompts,
 *   system reminders, attachments' renderings, request bodies) left out. Sandbox paths become
 *   `{{PROJECT}}`, `{{HOME}}`, `{{ROOT}}`.
 * - `case.json`: the session (files, settings, where it started) and, per call, what Claude
 *   Code did as the oracle reads it from the stream-json events (`classifyByMeta`, else
 *   `classifyByText`: the judge the test holds the transcript reader to), `missing` for a call
 *   with no result.
 *
 * A session with `killAt` is killed (SIGKILL, its process group) once its transcript holds that
 * call: the call stays without a result, as after a crash. `truncated/` is `tools/` with half of
 * a line appended, as a crash in the middle of a write leaves it. Re-run after a Claude Code
 * upgrade:
 *
 *   deno run -A tests/audit/freeze_transcripts.ts ../shared/oracle
 *
 * @module
 */

import { posix } from "../../lib/path.ts";
import { AUDIT_SESSIONS, type AuditSession } from "./_sessions.ts";
import { stripLine } from "./_strip.ts";

const ORACLE = posix.resolve(Deno.args[0] ?? "../shared/oracle");
const REPO = decodeURIComponent(new URL("../..", import.meta.url).pathname).replace(/\/$/, "");
const OUT = `${REPO}/tests/fixtures/audit`;
const SKALD =
  `deno run --allow-read --allow-env --allow-run=bash --v8-flags=--no-lazy ${REPO}/main.ts`;
const oracle = await import(`${ORACLE}/claude-oracle.mjs`);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function spec(s: AuditSession): Json {
  const hookCommand = `${SKALD} hook || { echo 'skald hook could not run' >&2; exit 2; }`;
  const hooks = Object.fromEntries(
    ["PreToolUse", "PermissionRequest"].map((
      e,
    ) => [e, [{ matcher: "*", hooks: [{ type: "command", command: hookCommand }] }]]),
  );
  const settings = s.hook ? { ...s.settings as Json, hooks } : s.settings;
  return {
    name: s.name,
    git: s.git ?? false,
    files: s.files,
    settings,
    cwd: s.cwd === undefined ? "{{PROJECT}}" : `{{PROJECT}}/${s.cwd}`,
    args: ["--tools", s.tools],
    prompt: `oracle: audit session ${s.name}`,
    timeoutMs: 60_000,
    script: { turns: s.turns, after: { text: "done" }, side: { text: "ok" } },
  };
}

/** The sandbox's transcripts: paths under the project's folder. */
function transcripts(sandbox: string): { dir: string; files: string[] } {
  const projects = `${sandbox}/home/.claude/projects`;
  const [folder] = [...Deno.readDirSync(projects)].filter((e) => e.isDirectory);
  const dir = `${projects}/${folder!.name}`;
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(d)) {
      if (e.isDirectory) walk(`${d}/${e.name}`);
      else if (e.name.endsWith(".jsonl")) files.push(posix.relative(dir, `${d}/${e.name}`));
    }
  };
  walk(dir);
  return { dir, files: files.sort() };
}

/** Runs the oracle; with `killAt`, kills Claude Code once the transcript holds that call. */
async function run(s: AuditSession): Promise<Json> {
  const tmp = Deno.makeTempDirSync({ prefix: "skald-freeze-audit-" });
  const specFile = `${tmp}/spec.json`;
  const outFile = `${tmp}/out.json`;
  Deno.writeTextFileSync(specFile, JSON.stringify(spec(s)));
  const child = new Deno.Command("node", {
    args: [
      `${ORACLE}/claude-oracle.mjs`,
      "raw",
      specFile,
      "--keep",
      "--raw-paths",
      "--quiet",
      "--out",
      outFile,
    ],
    env: { ORACLE_TMPDIR: tmp },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  if (s.killAt !== undefined) await killWhen(tmp, s.killAt);
  const status = await child.status;
  if (!status.success && s.killAt === undefined) throw new Error(`${s.name}: the oracle failed`);
  return JSON.parse(Deno.readTextFileSync(outFile)).results[0];
}

/** Waits for a transcript under `tmp` holding `text` in a tool_use, then kills its claude. */
async function killWhen(tmp: string, text: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    await new Promise((r) => setTimeout(r, 100));
    for (const sandbox of [...Deno.readDirSync(tmp)].filter((e) => e.isDirectory)) {
      const root = `${tmp}/${sandbox.name}`;
      let found;
      try {
        found = transcripts(root);
      } catch {
        continue;
      }
      const holds = found.files.some((f) =>
        Deno.readTextFileSync(`${found.dir}/${f}`).split("\n").some((l) =>
          l.includes('"tool_use"') && l.includes(JSON.stringify(text).slice(1, -1))
        )
      );
      if (!holds) continue;
      // Claude Code first, then what it started (the shell runs in a process group of its
      // own): every process of this sandbox, found by its directory.
      const ours = (claude: boolean) => {
        for (const p of Deno.readDirSync("/proc")) {
          if (!/^\d+$/.test(p.name)) continue;
          try {
            const cwd = Deno.readLinkSync(`/proc/${p.name}/cwd`);
            const cmd = Deno.readTextFileSync(`/proc/${p.name}/cmdline`);
            const isClaude = cmd.includes("claude") && cmd.includes("-p\0");
            if (cwd.startsWith(`${root}/`) && isClaude === claude) {
              Deno.kill(Number(p.name), "SIGKILL");
            }
          } catch {
            // Gone, or not ours to read.
          }
        }
      };
      ours(true);
      await new Promise((r) => setTimeout(r, 200));
      ours(false);
      return;
    }
  }
  throw new Error(`no transcript came to hold ${text}`);
}

/** What Claude Code did with each call, from the stream-json events: `agent id\0tool_use id`. */
function decisions(events: Json[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ev of events) {
    if (ev.type !== "user" || !isObject(ev.message)) continue;
    const content = ev.message.content;
    if (!Array.isArray(content)) continue;
    const metas = Array.isArray(ev.tool_result_meta) ? ev.tool_result_meta as Json[] : [];
    for (const b of content) {
      if (!isObject(b) || b.type !== "tool_result") continue;
      const id = String(b.tool_use_id);
      const text = typeof b.content === "string"
        ? b.content
        : Array.isArray(b.content)
        ? b.content.map((x: Json) => x.type === "text" ? x.text : "").join("\n")
        : "";
      const meta = metas.find((m) => m.id === id);
      let decision = oracle.classifyByMeta(meta) ??
        oracle.classifyByText(text, b.is_error === true);
      if (decision === "allow" && oracle.IN_TOOL_DENY_RE.test(text)) decision = "deny";
      out.set(`${typeof ev.agent_id === "string" ? ev.agent_id : ""}\0${id}`, decision);
    }
  }
  return out;
}

function freeze(s: AuditSession, result: Json): void {
  const sandbox = result.sandbox as string;
  const unfill = (t: string) =>
    t.replaceAll(`${sandbox}/proj`, "{{PROJECT}}").replaceAll(`${sandbox}/home`, "{{HOME}}")
      .replaceAll(sandbox, "{{ROOT}}");
  const target = `${OUT}/${s.name}`;
  const { dir, files } = transcripts(sandbox);
  const found = decisions(result.events as Json[]);
  const calls: Json[] = [];
  for (const f of files) {
    const lines = Deno.readTextFileSync(`${dir}/${f}`).split("\n").filter((l) => l !== "");
    const kept = lines.map((l) => unfill(stripLine(l)));
    const path = `${target}/transcripts/${f}`;
    Deno.mkdirSync(posix.dirname(path), { recursive: true });
    Deno.writeTextFileSync(path, kept.join("\n") + "\n");
    kept.forEach((l, i) => {
      const d = JSON.parse(l);
      if (d.type !== "assistant") return;
      for (const b of d.message?.content ?? []) {
        if (b.type !== "tool_use") continue;
        // No event: the session ended first ("missing"), or the stream did not show the
        // result (a subagent's first one): the oracle cannot judge it (null).
        const answered = kept.some((r) => r.includes(`"tool_use_id":${JSON.stringify(b.id)}`));
        const decision = found.get(`${d.agentId ?? ""}\0${b.id}`) ??
          (answered ? null : "missing");
        calls.push({ transcript: f, line: i + 1, tool: b.name, id: b.id, decision });
      }
    });
  }
  const settings = s.settings;
  const doc = {
    name: s.name,
    about: s.about,
    claudeVersion: "2.1.332",
    files: s.files,
    settings,
    cwd: s.cwd ?? null,
    hook: s.hook ?? false,
    calls,
  };
  Deno.writeTextFileSync(`${target}/case.json`, JSON.stringify(doc, null, 1) + "\n");
  console.log(`${s.name}: ${files.length} transcripts, ${calls.length} calls`);
  Deno.removeSync(posix.dirname(sandbox), { recursive: true });
}

function removeQuietly(path: string): void {
  try {
    Deno.removeSync(path, { recursive: true });
  } catch {
    // Not there.
  }
}

for (const s of AUDIT_SESSIONS) {
  removeQuietly(`${OUT}/${s.name}`);
  freeze(s, await run(s));
}

// A crash in the middle of a write: `tools/` with half of a copy of its last tool_use line.
const tools = JSON.parse(Deno.readTextFileSync(`${OUT}/tools/case.json`));
removeQuietly(`${OUT}/truncated`);
Deno.mkdirSync(`${OUT}/truncated/transcripts`, { recursive: true });
const main = tools.calls[0].transcript as string;
const text = Deno.readTextFileSync(`${OUT}/tools/transcripts/${main}`);
const last = text.trimEnd().split("\n").findLast((l: string) => l.includes('"tool_use"'))!;
Deno.writeTextFileSync(
  `${OUT}/truncated/transcripts/${main}`,
  text + last.slice(0, Math.floor(last.length / 2)),
);
Deno.writeTextFileSync(
  `${OUT}/truncated/case.json`,
  JSON.stringify(
    { ...tools, name: "truncated", about: "tools/ with half a line appended (a crash mid-write)" },
    null,
    1,
  ) + "\n",
);
console.log("truncated: tools/ and half a line");
