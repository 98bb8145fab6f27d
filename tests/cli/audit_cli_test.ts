/**
 * `skald audit` end to end (issue 15): `main.ts` run as a process on the real sessions of
 * `tests/fixtures/audit/`, rebuilt with their transcripts where Claude Code keeps them
 * (`~/.claude/projects/<folder>/`): the default input, files and folders given, a subagent's
 * project, `--root`, `--settings`, `--mode`, the three formats (golden files), the exit codes,
 * the progress line (under a real terminal, `script`'s pseudo-terminal) and problems.
 */

import assert from "node:assert/strict";
import { golden, skald } from "./_run.ts";
import { buildCase, type BuiltCase, caseTranscripts } from "../audit/_fixtures.ts";

/** Runs `skald audit` in the case's project, with its home. */
async function audit(built: BuiltCase, args: string[], cwd = built.project) {
  const r = await skald(["audit", ...args], { cwd, env: { HOME: built.home } });
  const unfill = (t: string) => t.replaceAll(built.top, "{{ROOT}}");
  return { code: r.code, stdout: unfill(r.stdout), stderr: unfill(r.stderr) };
}

async function withCase(name: string, fn: (built: BuiltCase) => Promise<void>): Promise<void> {
  const built = buildCase(name);
  try {
    await fn(built);
  } finally {
    built.remove();
  }
}

Deno.test("audit cli: by default, the project's transcripts; Claude Code ran denied calls: exit 4", async () => {
  await withCase("after-cd", async (built) => {
    const r = await audit(built, []);
    assert.equal(r.stderr, "");
    assert.equal(r.code, 4);
    await golden("audit-after-cd.txt", r.stdout);
  });
});

Deno.test("audit cli: --help", async () => {
  const r = await skald(["audit", "--help"]);
  assert.equal(r.code, 0);
  await golden("help-audit.txt", r.stdout);
});

Deno.test("audit cli: the same session with skald as the hook: refused too, exit 0", async () => {
  await withCase("hook", async (built) => {
    const r = await audit(built, []);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /skald would deny or ask, and Claude Code refused it too \(6\):/);
    assert.doesNotMatch(r.stdout, /and Claude Code ran it/);
  });
});

Deno.test("audit cli: --json: one object a line per call, in order, then the summary", async () => {
  await withCase("after-cd", async (built) => {
    const r = await audit(built, ["--json"]);
    assert.equal(r.code, 4);
    const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 12);
    assert.ok(lines.slice(0, 11).every((l) => l.kind === "call"));
    assert.deepEqual(lines.slice(0, 11).map((l) => l.line), [
      16,
      24,
      27,
      30,
      33,
      38,
      42,
      45,
      50,
      53,
      57,
    ]);
    await golden("audit-call.json", JSON.stringify(lines[3], null, 2) + "\n");
    const summary = lines[11];
    assert.equal(summary.kind, "summary");
    assert.equal(summary.calls, 11);
    assert.deepEqual(summary.ran.map((c: { subject: string }) => c.subject), [
      "cat ../.en?",
      "grep -r KEY ..",
      "git -C .. push origin main",
    ]);
    await golden("audit-summary.json", JSON.stringify(summary, null, 2) + "\n");
    assert.deepEqual((await audit(built, ["--format", "json"])).stdout, r.stdout);
  });
});

Deno.test("audit cli: --format github: ::error for a deny that ran, ::warning for an ask, a notice", async () => {
  await withCase("tools", async (built) => {
    const r = await audit(built, [
      "--format",
      "github",
      "--settings",
      '{"permissions":{"ask":["Bash(pwd)"],"deny":["Bash(cat:*)"]}}',
    ]);
    assert.equal(r.code, 4);
    await golden("audit-github.txt", r.stdout);
    for (const line of r.stdout.trimEnd().split("\n")) {
      assert.match(line, /^::(error|warning|notice) [^:]*::[^\n\r]*$/);
    }
  });
});

Deno.test("audit cli: a truncated line is a counted problem, never a crash", async () => {
  await withCase("truncated", async (built) => {
    const r = await audit(built, []);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^skald audit: 1 transcript, 13 calls, 1 problem$/m);
    assert.match(r.stdout, /\.jsonl:75: Cannot read line 75: not JSON \(/);
    const gh = await audit(built, ["--format", "github"]);
    assert.match(
      gh.stdout,
      /^::warning file=0e5ac1e0-0000-4000-8000-00000000c0de\.jsonl,line=75,/m,
    );
    const json = await audit(built, ["--json"]);
    const summary = JSON.parse(json.stdout.trimEnd().split("\n").at(-1)!);
    assert.deepEqual(summary.problems.map((p: { line: number }) => p.line), [75]);
  });
});

Deno.test("audit cli: a session file given brings its subagents; their project is the session's", async () => {
  await withCase("subagent", async (built) => {
    const [main, sub] = caseTranscripts("subagent");
    // The subagent started after a cd: its first line says src; its project is still the one
    // the session started in.
    const path = `${built.folder}/${sub}`;
    Deno.writeTextFileSync(
      path,
      Deno.readTextFileSync(path).replaceAll(
        `"cwd":"${built.project}"`,
        `"cwd":"${built.project}/src"`,
      ),
    );
    const r = await audit(built, ["--json", `${built.folder}/${main}`], "/");
    const summary = JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!);
    assert.equal(summary.transcripts, 2);
    assert.equal(summary.subagentCalls, 6);
    assert.deepEqual(summary.projects.map((p: { root: string }) => p.root), ["{{ROOT}}/proj"]);
    const calls = r.stdout.trimEnd().split("\n").slice(0, -1).map((l) => JSON.parse(l));
    const subCalls = calls.filter((c) => c.agent !== null);
    assert.equal(subCalls.length, 6);
    assert.ok(subCalls.every((c) => c.cwd === "{{ROOT}}/proj/src"));
    assert.match(subCalls[0].transcript, /^\{\{ROOT\}\}\/.*\/subagents\/agent-a[0-9a-f]+\.jsonl$/);
    // Older layout: the subagent's file beside the session's.
    const old = `${built.folder}/${sub!.split("/").at(-1)}`;
    Deno.renameSync(path, old);
    Deno.removeSync(`${built.folder}/${main!.slice(0, -".jsonl".length)}`, { recursive: true });
    const r2 = await audit(built, ["--json", old], "/");
    const s2 = JSON.parse(r2.stdout.trimEnd().split("\n").at(-1)!);
    assert.deepEqual(s2.projects.map((p: { root: string }) => p.root), ["{{ROOT}}/proj"]);
  });
});

Deno.test("audit cli: a folder given: every transcript under it, named from it", async () => {
  await withCase("subagent", async (built) => {
    const r = await audit(built, ["--json", "."], built.folder);
    const calls = r.stdout.trimEnd().split("\n").slice(0, -1).map((l) => JSON.parse(l));
    assert.deepEqual([
      ...new Set(calls.map((c) => c.transcript.replace(/agent-a[0-9a-f]+/, "agent-X"))),
    ], [
      "0e5ac1e0-0000-4000-8000-00000000c0de.jsonl",
      "0e5ac1e0-0000-4000-8000-00000000c0de/subagents/agent-X.jsonl",
    ]);
  });
});

Deno.test("audit cli: --root decides every call by that project's policy", async () => {
  await withCase("after-cd", async (built) => {
    const other = `${built.top}/other`;
    Deno.mkdirSync(`${other}/.claude`, { recursive: true });
    Deno.writeTextFileSync(
      `${other}/.claude/settings.json`,
      JSON.stringify({ permissions: { deny: ["Bash(echo:*)"] } }),
    );
    const r = await audit(built, ["--json", "--root", other, built.folder]);
    const summary = JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!);
    assert.deepEqual(summary.projects.map((p: { root: string }) => p.root), ["{{ROOT}}/other"]);
    assert.deepEqual(summary.ran.map((c: { subject: string }) => c.subject), ["echo hi"]);
    assert.equal(r.code, 4);
  });
});

Deno.test("audit cli: --settings and --mode as for check; a call with no result listed apart", async () => {
  await withCase("killed", async (built) => {
    const r = await audit(built, ["--settings", '{"permissions":{"deny":["Bash(python3 -c:*)"]}}']);
    assert.equal(r.code, 0, "a call with no result is not one Claude Code ran");
    assert.match(
      r.stdout,
      /No result: the session ended first, it may have run \(1\):\n {2}deny {2}Bash\(python3 -c/,
    );
    const plan = await audit(built, ["--json", "--mode", "dontAsk"]);
    const summary = JSON.parse(plan.stdout.trimEnd().split("\n").at(-1)!);
    assert.deepEqual(summary.projects.map((p: { modes: string[] }) => p.modes), [["dontAsk"]]);
  });
});

Deno.test("audit cli: --limit shows the first calls and says how many more", async () => {
  await withCase("after-cd", async (built) => {
    const r = await audit(built, ["--limit", "1"]);
    assert.match(
      r.stdout,
      /\(3\):\n {2}deny {2}Bash\(cat \.\.\/\.en\?\)[^\n]*\n {2}… and 2 more \(--limit 0 shows all/,
    );
    const bad = await audit(built, ["--limit", "x"]);
    assert.equal(bad.code, 1);
    assert.equal(bad.stderr, 'skald: --limit takes a whole number, not "x"\n');
  });
});

Deno.test("audit cli: errors: no transcripts folder, a path that does not exist", async () => {
  await withCase("after-cd", async (built) => {
    const none = await audit(built, [], `${built.project}/src`);
    assert.equal(none.code, 1);
    assert.equal(
      none.stderr,
      `skald: No transcripts of {{ROOT}}/proj/src: Claude Code keeps them in ` +
        `{{ROOT}}/home/.claude/projects/${
          built.folder.split("/").at(-1)
        }-src, which does not exist\n`,
    );
    const missing = await audit(built, ["nope.jsonl", built.folder]);
    assert.equal(missing.code, 1, "an input that cannot be read fails the run");
    assert.match(missing.stdout, /^skald audit: 1 transcript, 11 calls, 1 problem$/m);
    assert.match(missing.stdout, / {2}nope\.jsonl: Cannot read nope\.jsonl: not found/);
    assert.equal(missing.stderr, "skald: Cannot read nope.jsonl: not found\n");
  });
});

/** Whether util-linux's script(1) is here, to run a command on a pseudo-terminal. */
const HAS_SCRIPT = (() => {
  try {
    return new Deno.Command("script", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "audit cli: a progress line on a terminal's stderr, none when stderr is a pipe",
  ignore: !HAS_SCRIPT,
}, async () => {
  await withCase("after-cd", async (built) => {
    const piped = await audit(built, []);
    assert.doesNotMatch(piped.stderr, /calls, /);
    // script(1) runs the command on a pseudo-terminal: stderr is a terminal there.
    const deno = Deno.execPath();
    const main = new URL("../../main.ts", import.meta.url).pathname;
    const cmd = `${deno} run --quiet --allow-read --allow-env ${main} audit > ${built.top}/out.txt`;
    const out = await new Deno.Command("script", {
      args: ["-qec", cmd, "/dev/null"],
      cwd: built.project,
      env: { HOME: built.home, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const terminal = new TextDecoder().decode(out.stdout);
    assert.match(terminal, /\rskald audit: 11 calls, 1\/1 transcripts/);
    assert.ok(terminal.includes("\r\x1b[K"), "the line is cleared at the end");
    assert.match(Deno.readTextFileSync(`${built.top}/out.txt`), /^skald audit: 1 transcript/);
  });
});

Deno.test("audit cli: transcripts of two projects: each decided by its own policy", async () => {
  await withCase("after-cd", async (a) => {
    await withCase("subdir", async (b) => {
      // Claude Code started in apps/web reads apps/web/.claude (docs/hook.md, "Where a call runs").
      Deno.mkdirSync(`${b.project}/apps/web/.claude`);
      Deno.writeTextFileSync(
        `${b.project}/apps/web/.claude/settings.json`,
        JSON.stringify({ permissions: { deny: ["Read(./secrets/**)"] } }),
      );
      const r = await skald(["audit", "--json", a.folder, b.folder], { env: { HOME: a.home } });
      const summary = JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!);
      assert.deepEqual(
        summary.projects.map((p: { root: string; calls: number }) => [p.root, p.calls]),
        [[a.project, 11], [`${b.project}/apps/web`, 5]],
      );
      // apps/web denies Read(./secrets/**) and no call meets it; after-cd's rules all decide.
      assert.deepEqual(
        summary.deadRules.map((u: { rule: string; project: string }) => [u.rule, u.project]),
        [["Read(./secrets/**)", `${b.project}/apps/web`]],
      );
      const table = await skald(["audit", a.folder, b.folder], { env: { HOME: a.home } });
      assert.ok(
        table.stdout.includes(
          `  deny  Read(./secrets/**)  .claude/settings.json  (${b.project}/apps/web)`,
        ),
        table.stdout,
      );
    });
  });
});

Deno.test("audit cli: each call decided in the mode its session ran in (the transcript's permissionMode, issue 24)", async () => {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-audit-mode-" }));
  try {
    const project = `${dir}/proj`;
    Deno.mkdirSync(`${project}/.claude`, { recursive: true });
    Deno.writeTextFileSync(
      `${project}/.claude/settings.json`,
      JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] } }),
    );
    const line = (o: unknown) => JSON.stringify(o);
    const use = (id: string, command: string) =>
      line({
        type: "assistant",
        cwd: project,
        sessionId: "s",
        message: { content: [{ type: "tool_use", id, name: "Bash", input: { command } }] },
      });
    const result = (id: string) =>
      line({
        type: "user",
        cwd: project,
        message: { content: [{ type: "tool_result", tool_use_id: id, content: "" }] },
      });
    const prompt = (mode: string) =>
      line({ type: "user", cwd: project, permissionMode: mode, message: { content: "go" } });
    const transcript = `${dir}/s.jsonl`;
    Deno.writeTextFileSync(
      transcript,
      [
        prompt("bypassPermissions"),
        use("t1", "mytool run"),
        result("t1"),
        prompt("default"),
        use("t2", "mytool run"),
        result("t2"),
        use("t3", "rm -rf build"),
        result("t3"),
      ].join("\n") + "\n",
    );
    const r = await skald(["audit", "--json", "--root", project, transcript], {
      env: { HOME: `${dir}/home` },
    });
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    const calls = lines.filter((l) => l.kind !== "summary");
    assert.deepEqual(calls.map((c) => c.verdict), ["allow", "ask", "deny"]);
    const summary = lines.at(-1);
    assert.deepEqual(summary.projects[0].modes, ["bypassPermissions", "default"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
