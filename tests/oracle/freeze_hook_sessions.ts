/**
 * Runs the hook sessions of `hook_sessions.ts` through the Claude Code oracle, with skald (this
 * checkout's `main.ts`) as the hook, and freezes them into
 * `tests/fixtures/oracle/hook_sessions.json`: per call, what Claude Code sent the hook, what
 * skald answered (stdout, stderr, exit code), and what Claude Code then did (the decision and
 * the text the model got). Each hook command runs inside a small recorder script that logs its
 * input and output. Re-run after a change to the hook:
 *
 *   deno run -A tests/oracle/freeze_hook_sessions.ts ../shared/oracle
 *
 * The oracle needs Claude Code installed (`../shared/oracle/install.sh`).
 *
 * @module
 */

import { ORACLE, writeFixture } from "./_oracle_files.ts";
import { type Session, SESSIONS } from "./hook_sessions.ts";

const REPO = decodeURIComponent(new URL("../..", import.meta.url).pathname).replace(/\/$/, "");
const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const SKALD =
  `deno run --allow-read --allow-env --allow-run=bash --v8-flags=--no-lazy ${REPO}/main.ts`;

/** One recorded hook call. */
interface Record_ {
  input: Record<string, unknown>;
  stdout: string;
  stderr: string;
  code: number;
}

const work = Deno.makeTempDirSync({ prefix: "skald-freeze-hook-" });
const recorder = `${work}/record.sh`;
Deno.writeTextFileSync(
  recorder,
  `#!/bin/bash
# record.sh LOG COMMAND...: runs the hook command on stdin, logs input, output and exit code.
log=$1; shift
in=$(cat)
err=$(mktemp)
out=$(printf '%s' "$in" | "$@" 2>"$err"); code=$?
python3 -c 'import json,sys; print(json.dumps({"input": sys.argv[1], "stdout": sys.argv[2], "stderr": open(sys.argv[3]).read(), "code": int(sys.argv[4])}))' "$in" "$out" "$err" "$code" >> "$log"
cat "$err" >&2; rm -f "$err"
printf '%s' "$out"
exit $code
`,
);
Deno.chmodSync(recorder, 0o755);

/** Replaces `{{SKALD}}`, and puts the recorder in front of the first command of a hook line. */
function recorded(command: string, log: string): string {
  return `${recorder} ${log} ${command.replaceAll("{{SKALD}}", SKALD)}`;
}

// deno-lint-ignore no-explicit-any
function withRecorder(value: any, log: string): any {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => withRecorder(v, log));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === "command" && typeof v === "string" ? recorded(v, log) : withRecorder(v, log);
  }
  return out;
}

function claude(args: string[], home: string): void {
  const bin = JSON.parse(
    new TextDecoder().decode(
      new Deno.Command("node", { args: [`${ORACLE}/claude-oracle.mjs`, "version"] }).outputSync()
        .stdout,
    ),
  ).bin as string;
  const out = new Deno.Command(bin, { args, env: { HOME: home }, stdout: "piped", stderr: "piped" })
    .outputSync();
  if (!out.success) {
    throw new Error(`claude ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/**
 * A user's `~/.claude` after installing skald from a copy of this checkout's marketplace
 * (`claude plugin marketplace add DIR`, `claude plugin install skald@skald`). For a directory
 * marketplace Claude Code 2.1.332 runs the plugin from the directory itself, not from its
 * cache (observed), so the copy's `hooks/hooks.json` is the one rewritten to record.
 */
function installedPlugin(log: string): { files: Record<string, unknown>; userSettings: unknown } {
  const repo = `${work}/skald-plugin`;
  const cp = new Deno.Command("cp", { args: ["-a", REPO, repo] }).outputSync();
  if (!cp.success) throw new Error(`cp: ${new TextDecoder().decode(cp.stderr)}`);
  Deno.removeSync(`${repo}/.git`, { recursive: true });
  const hooksFile = `${repo}/hooks/hooks.json`;
  const doc = JSON.parse(Deno.readTextFileSync(hooksFile));
  Deno.writeTextFileSync(hooksFile, JSON.stringify(withRecorder(doc, log), null, 2));
  const home = `${work}/plugin-home`;
  Deno.mkdirSync(home, { recursive: true });
  claude(["plugin", "marketplace", "add", repo], home);
  claude(["plugin", "install", "skald@skald"], home);
  const plugins = `${home}/.claude/plugins`;
  const installed = JSON.parse(Deno.readTextFileSync(`${plugins}/installed_plugins.json`));
  const entry = installed.plugins["skald@skald"][0];
  const cache = entry.installPath as string;
  entry.installPath = cache.replace(home, "{{HOME}}");
  return {
    files: {
      "~/.claude/plugins/installed_plugins.json": { json: installed },
      "~/.claude/plugins/known_marketplaces.json": {
        json: JSON.parse(Deno.readTextFileSync(`${plugins}/known_marketplaces.json`)),
      },
      [`~${cache.slice(home.length)}`]: { symlink: cache },
    },
    userSettings: JSON.parse(Deno.readTextFileSync(`${home}/.claude/settings.json`)),
  };
}

function oracleCase(s: Session, log: string): Record<string, unknown> {
  const c: Record<string, unknown> = {
    name: s.name,
    files: s.files ?? {},
    settings: typeof s.settings === "string" ? s.settings : withRecorder(s.settings, log),
    env: { DENO_DIR, ...s.env },
    calls: s.calls.map(({ id, tool, input, expect }) => ({ id, tool, input, expect })),
  };
  if (s.userSettings !== undefined) c.userSettings = withRecorder(s.userSettings, log);
  if (s.permissionMode !== undefined) c.permissionMode = s.permissionMode;
  if (s.git) c.git = true;
  if (s.args) c.args = s.args;
  if (s.prompt) c.prompt = s.prompt;
  if (s.installPlugin) {
    const plugin = installedPlugin(log);
    c.files = { ...(c.files as Record<string, unknown>), ...plugin.files };
    c.userSettings = plugin.userSettings;
  }
  return c;
}

const rows: unknown[] = [];
let failed = 0;
for (const session of SESSIONS) {
  const log = `${work}/${rows.length}.jsonl`;
  Deno.writeTextFileSync(log, "");
  const spec = JSON.stringify(oracleCase(session, log));
  const child = new Deno.Command("node", {
    args: [`${ORACLE}/claude-oracle.mjs`, "perm", "-", "--keep"],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(spec));
  await w.close();
  const out = JSON.parse(new TextDecoder().decode((await child.output()).stdout));
  const group = out.results[0];
  const sandbox = group.sandbox as string;
  const unsub = (text: string) =>
    text.replaceAll(`${sandbox}/proj`, "{{PROJECT}}").replaceAll(`${sandbox}/home`, "{{HOME}}")
      .replaceAll(sandbox, "{{ROOT}}").replaceAll(`${work}/skald-plugin`, "{{PLUGIN}}")
      .replaceAll(work, "{{WORK}}").replaceAll(REPO, "{{REPO}}");
  const records: Record_[] = Deno.readTextFileSync(log).split("\n").filter((l) => l !== "")
    .map((l) => {
      const r = JSON.parse(unsub(l));
      return { ...r, input: r.input === "" ? {} : JSON.parse(r.input) };
    });
  // Everything the model was sent (the mock's log), for the secrets and a render's text.
  const sent = Deno.readTextFileSync(`${sandbox}/requests.jsonl`);
  const first = sent.split("\n")[0] ?? "";
  for (const want of session.sent ?? []) {
    if (!JSON.stringify(JSON.parse(first)).includes(JSON.stringify(want).slice(1, -1))) {
      failed++;
      console.error(`${session.name}: the first request does not hold ${JSON.stringify(want)}`);
    }
  }
  for (const secret of session.secrets ?? []) {
    if (sent.includes(secret)) {
      failed++;
      console.error(`${session.name}: the secret ${secret} was sent to the model`);
    }
  }
  Deno.removeSync(sandbox, { recursive: true });
  const calls = group.results.map((r: Record<string, unknown>) => {
    const id = r.id as string;
    const text = (r.text as string | null) ?? "";
    if (r.ok === false) {
      failed++;
      console.error(`${session.name}: ${id}: expected ${r.expect}, Claude Code said ${r.decision}`);
    }
    return {
      id,
      decision: r.decision,
      reasonType: r.reasonType,
      text: text.length > 400 ? text.slice(0, 400) + "…" : text,
    };
  });
  for (const secret of session.secrets ?? []) {
    for (const r of group.results) {
      if (((r.text as string | null) ?? "").includes(secret)) {
        failed++;
        console.error(`${session.name}: ${r.id}: the secret ${secret} reached the model`);
      }
    }
  }
  rows.push({ name: session.name, calls, hookCalls: records });
}
writeFixture("hook_sessions.json", [{ claudeVersion: version() }, ...rows]);
Deno.removeSync(work, { recursive: true });
if (failed > 0) {
  console.error(`${failed} expectation(s) failed`);
  Deno.exit(2);
}

function version(): string {
  return JSON.parse(
    new TextDecoder().decode(
      new Deno.Command("node", { args: [`${ORACLE}/claude-oracle.mjs`, "version"] }).outputSync()
        .stdout,
    ),
  ).version;
}
