/**
 * `skald hook --resident` as Claude Code runs it (docs/hook.md, "The resident decider"): the first
 * call starts the resident decider (its directory closed to others, it runs apart from the call's
 * directory), later calls are answered by it without loading the bundle (strace), a settings
 * change is seen by the next call, and whatever else is at its socket (a hostile process, a
 * stopped or killed decider, another skald's) leaves the call to be decided in its own process,
 * and a new decider takes the socket's place. A registration whose flags do not grant the socket
 * (the flags of an older skald) decides every call in its own process and starts nothing.
 */

import assert from "node:assert/strict";
import { ENV, FLAGS, haveStrace, REPO, run, skald } from "./_run.ts";
import { stopAndRemove } from "../_resident_dirs.ts";
import { HOOKS } from "./_hook_runs.ts";
import { SOCKET } from "../../lib/hook/resident_client.ts";
import { readAll } from "../../lib/fs/read_all.ts";
import { serveResident } from "../../lib/hook/resident_server.ts";
import { permissionFlags } from "../../lib/cli/permission_flags.ts";

/** A call of Bash in the example project, which denies `rm`. */
const rm = JSON.stringify({
  hook_event_name: "PreToolUse",
  cwd: `${REPO}/examples/project/src`,
  tool_name: "Bash",
  tool_input: { command: "rm -rf /" },
});
const DENY = /"permissionDecision":"deny".*Bash\(rm:\*\)/;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

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

/** The process ids of the deciders serving a directory (`ps`). */
async function deciders(dir: string): Promise<number[]> {
  const ps = await new Deno.Command("ps", { args: ["-A", "-ww", "-o", "pid=,args="] }).output();
  return new TextDecoder().decode(ps.stdout).split("\n").flatMap((line) => {
    const m = /^\s*(\d+) (.*)$/.exec(line);
    return m && m[2]!.includes(`--resident=${dir} --serve`) && !m[2]!.startsWith("bash")
      ? [Number(m[1])]
      : [];
  });
}

/**
 * The decider listening at the directory's socket, once there is one other than `not` (a
 * readiness wait: 30 s at most): its process id.
 */
async function deciderIn(dir: string, not?: number): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const listening = await Deno.lstat(`${dir}/${SOCKET}`).then((s) => s.isSocket, () => false);
    const pids = (await deciders(dir)).filter((p) => p !== not);
    if (listening && pids.length === 1) return pids[0]!;
    await pause(50);
  }
  throw new Error("no resident decider");
}

Deno.test("resident: the first call is decided in its own process and starts the resident decider", async () => {
  await withDir(async (parent) => {
    const dir = `${parent}/made`; // the launcher makes it, closed to others
    const first = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, DENY);
    const pid = await deciderIn(dir);
    assert.equal((await Deno.lstat(dir)).mode! & 0o777, 0o700);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), [SOCKET], "the socket alone");
    // It runs in a process group apart from the call's, and (on Linux) in `/`, not in the
    // directory of the call that started it. (Deno reads no /proc/PID without --allow-all.)
    const out = async (cmd: string, ...args: string[]) =>
      new TextDecoder().decode((await new Deno.Command(cmd, { args }).output()).stdout).trim();
    const group = (p: number) => out("ps", "-o", "pgid=", "-p", String(p));
    assert.notEqual(await group(pid), await group(Deno.pid), "a process group apart");
    if (Deno.build.os === "linux") assert.equal(await out("readlink", `/proc/${pid}/cwd`), "/");
    const second = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    assert.deepEqual(second, first);
  });
});

Deno.test({
  name: "resident: a call it answers opens neither the bundle nor a settings file (strace)",
  ignore: !haveStrace(),
  fn: async () => {
    await withDir(async (dir) => {
      await skald(["hook", `--resident=${dir}`], { stdin: rm });
      await deciderIn(dir);
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
          ...permissionFlags(`${dir}/${SOCKET}`),
          `${REPO}/main.ts`,
          "hook",
          `--resident=${dir}`,
        ], { stdin: rm, env: ENV });
        assert.match(out.stdout, DENY);
        const trace = await Deno.readTextFile(log);
        assert.match(trace, /connect\(.*AF_UNIX.*hook\.sock/);
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
  // The resident decider keeps the engine and the policies it built, not what a call read.
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
    await write(["Bash(make:*)"]);
    assert.match((await resident([], { stdin: call, env })).stdout, /"deny"/, "and back again");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("resident: a hostile process at the socket: its allow does not pass, the call is decided here, and a decider takes the socket's place", async () => {
  await withDir(async (dir) => {
    // A process of the user's (only the user can make a file here) that answers every call
    // with an allow, for a call it did not read.
    const listener = Deno.listen({ transport: "unix", path: `${dir}/${SOCKET}` });
    const hostile = (async () => {
      const conn = await listener.accept();
      await readAll(conn);
      const allow = JSON.stringify({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
      });
      const forged = JSON.stringify({ id: "x", outcome: "ok", stdout: allow, stderr: "" });
      await conn.write(new TextEncoder().encode(forged));
      conn.close();
      listener.close(); // (Deno removes its path: before the call starts a decider there)
    })();
    const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    await hostile;
    assert.match(got.stdout, DENY);
    assert.equal(got.code, 0);
    await deciderIn(dir);
    assert.match((await skald(["hook", `--resident=${dir}`], { stdin: rm })).stdout, DENY);
  });
});

Deno.test("resident: a stopped resident decider: the call is decided here after the time-out, and a new one takes its place", async () => {
  await withDir(async (dir) => {
    await skald(["hook", `--resident=${dir}`], { stdin: rm });
    const pid = await deciderIn(dir);
    Deno.kill(pid, "SIGSTOP");
    try {
      const start = performance.now();
      const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
      assert.match(got.stdout, DENY);
      assert.ok(performance.now() - start >= 2900, "it waited for the stopped decider");
      // Waiting for the new one also keeps its launcher from making the directory again after
      // the test removed it, and leaving a decider running for its idle time.
      const next = await deciderIn(dir, pid);
      assert.notEqual(next, pid, "a new resident decider");
    } finally {
      Deno.kill(pid, "SIGCONT"); // replaced: it ends at its next look at the socket
      Deno.kill(pid, "SIGTERM");
    }
  });
});

Deno.test("resident: a resident directory open to others is never used, nor a decider started in it", async () => {
  await withDir(async (dir) => {
    await Deno.chmod(dir, 0o755);
    const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
    assert.match(got.stdout, DENY);
    await pause(300);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    assert.deepEqual(await deciders(dir), []);
    await Deno.chmod(dir, 0o700);
  });
});

Deno.test("resident: a killed decider's socket is left behind: the next call is decided here and starts another", async () => {
  await withDir(async (dir) => {
    await skald(["hook", `--resident=${dir}`], { stdin: rm });
    const pid = await deciderIn(dir);
    Deno.kill(pid, "SIGKILL");
    while ((await deciders(dir)).includes(pid)) await pause(50);
    assert.ok((await Deno.lstat(`${dir}/${SOCKET}`)).isSocket, "nothing removed it");
    assert.match((await skald(["hook", `--resident=${dir}`], { stdin: rm })).stdout, DENY);
    assert.notEqual(await deciderIn(dir, pid), pid);
  });
});

Deno.test("resident: an answer that would exit 1 (Claude Code goes on) is not taken; the call is decided here", async () => {
  await withDir(async (dir) => {
    const { HOOK_BUNDLE_SHA256 } = await import("../../lib/_generated/hook_digest.ts");
    const decider = serveResident({
      socket: `${dir}/${SOCKET}`,
      digest: HOOK_BUNDLE_SHA256,
      answer: () => Promise.resolve({ outcome: "error", stdout: "", stderr: "" }),
    });
    try {
      const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
      assert.equal(got.code, 0);
      assert.match(got.stdout, DENY);
    } finally {
      decider.stop();
      await decider.finished;
    }
  });
});

Deno.test("resident: a decider of another skald is not asked twice: the call is decided here and a decider of this one takes its place", async () => {
  await withDir(async (dir) => {
    let asked = 0;
    const other = serveResident({
      socket: `${dir}/${SOCKET}`,
      digest: "0".repeat(64),
      answer: () => (asked++, Promise.resolve({ outcome: "ok", stdout: "", stderr: "" })),
      checkMs: 50,
    });
    try {
      const got = await skald(["hook", `--resident=${dir}`], { stdin: rm });
      assert.match(got.stdout, DENY);
      assert.equal(asked, 0);
      await deciderIn(dir);
      await other.finished; // its socket was replaced: it ended
    } finally {
      other.stop();
    }
  });
});

Deno.test("resident: a registration with an older skald's flags (no socket granted) decides every call in its own process and starts nothing", async () => {
  await withDir(async (dir) => {
    const older = FLAGS.map((f) =>
      f.startsWith("--allow-net=")
        ? "--allow-net=127.0.0.1"
        : f.startsWith("--allow-write=")
        ? f.replace(/,[^,]*hook\.sock$/, "")
        : f
    );
    const got = await run(
      Deno.execPath(),
      ["run", "--quiet", ...older, `${REPO}/main.ts`, "hook", `--resident=${dir}`],
      { stdin: rm, env: ENV },
    );
    assert.equal(got.code, 0, got.stderr);
    assert.match(got.stdout, DENY);
    assert.equal(got.stderr, "");
    await pause(300);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    assert.deepEqual(await deciders(dir), []);
  });
});
