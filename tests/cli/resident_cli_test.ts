/**
 * `skald hook --resident` as Claude Code runs it (docs/hook.md, "The resident decider"): the first
 * call starts the resident decider (its files closed to others, it runs apart from the call's
 * directory), later calls are answered by it without loading the bundle (strace), a settings
 * change is seen by the next call, and whatever else answers on its port (a forged allow, a
 * stopped decider) leaves the call to be decided in its own process.
 */

import assert from "node:assert/strict";
import { FLAGS, haveStrace, REPO, run, skald } from "./_run.ts";
import { stopAndRemove } from "../_resident_dirs.ts";
import { HOOKS } from "./_hook_runs.ts";
import { seal, sessionFileName, sessionKey } from "../../lib/hook/resident_wire.ts";
import { serveResident } from "../../lib/hook/resident_server.ts";
import { HOOK_BUNDLE_SHA256 } from "../../lib/_generated/hook_digest.ts";

const SESSION = sessionFileName(HOOK_BUNDLE_SHA256);

/** A call of Bash in the example project, which denies `rm`. */
const rm = JSON.stringify({
  hook_event_name: "PreToolUse",
  cwd: `${REPO}/examples/project/src`,
  tool_name: "Bash",
  tool_input: { command: "rm -rf /" },
});
const DENY = /"permissionDecision":"deny".*Bash\(rm:\*\)/;

/** A resident directory for one test, and the deciders started in it stopped at the end. */
async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "skald-resident-cli-" });
  await Deno.chmod(dir, 0o700);
  try {
    await fn(dir);
  } finally {
    stopAndRemove(dir);
  }
}

/** The session file's content, once there is one (a readiness wait: 30 s at most). */
async function sessionIn(dir: string): Promise<{ port: number; key: string; pid: number }> {
  for (let i = 0; i < 600; i++) {
    try {
      return JSON.parse(await Deno.readTextFile(`${dir}/${SESSION}`));
    } catch {
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  throw new Error("no session file");
}

Deno.test("resident: the first call is decided in its own process and starts the resident decider", async () => {
  await withDir(async (parent) => {
    const dir = `${parent}/made`; // the launcher makes it, closed to others
    const first = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, DENY);
    const session = await sessionIn(dir);
    assert.equal((await Deno.lstat(dir)).mode! & 0o777, 0o700);
    assert.equal((await Deno.lstat(`${dir}/${SESSION}`)).mode! & 0o777, 0o600);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), [SESSION], "no half file");
    // It runs in a process group apart from the call's, and (on Linux) in `/`, not in the
    // directory of the call that started it. (Deno reads no /proc/PID without --allow-all.)
    const out = async (cmd: string, ...args: string[]) =>
      new TextDecoder().decode((await new Deno.Command(cmd, { args }).output()).stdout).trim();
    const group = (pid: number) => out("ps", "-o", "pgid=", "-p", String(pid));
    assert.notEqual(await group(session.pid), await group(Deno.pid), "a process group apart");
    if (Deno.build.os === "linux") {
      assert.equal(await out("readlink", `/proc/${session.pid}/cwd`), "/");
    }
    const second = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    assert.deepEqual(second, first);
    Deno.kill(session.pid, "SIGKILL");
  });
});

Deno.test({
  name: "resident: a call it answers opens neither the bundle nor a settings file (strace)",
  ignore: !haveStrace(),
  fn: async () => {
    await withDir(async (dir) => {
      await skald(["hook", `--resident=${dir}`], { stdin: rm });
      await sessionIn(dir);
      const log = await Deno.makeTempFile({ suffix: ".strace" });
      try {
        const out = await run("strace", [
          "-f",
          "-e",
          "trace=open,openat,connect",
          "-o",
          log,
          Deno.execPath(),
          "run",
          "--quiet",
          ...FLAGS,
          `${REPO}/main.ts`,
          "hook",
          `--resident=${dir}`,
        ], { stdin: rm });
        assert.match(out.stdout, DENY);
        const trace = await Deno.readTextFile(log);
        assert.match(trace, /connect\(.*127\.0\.0\.1/);
        assert.doesNotMatch(trace, /hook\.bundle\.js/);
        assert.doesNotMatch(trace, /settings\.json/);
      } finally {
        await Deno.remove(log);
      }
    });
  },
});

const resident = HOOKS.find((h) => h.name === "resident")!.run;

Deno.test("resident: a settings file changed between calls decides the next call", async () => {
  // The resident decider keeps the engine, not what a call read.
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/.claude`);
    const write = (deny: string[]) =>
      Deno.writeTextFile(
        `${root}/.claude/settings.json`,
        JSON.stringify({ permissions: { deny } }),
      );
    const call = JSON.stringify({
      hook_event_name: "PreToolUse",
      cwd: root,
      tool_name: "Bash",
      tool_input: { command: "make deploy" },
    });
    const env = { CLAUDE_PROJECT_DIR: root };
    await write([]);
    assert.equal((await resident([], { stdin: call, env })).stdout, "");
    await write(["Bash(make:*)"]);
    assert.match((await resident([], { stdin: call, env })).stdout, /"deny".*Bash\(make:\*\)/);
    await Deno.writeTextFile(`${root}/.claude/settings.json`, "{ broken");
    const broken = await resident([], { stdin: call, env });
    assert.equal(broken.code, 2, "a broken settings file blocks the call");
    await write([]);
    assert.equal((await resident([], { stdin: call, env })).stdout, "");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("resident: a forged allow on the session's port does not pass; the call is decided here", async () => {
  await withDir(async (dir) => {
    // A process that took the port, holding a key of its own: its "allow" is not sealed with the
    // session's key.
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const ownKey = "11".repeat(32);
    await Deno.writeTextFile(
      `${dir}/${SESSION}`,
      JSON.stringify({ port: listener.addr.port, key: "22".repeat(32), pid: 1 }),
      { mode: 0o600 },
    );
    const forged = (async () => {
      const conn = await listener.accept();
      const buf = new Uint8Array(1 << 16);
      await conn.read(buf);
      const allow = JSON.stringify({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
      });
      const key = (await sessionKey(ownKey))!;
      const line = await seal(key, "reply", {
        nonce: "x",
        outcome: "ok",
        stdout: allow,
        stderr: "",
      });
      await conn.write(line);
      conn.close();
    })();
    const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    await forged;
    listener.close();
    assert.match(got.stdout, DENY);
    assert.equal(got.code, 0);
    // The miss is one a new resident decider mends: one was started, and the file names it.
    let pid = 1;
    for (let i = 0; i < 600 && pid === 1; i++) {
      await new Promise((d) => setTimeout(d, 50));
      pid = (await sessionIn(dir)).pid;
    }
    assert.notEqual(pid, 1);
  });
});

Deno.test("resident: a stopped resident decider: the call is decided here after the time-out", async () => {
  await withDir(async (dir) => {
    await skald(["hook", `--resident=${dir}`], { stdin: rm });
    const { pid } = await sessionIn(dir);
    Deno.kill(pid, "SIGSTOP");
    try {
      const start = performance.now();
      const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
      assert.match(got.stdout, DENY);
      assert.ok(performance.now() - start >= 2900, "it waited for the stopped decider");
      // The miss is one a new resident decider mends: one is started, and the file names it.
      // Waiting for it also keeps its launcher from making the directory again after the test
      // removed it, and leaving a decider running for its idle time.
      let next = pid;
      for (let i = 0; i < 600 && next === pid; i++) {
        await new Promise((done) => setTimeout(done, 50));
        next = (await sessionIn(dir)).pid;
      }
      assert.notEqual(next, pid, "a new resident decider");
    } finally {
      Deno.kill(pid, "SIGCONT");
      Deno.kill(pid, "SIGTERM"); // replaced: the directory's session file names the new one
    }
  });
});

Deno.test("resident: a resident directory open to others is never used, nor a decider started in it", async () => {
  await withDir(async (dir) => {
    await Deno.chmod(dir, 0o755);
    const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    assert.match(got.stdout, DENY);
    await new Promise((done) => setTimeout(done, 300));
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    await Deno.chmod(dir, 0o700);
  });
});

Deno.test("resident: when the resident decider ends, its session file goes with it (no stale port)", async () => {
  await withDir(async (dir) => {
    await skald(["hook", `--resident=${dir}`], { stdin: rm });
    const { pid } = await sessionIn(dir);
    Deno.kill(pid, "SIGKILL");
    for (let i = 0; i < 600 && [...Deno.readDirSync(dir)].length > 0; i++) {
      await new Promise((done) => setTimeout(done, 50));
    }
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    // The next call is decided in its own process, and starts another.
    assert.match((await skald(["hook", `--resident=${dir}`], { stdin: rm })).stdout, DENY);
    assert.notEqual((await sessionIn(dir)).pid, pid);
  });
});

Deno.test("resident: an answer that would exit 1 (Claude Code goes on) is not taken; the call is decided here", async () => {
  await withDir(async (dir) => {
    const resident = serveResident({
      answer: () => Promise.resolve({ outcome: "error", stdout: "", stderr: "" }),
    });
    try {
      await Deno.writeTextFile(`${dir}/${SESSION}`, resident.session, { mode: 0o600 });
      const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
      assert.equal(got.code, 0);
      assert.match(got.stdout, DENY);
    } finally {
      await Deno.remove(`${dir}/${SESSION}`); // it names this process: not one to stop
      resident.stop();
      await resident.finished;
    }
  });
});
