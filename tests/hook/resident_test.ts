/**
 * The resident decider (docs/hook.md, "The resident decider"): a calling process's trust in the
 * directory and the socket (the user's alone: another user cannot even connect), what it takes
 * for an answer (a line that repeats its call's id: another call's answer, a hostile or stale
 * socket, one that never answers are misses, decided in the calling process within the time-out),
 * and the decider itself (answers from the call alone, many at once, policies kept only while the
 * settings read the same; ends when idle or when its socket is no longer the one at the path;
 * takes a stale socket's place). The whole path through `main.ts` is in
 * `tests/cli/resident_cli_test.ts`, and every hook behaviour suite runs through it too (the
 * `[resident]` cases of `tests/cli/_hook_runs.ts`).
 */

import assert from "node:assert/strict";
import {
  askResident,
  FORWARDED_ENV,
  REPLY_TIMEOUT_MS,
  residentDir,
  type ResidentRequest,
  SOCKET,
} from "../../lib/hook/resident_client.ts";
import { readAll } from "../../lib/fs/read_all.ts";
import { asRequest, serveResident } from "../../lib/hook/resident_server.ts";
import { deciderMemo } from "../../lib/hook/policy_memo.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import { answerResident, fastHookArgs } from "../../lib/cli/hook.ts";
import { ENV_VARS } from "../../lib/cli/permission_flags.ts";

const DIGEST = "f".repeat(64);
const call = { digest: DIGEST, args: [], cwd: "/", env: {}, stdin: "{}" };
/** The deciders' clock in these tests: a request sent at NOW is fresh (no clock is read). */
const NOW = 1_000_000;
const now = () => NOW;
const request: ResidentRequest = { id: "i1", sent: NOW, ...call, env: { HOME: "/h" } };
const ok = () => Promise.resolve({ outcome: "ok", stdout: "answered\n", stderr: "" });
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Sends text and closes the write side, as a call does. */
async function send(conn: Deno.Conn, text: string): Promise<void> {
  await conn.write(new TextEncoder().encode(text));
  await conn.closeWrite();
}

/** What a connection sends up to its end, as text. */
const received = async (conn: Deno.Conn) => new TextDecoder().decode(await readAll(conn));

Deno.test("client: --resident names the directory, absolute only", () => {
  assert.equal(residentDir(["--resident"], "/home/u"), "/home/u/.cache/skald");
  assert.equal(residentDir(["--settings", "x", "--resident=/d"], "/home/u"), "/d");
  assert.equal(residentDir(["--resident=d"], "/home/u"), undefined);
  assert.equal(residentDir(["--resident"], "home"), undefined);
  assert.equal(residentDir([], "/home/u"), undefined);
});

Deno.test("client: a request carries every variable the hook may read", () => {
  assert.deepEqual([...FORWARDED_ENV].sort(), [...ENV_VARS].sort());
});

/** Requests the decider must not act on. */
const BAD_REQUESTS: { name: string; value: unknown }[] = [
  { name: "a relative directory", value: { ...request, cwd: "p" } },
  { name: "arguments that are not strings", value: { ...request, args: [1] } },
  { name: "an environment value that is not a string", value: { ...request, env: { HOME: 1 } } },
  { name: "an environment that is a list", value: { ...request, env: [] } },
  { name: "no input", value: { ...request, stdin: undefined } },
  { name: "no id", value: { ...request, id: undefined } },
  { name: "no digest", value: { ...request, digest: undefined } },
  { name: "no time", value: { ...request, sent: undefined } },
  { name: "not an object", value: "x" },
];

Deno.test("decider: a request is one with its fields", () => {
  assert.deepEqual(asRequest(JSON.stringify(request)), request);
  assert.equal(asRequest("{ not json"), undefined);
  assert.equal(asRequest("null"), undefined);
});

for (const c of BAD_REQUESTS) {
  Deno.test(`decider: a request with ${c.name} is not one`, () => {
    assert.equal(asRequest(JSON.stringify(c.value)), undefined);
  });
}

/** A directory closed to others, made for one test (its parent, /tmp, is sticky). */
async function privateDir(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "skald-rt-" });
  await Deno.chmod(dir, 0o700);
  return dir;
}

/** A decider for one test, and what a test needs of it. */
interface Decider {
  /** A private directory holding its socket. */
  dir: string;
  /** Its socket. */
  socket: string;
  /** How many calls it has answered so far. */
  asked: () => number;
}

/** Runs a test with a decider answering {@link ok} (counted); stopped, its directory removed. */
async function withDecider(fn: (d: Decider) => Promise<void>): Promise<void> {
  let asked = 0;
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  const resident = serveResident({
    socket,
    digest: DIGEST,
    answer: () => {
      asked++;
      return ok();
    },
    now,
  });
  try {
    await fn({ dir, socket, asked: () => asked });
  } finally {
    resident.stop();
    await resident.finished;
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("client: the decider at the socket answers", async () => {
  await withDecider(async ({ socket, asked }) => {
    const got = await askResident(socket, call);
    assert.ok("outcome" in got, JSON.stringify(got));
    assert.equal(got.stdout, "answered\n");
    assert.equal(asked(), 1);
  });
});

Deno.test("decider: a call of another skald (another bundle) is not answered, and a new decider mends it", async () => {
  await withDecider(async ({ socket, asked }) => {
    const got = await askResident(socket, { ...call, digest: "0".repeat(64) });
    assert.ok("miss" in got && got.launch, JSON.stringify(got));
    assert.match(got.miss, /another skald/);
    assert.equal(asked(), 0);
  });
});

/** Directories and sockets a call must not trust, and whether a new decider mends it. */
const UNTRUSTED: {
  name: string;
  /** Makes the case in a private directory holding a decider's socket; the directory to ask. */
  make: (dir: string) => Promise<string>;
  launch: boolean;
  /** Needs root (to give a file to another user). */
  root?: boolean;
}[] = [
  {
    name: "a directory open to the group",
    make: async (dir) => (await Deno.chmod(dir, 0o750), dir),
    launch: false,
  },
  {
    name: "a directory others may enter",
    make: async (dir) => (await Deno.chmod(dir, 0o701), dir),
    launch: false,
  },
  {
    name: "a directory that is a symbolic link",
    make: async (dir) => (await Deno.symlink(dir, `${dir}-link`), `${dir}-link`),
    launch: false,
  },
  {
    name: "a directory of another user",
    make: async (dir) => (await Deno.chown(dir, 65534, 65534), dir),
    launch: false,
    root: true,
  },
  {
    name: "a directory whose parent others may write (they could swap it)",
    make: async (dir) => {
      await Deno.mkdir(`${dir}/open`, { mode: 0o777 });
      await Deno.chmod(`${dir}/open`, 0o777);
      await Deno.mkdir(`${dir}/open/d`, { mode: 0o700 });
      await Deno.rename(`${dir}/${SOCKET}`, `${dir}/open/d/${SOCKET}`);
      return `${dir}/open/d`;
    },
    launch: false,
  },
  {
    name: "a socket of another user",
    make: async (dir) => (await Deno.chown(`${dir}/${SOCKET}`, 65534, 65534), dir),
    launch: false,
    root: true,
  },
  {
    name: "a socket that is a symbolic link",
    make: async (dir) => {
      await Deno.rename(`${dir}/${SOCKET}`, `${dir}/elsewhere.sock`);
      await Deno.symlink(`${dir}/elsewhere.sock`, `${dir}/${SOCKET}`);
      return dir;
    },
    launch: false,
  },
  {
    name: "a file that is not a socket",
    make: async (dir) => {
      await Deno.remove(`${dir}/${SOCKET}`);
      await Deno.writeTextFile(`${dir}/${SOCKET}`, "{}", { mode: 0o600 });
      return dir;
    },
    launch: false,
  },
  {
    name: "no directory",
    make: (dir) => Promise.resolve(`${dir}/missing`),
    launch: true,
  },
  {
    name: "no socket",
    make: async (dir) => (await Deno.remove(`${dir}/${SOCKET}`), dir),
    launch: true,
  },
];

for (const c of UNTRUSTED) {
  Deno.test(
    { name: `client: ${c.name} is not asked`, ignore: c.root && Deno.uid() !== 0 },
    async () => {
      const dir = await privateDir();
      let asked = 0;
      const resident = serveResident({
        socket: `${dir}/${SOCKET}`,
        digest: DIGEST,
        answer: () => (asked++, ok()),
        checkMs: 60_000,
      });
      try {
        const got = await askResident(`${await c.make(dir)}/${SOCKET}`, call);
        assert.ok("miss" in got, JSON.stringify(got));
        assert.equal(got.launch, c.launch, got.miss);
        assert.equal(asked, 0);
      } finally {
        resident.stop();
        await resident.finished;
        await Deno.remove(`${dir}-link`).catch(() => {});
        await Deno.remove(dir, { recursive: true });
      }
    },
  );
}

Deno.test({
  name: "client: another user cannot connect to the socket (the directory is closed to them)",
  ignore: Deno.uid() !== 0,
  fn: async () => {
    await withDecider(async ({ socket }) => {
      const denoDir = await Deno.makeTempDir({ prefix: "skald-nobody-" });
      await Deno.chmod(denoDir, 0o777);
      try {
        const out = await new Deno.Command("setpriv", {
          args: [
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            Deno.execPath(),
            "eval",
            "--quiet",
            `try { await Deno.connect({ transport: "unix", path: ${JSON.stringify(socket)} });
  console.log("connected"); } catch (e) { console.log(e.name); }`,
          ],
          env: { DENO_DIR: denoDir, HOME: denoDir },
          stdout: "piped",
          stderr: "piped",
        }).output();
        const said = new TextDecoder().decode(out.stdout).trim();
        assert.equal(said, "PermissionDenied", new TextDecoder().decode(out.stderr));
      } finally {
        await Deno.remove(denoDir, { recursive: true });
      }
    });
  },
});

/** Processes at the socket that are not a decider of this skald. */
const IMPOSTORS: {
  name: string;
  answer: (line: string) => string | undefined;
  /** Whether a new decider is started (a process that closes at once may be a busy decider). */
  launch?: false;
}[] = [
  {
    name: "the answer of another call (another id)",
    answer: () => JSON.stringify({ id: "other", outcome: "ok", stdout: "replayed\n", stderr: "" }),
  },
  {
    name: "an answer without the id",
    answer: () => JSON.stringify({ outcome: "ok", stdout: "x\n", stderr: "" }),
  },
  {
    name: "an answer of the wrong shape",
    answer: (l) => JSON.stringify({ id: JSON.parse(l).id, outcome: 0, stdout: "", stderr: "" }),
  },
  { name: "an answer that is not JSON", answer: () => "allow" },
  { name: "no answer (closed at once)", answer: () => undefined, launch: false },
];

for (const c of IMPOSTORS) {
  Deno.test(`client: ${c.name} is not an answer`, async () => {
    const dir = await privateDir();
    const listener = Deno.listen({ transport: "unix", path: `${dir}/${SOCKET}` });
    const served = (async () => {
      const conn = await listener.accept();
      const answer = c.answer(await received(conn));
      if (answer !== undefined) await conn.write(new TextEncoder().encode(answer));
      conn.close();
    })();
    try {
      const got = await askResident(`${dir}/${SOCKET}`, call);
      assert.ok("miss" in got, JSON.stringify(got));
      assert.equal(got.launch, c.launch ?? true, got.miss);
      await served;
    } finally {
      listener.close();
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("client: a stale socket (its decider ended) is a miss a new decider mends", async () => {
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  try {
    // A process that listens and ends without closing: the socket file stays, as a decider
    // killed with SIGKILL leaves it.
    const left = await new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `Deno.listen({ transport: "unix", path: ${JSON.stringify(socket)} }); Deno.exit(0);`,
      ],
    }).output();
    assert.ok(left.success && (await Deno.lstat(socket)).isSocket);
    const got = await askResident(socket, call);
    assert.ok("miss" in got && got.launch, JSON.stringify(got));
    // A decider started there takes its place.
    const resident = serveResident({ socket, digest: DIGEST, answer: ok });
    try {
      assert.ok("outcome" in await askResident(socket, call));
    } finally {
      resident.stop();
      await resident.finished;
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Calls a silent process receives: one that fits the socket's buffer, one that does not. */
const UNANSWERED = [
  { name: "a call", stdin: call.stdin },
  { name: "a call of 1 MB (larger than the socket's buffer)", stdin: "x".repeat(1024 * 1024) },
];

for (const c of UNANSWERED) {
  Deno.test(`client: a process at the socket that takes ${c.name} and never reads nor answers: decided here after the time-out`, async () => {
    const dir = await privateDir();
    const listener = Deno.listen({ transport: "unix", path: `${dir}/${SOCKET}` });
    const held = listener.accept();
    try {
      // The process never answers: only the client's time-out ends the call, as a miss.
      const got = await askResident(`${dir}/${SOCKET}`, { ...call, stdin: c.stdin });
      assert.ok("miss" in got && got.launch, JSON.stringify(got));
    } finally {
      (await held).close();
      listener.close();
      await Deno.remove(dir, { recursive: true });
    }
  });
}

/** A project whose settings deny one command, for the concurrency test. */
async function project(deny: string): Promise<string> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/.claude`);
  await Deno.writeTextFile(
    `${dir}/.claude/settings.json`,
    JSON.stringify({ permissions: { deny: [`Bash(${deny}:*)`] } }),
  );
  return dir;
}

Deno.test("decider: calls at once from other projects and homes see only their own settings", async () => {
  const projects = await Promise.all(["rm", "curl", "git push"].map(project));
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  const memo = deciderMemo();
  const resident = serveResident({
    socket,
    digest: DIGEST,
    answer: (r) => answerResident(r, memo),
  });
  try {
    const ask = (root: string, command: string) =>
      askResident(socket, {
        digest: DIGEST,
        args: [],
        cwd: root,
        env: { HOME: `${root}/home`, CLAUDE_PROJECT_DIR: root },
        stdin: JSON.stringify({
          hook_event_name: "PreToolUse",
          cwd: root,
          tool_name: "Bash",
          tool_input: { command },
        }),
      });
    const commands = ["rm -rf x", "curl http://x", "git push origin main"];
    const asked = projects.flatMap((root, i) =>
      commands.map((command, j) => ({ root, command, denied: i === j }))
    );
    // Twice: the second time from the policies the decider kept.
    for (let round = 0; round < 2; round++) {
      const got = await Promise.all(asked.map((a) => ask(a.root, a.command)));
      got.forEach((g, k) => {
        assert.ok("outcome" in g, JSON.stringify(g));
        const denied = g.stdout.includes('"permissionDecision":"deny"');
        assert.equal(denied, asked[k]!.denied, `${asked[k]!.command} in project ${k / 3 | 0}`);
      });
    }
  } finally {
    resident.stop();
    await resident.finished;
    for (const p of projects) await Deno.remove(p, { recursive: true });
  }
});

Deno.test("decider: a kept policy serves only while the settings read the same", async () => {
  const root = await project("rm");
  const memo = deciderMemo();
  const ask = async (command: string) =>
    (await answerResident({
      args: [],
      cwd: root,
      env: { HOME: `${root}/home`, CLAUDE_PROJECT_DIR: root },
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
      }),
    }, memo)).stdout;
  try {
    assert.match(await ask("rm -rf x"), /"deny"/);
    assert.doesNotMatch(await ask("curl x"), /"deny"/);
    await Deno.writeTextFile(
      `${root}/.claude/settings.json`,
      JSON.stringify({ permissions: { deny: ["Bash(curl:*)"] } }),
    );
    assert.match(await ask("curl x"), /"deny"/, "the changed file decides the next call");
    assert.doesNotMatch(await ask("rm -rf x"), /"deny"/);
    // A file added beside it (the local settings) decides the next call too.
    await Deno.writeTextFile(
      `${root}/.claude/settings.local.json`,
      JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] } }),
    );
    assert.match(await ask("rm -rf x"), /"deny"/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("decider memo: a settings file that reads the same gives the same source; the same sources a policy of the same parsed rules, in the call's environment and mode", async () => {
  const root = await project("rm");
  try {
    const memo = deciderMemo(2);
    const load = () =>
      loadSettings({ root, home: `${root}/home`, managed: `${root}/none`, read: memo.read });
    const env = (r: string) => ({ root: r, home: "/h", realPath: (p: string) => p });
    const first = await load();
    const again = await load();
    assert.equal(again.sources[0], first.sources[0], "not parsed again");
    const policy = memo.policy({ sources: first.sources, env: env(root) });
    const kept = memo.policy({ sources: again.sources, env: env("/q"), mode: "plan" });
    assert.equal(kept.rules[0], policy.rules[0], "parsed once");
    assert.equal(kept.mode, "plan");
    assert.equal(kept.ctx.root, "/q", "the call's own environment");
    // The same text written again: the same source. Another text: parsed, another policy.
    await Deno.writeTextFile(
      `${root}/.claude/settings.json`,
      await Deno.readTextFile(`${root}/.claude/settings.json`),
    );
    assert.equal((await load()).sources[0], first.sources[0]);
    await Deno.writeTextFile(
      `${root}/.claude/settings.json`,
      JSON.stringify({ permissions: { deny: ["Bash(curl:*)"] } }),
    );
    const changed = await load();
    assert.notEqual(changed.sources[0], first.sources[0]);
    const other = memo.policy({ sources: changed.sources, env: env(root) });
    assert.equal(other.rules[0]?.text, "Bash(curl:*)");
    // Equal sources that are not the kept ones (another file's) are parsed for themselves.
    const clone = memo.policy({ sources: structuredClone(first.sources), env: env(root) });
    assert.notEqual(clone.rules[0], policy.rules[0]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("decider: the caller's environment and directory decide, not the decider's", async () => {
  const root = await project("rm");
  try {
    const input = JSON.stringify({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf x" },
    });
    // No "cwd" in the input: the call runs in the caller's directory, the project found from it.
    const here = await answerResident({ args: [], cwd: root, env: {}, stdin: input });
    assert.match(here.stdout, /"permissionDecision":"deny"/);
    const elsewhere = await answerResident({ args: [], cwd: "/", env: {}, stdin: input });
    assert.doesNotMatch(elsewhere.stdout, /deny/);
    // CLAUDE_PROJECT_DIR of the request names the project.
    const named = await answerResident({
      args: [],
      cwd: "/",
      env: { CLAUDE_PROJECT_DIR: root },
      stdin: input,
    });
    assert.match(named.stdout, /"permissionDecision":"deny"/);
    // The request's managed settings file, relative to the caller's directory.
    await Deno.writeTextFile(
      `${root}/managed.json`,
      JSON.stringify({ permissions: { deny: ["Bash(ls:*)"] } }),
    );
    const managed = await answerResident({
      args: [],
      cwd: root,
      env: { SKALD_MANAGED_SETTINGS: "managed.json", HOME: "/nonexistent" },
      stdin: JSON.stringify({ ...JSON.parse(input), tool_input: { command: "ls" } }),
    });
    assert.match(managed.stdout, /"permissionDecision":"deny"/);
    assert.match(managed.stdout, /managed/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("decider: the decider's own environment decides nothing", async () => {
  // The decider was started by some call, with that call's environment: a later call without
  // CLAUDE_PROJECT_DIR or SKALD_MANAGED_SETTINGS must not get the earlier call's. The decider
  // is a process of its own, started with both set (not this process, whose environment other
  // test modules running beside this one read).
  const root = await project("rm");
  try {
    await Deno.writeTextFile(
      `${root}/managed.json`,
      JSON.stringify({ permissions: { deny: ["Bash(ls:*)"] } }),
    );
    const hook = new URL("../../lib/cli/hook.ts", import.meta.url).href;
    const script = `import { answerResident } from ${JSON.stringify(hook)};
for (const command of ["rm -rf x", "ls"]) {
  const stdin = JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  });
  const got = await answerResident({ args: [], cwd: "/", env: {}, stdin });
  console.log(JSON.stringify([command, got.stdout]));
}`;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--quiet", script],
      env: { CLAUDE_PROJECT_DIR: root, SKALD_MANAGED_SETTINGS: `${root}/managed.json` },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr);
    assert.ok(out.success, err);
    const answers = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) =>
      JSON.parse(l) as [string, string]
    );
    assert.deepEqual(answers.map(([command]) => command), ["rm -rf x", "ls"]);
    for (const [command, stdout] of answers) assert.doesNotMatch(stdout, /deny/, command);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("decider: --help and --serve are not hook calls", async () => {
  for (const args of [["--help"], ["--serve"]]) {
    const got = await answerResident({ ...request, args });
    assert.equal(got.outcome, "block", args[0]);
  }
});

Deno.test("decider: ends after its idle time, and not while a call is answered", async () => {
  // The idle time leaves the call ample room to arrive (it takes milliseconds, more on a busy
  // machine); the call is then held until past the idle time counted from its arrival, so that
  // a decider that counted it would have ended first (its timer due before the test's). Both
  // together stay well within the client's 3 s wait for the answer.
  const IDLE_MS = 800;
  let release: () => void = () => {};
  const held = new Promise<void>((done) => release = done);
  let arrived: () => void = () => {};
  const asked = new Promise<void>((done) => arrived = done);
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  const resident = serveResident({
    socket,
    digest: DIGEST,
    answer: async () => {
      arrived();
      await held;
      return { outcome: "ok", stdout: "late\n", stderr: "" };
    },
    idleMs: IDLE_MS,
  });
  try {
    const answered = askResident(socket, call);
    await asked;
    await pause(IDLE_MS + 100); // past the idle time, held
    release();
    const got = await answered;
    assert.ok("outcome" in got && got.stdout === "late\n", JSON.stringify(got));
    await resident.finished; // then idle for IDLE_MS
    assert.equal(await Deno.lstat(socket).catch(() => undefined), undefined, "its socket gone");
  } finally {
    resident.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decider: ends when its socket is no longer the one at the path; a newer one's socket stays", async () => {
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  const first = serveResident({ socket, digest: DIGEST, answer: ok, checkMs: 20 });
  let ended = false;
  first.finished.then(() => ended = true);
  await pause(80);
  assert.equal(ended, false, "still its socket: still running");
  // A newer decider takes the socket's place (a launch after a miss).
  let asked = 0;
  const second = serveResident({
    socket,
    digest: DIGEST,
    answer: () => (asked++, ok()),
    checkMs: 20,
  });
  try {
    await first.finished;
    const got = await askResident(socket, call);
    assert.ok("outcome" in got, JSON.stringify(got));
    assert.equal(asked, 1, "the newer one answers: the first's end left its socket");
    // Removed by the user: it ends too.
    await Deno.remove(socket);
    await second.finished;
  } finally {
    first.stop();
    second.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decider: a request older than the caller's time-out is dropped unanswered (its caller decided already)", async () => {
  await withDecider(async ({ socket, asked }) => {
    const ask = async (sent: number) => {
      const conn = await Deno.connect({ transport: "unix", path: socket });
      await send(conn, JSON.stringify({ ...request, sent }));
      const answer = await received(conn);
      conn.close();
      return answer;
    };
    assert.equal(await ask(NOW - REPLY_TIMEOUT_MS - 1), "", "no answer");
    assert.equal(asked(), 0, "and no work");
    const fresh = JSON.parse(await ask(NOW - REPLY_TIMEOUT_MS));
    assert.equal(fresh.id, request.id, "a fresh one is answered, with its id");
    assert.equal(asked(), 1);
  });
});

Deno.test("decider: what is not a request is closed unanswered", async () => {
  await withDecider(async ({ socket, asked }) => {
    for (const line of ["allow", "{}", JSON.stringify({ ...request, cwd: "relative" })]) {
      const conn = await Deno.connect({ transport: "unix", path: socket });
      await send(conn, line);
      assert.equal(await received(conn), "", line);
      conn.close();
    }
    assert.equal(asked(), 0);
  });
});

Deno.test("decider: a request larger than one read, sent a piece at a time, is read whole and answered", async () => {
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  let stdin = "";
  const resident = serveResident({
    socket,
    digest: DIGEST,
    answer: (r) => (stdin = r.stdin, ok()),
    now,
  });
  const big = "x".repeat(200_000);
  try {
    const conn = await Deno.connect({ transport: "unix", path: socket });
    const bytes = new TextEncoder().encode(
      JSON.stringify({ ...request, stdin: big }),
    );
    for (let i = 0; i < bytes.length; i += 1000) await conn.write(bytes.subarray(i, i + 1000));
    await conn.closeWrite();
    assert.equal(JSON.parse(await received(conn)).id, request.id);
    conn.close();
    assert.equal(stdin, big);
  } finally {
    resident.stop();
    await resident.finished;
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decider: a connection that sends nothing is closed after the request time", async () => {
  const dir = await privateDir();
  const socket = `${dir}/${SOCKET}`;
  const resident = serveResident({ socket, digest: DIGEST, answer: ok, requestMs: 100 });
  try {
    const conn = await Deno.connect({ transport: "unix", path: socket });
    const closed = conn.read(new Uint8Array(1)).catch(() => null);
    assert.equal(await closed, null, "closed by the decider");
    conn.close();
  } finally {
    resident.stop();
    await resident.finished;
    await Deno.remove(dir, { recursive: true });
  }
});

/** `--resident`'s spellings, as the hook's option parser reads them. */
const RESIDENT_OPTIONS: { args: string[]; error?: RegExp }[] = [
  { args: ["--resident"] },
  { args: ["--resident=/d"] },
  { args: ["--resident", "/d", "--authoritative"] },
  { args: ["--resident", "--authoritative"] },
  { args: ["--resident=d"], error: /absolute directory, not "d"/ },
  { args: ["--resident", "d"], error: /absolute directory, not "d"/ },
];

for (const c of RESIDENT_OPTIONS) {
  Deno.test(`hook options: ${c.args.join(" ")} ${c.error ? "blocks" : "is read"}`, () => {
    const got = fastHookArgs(c.args);
    if (c.error) assert.match((got as { error: string }).error, c.error);
    else assert.ok(got !== undefined && !("error" in got), JSON.stringify(got));
  });
}
