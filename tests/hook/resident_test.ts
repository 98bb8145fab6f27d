/**
 * The resident decider (docs/hook.md, "The resident decider"): its wire format (a line encrypted and
 * authenticated with the session's key, a reply bound to its request's nonce), a calling process's trust in the
 * directory and the session file (the user's alone), a process on the port that does not hold
 * the key, and the decider itself (answers from the call alone, many at once; ends when idle or
 * when its session file no longer names it). The whole path through `main.ts` is in
 * `tests/cli/resident_cli_test.ts`, and every hook behaviour suite runs through it too (the
 * `[resident]` cases of `tests/cli/_hook_runs.ts`).
 */

import assert from "node:assert/strict";
import {
  asHeader,
  asReply,
  asRequest,
  MAX_HEADER,
  parseSession,
  readLine,
  type ResidentRequest,
  seal,
  sealRequest,
  sessionFileName,
  sessionKey,
  unseal,
  writeAll,
} from "../../lib/hook/resident_wire.ts";
import {
  askResident,
  FORWARDED_ENV,
  launchResident,
  residentDir,
} from "../../lib/hook/resident_client.ts";
import { MAX_CONNECTIONS, serveResident } from "../../lib/hook/resident_server.ts";
import { answerResident, fastHookArgs } from "../../lib/cli/hook.ts";
import { ENV_VARS } from "../../lib/cli/permission_flags.ts";

const KEY_HEX = "ab".repeat(32);
const OTHER_HEX = "cd".repeat(32);
const request: ResidentRequest & { kind?: string } = {
  nonce: "n1",
  args: [],
  cwd: "/p",
  env: { HOME: "/h" },
  stdin: "{}",
};
const reply = { kind: "reply", nonce: "n1", outcome: "ok", stdout: "out", stderr: "" };
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

Deno.test("wire: a sealed line unseals with its key, and with no other", async () => {
  const key = (await sessionKey(KEY_HEX))!;
  const other = (await sessionKey(OTHER_HEX))!;
  const line = await seal(key, "request", request);
  assert.equal(line.at(-1), 10, "one line");
  assert.equal(text(line).split("\n").length, 2, "no newline inside");
  assert.deepEqual(await unseal(key, line), { kind: "request", ...request });
  assert.equal(await unseal(other, line), undefined);
});

/** Flips one base64 character of a line's part (0 the IV, 1 the ciphertext). */
const flip = (sealed: string, part: 0 | 1) => {
  const parts = sealed.replace(/\n$/, "").split(" ");
  const p = parts[part]!;
  parts[part] = (p[4] === "A" ? "B" : "A") + p.slice(1, 4) + (p[4] === "A" ? "B" : "A") +
    p.slice(5);
  return `${parts.join(" ")}\n`;
};

/** Lines a process without the key, or a broken peer, may send. */
const FORGED: { name: string; line: (sealed: string) => string }[] = [
  { name: "a character of the ciphertext changed", line: (s) => flip(s, 1) },
  { name: "the IV changed", line: (s) => flip(s, 0) },
  { name: "the ciphertext cut short", line: (s) => s.replace(/....\n$/, "\n") },
  { name: "no IV", line: (s) => s.slice(s.indexOf(" ") + 1) },
  { name: "an IV of another length", line: (s) => `AAAA${s}` },
  { name: "nothing after the IV", line: (s) => s.slice(0, s.indexOf(" ") + 1) },
  { name: "parts that are not base64", line: (s) => `!!${s.slice(2)}` },
  { name: "the message in the clear", line: () => `${JSON.stringify(request)}\n` },
  { name: "an empty line", line: () => "\n" },
];

for (const c of FORGED) {
  Deno.test(`wire: a line is refused when ${c.name}`, async () => {
    const key = (await sessionKey(KEY_HEX))!;
    const sealed = text(await seal(key, "request", request));
    assert.equal(await unseal(key, bytes(c.line(sealed))), undefined);
  });
}

Deno.test("wire: a sealed line shows nothing of the message (a file's contents stay private)", async () => {
  const key = (await sessionKey(KEY_HEX))!;
  const secret = "API_KEY=sk-secret-0123456789";
  const line = text(await seal(key, "request", { ...request, stdin: secret }));
  assert.doesNotMatch(line, /API_KEY|sk-secret|stdin|nonce/);
  assert.ok(!line.includes(btoa(secret).slice(4, 16)));
  // Two seals of one message differ (a fresh IV each).
  assert.notEqual(line, text(await seal(key, "request", { ...request, stdin: secret })));
});

Deno.test("wire: a key must be 32 bytes of hex", async () => {
  const bad = ["", "ab", "ab".repeat(31), "ab".repeat(33), "AB".repeat(32), "xy".repeat(32)];
  for (const bad_ of [...bad, "a".repeat(63)]) {
    assert.equal(await sessionKey(bad_), undefined, JSON.stringify(bad_));
  }
  assert.ok(await sessionKey(KEY_HEX));
});

Deno.test("wire: a reply counts only for the request of its nonce", () => {
  assert.deepEqual(asReply(reply, "n1"), reply);
  assert.equal(asReply(reply, "n2"), undefined, "another request's reply");
  assert.equal(asReply({ ...reply, outcome: 0 }, "n1"), undefined);
  assert.equal(asReply({ ...reply, kind: "request" }, "n1"), undefined, "another kind");
  assert.equal(asReply({ ...reply, stdout: undefined }, "n1"), undefined);
  assert.equal(asReply(null, "n1"), undefined);
});

/** Requests the decider must not act on. */
/** A request as the decider unseals it: with its kind. */
const sent = { kind: "request", ...request };

const BAD_REQUESTS: { name: string; value: unknown }[] = [
  { name: "a relative directory", value: { ...sent, cwd: "p" } },
  { name: "arguments that are not strings", value: { ...sent, args: [1] } },
  { name: "an environment value that is not a string", value: { ...sent, env: { HOME: 1 } } },
  { name: "an environment that is a list", value: { ...sent, env: [] } },
  { name: "no input", value: { ...sent, stdin: undefined } },
  { name: "no nonce", value: { ...sent, nonce: undefined } },
  { name: "a reply's kind (an answer sent back)", value: { ...sent, kind: "reply" } },
  { name: "a header's kind", value: { ...sent, kind: "header" } },
  { name: "no kind", value: request },
  { name: "not an object", value: "x" },
];

Deno.test("wire: a request is one with its kind and fields", () => {
  assert.deepEqual(asRequest(sent), sent);
});

for (const c of BAD_REQUESTS) {
  Deno.test(`wire: a request with ${c.name} is not one`, () => {
    assert.equal(asRequest(c.value), undefined);
  });
}

Deno.test("wire: a session file names a port, a key and a pid", () => {
  const s = { port: 4000, key: KEY_HEX, pid: 7 };
  assert.deepEqual(parseSession(JSON.stringify(s)), s);
  for (
    const bad of ["", "{", "[]", '{"port":0,"key":"x","pid":1}', '{"port":70000,"key":"x","pid":1}']
  ) {
    assert.equal(parseSession(bad), undefined, bad);
  }
  assert.equal(sessionFileName("0123456789abcdef0123"), "hook-0123456789abcdef.json");
});

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

/** A directory closed to others, made for one test. */
async function privateDir(): Promise<string> {
  const dir = await Deno.makeTempDir();
  await Deno.chmod(dir, 0o700);
  return dir;
}

/** A session file for a decider, written as the launcher writes it. */
async function writeSession(dir: string, session: string, mode = 0o600): Promise<string> {
  const file = `${dir}/${sessionFileName(DIGEST)}`;
  await Deno.writeTextFile(file, `${session}\n`, { mode });
  await Deno.chmod(file, mode);
  return file;
}

/**
 * {@link writeSession} at once, before the event loop turns again: a decider started just before
 * with a session file to check finds the file on its first check, however late that comes.
 */
function writeSessionNow(dir: string, session: string): void {
  const file = `${dir}/${sessionFileName(DIGEST)}`;
  Deno.writeTextFileSync(file, `${session}\n`, { mode: 0o600 });
  Deno.chmodSync(file, 0o600);
}

const DIGEST = "f".repeat(64);
const ok = () => Promise.resolve({ outcome: "ok", stdout: "answered\n", stderr: "" });
const call = { args: [], cwd: "/", env: {}, stdin: "{}" };

/** A decider for one test, and what a test needs of it. */
interface Decider {
  /** A private directory holding its session file. */
  dir: string;
  /** Its port. */
  port: number;
  /** Its key. */
  key: CryptoKey;
  /** How many calls it has answered so far. */
  asked: () => number;
}

/**
 * Runs a test with a decider answering {@link ok} (counted), its session in a private
 * directory; stopped, and the directory removed, after.
 */
async function withDecider(fn: (d: Decider) => Promise<void>): Promise<void> {
  let asked = 0;
  const resident = serveResident({
    answer: () => {
      asked++;
      return ok();
    },
  });
  const dir = await privateDir();
  try {
    await writeSession(dir, resident.session);
    const { port, key } = JSON.parse(resident.session);
    await fn({ dir, port, key: (await sessionKey(key))!, asked: () => asked });
  } finally {
    resident.stop();
    await resident.finished;
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("client: the decider of the session file answers, bound to the request", async () => {
  await withDecider(async ({ dir, asked }) => {
    const got = await askResident({ dir, digest: DIGEST }, call);
    assert.ok("outcome" in got, JSON.stringify(got));
    assert.equal(got.stdout, "answered\n");
    assert.equal(asked(), 1);
  });
});

/** Directories and session files a call must not trust, and whether a new decider mends it. */
const UNTRUSTED: {
  name: string;
  make: (dir: string, session: string) => Promise<string>;
  launch: boolean;
  /** Needs root (to give a file to another user). */
  root?: boolean;
}[] = [
  {
    name: "a directory open to the group",
    make: async (dir, session) => {
      await writeSession(dir, session);
      await Deno.chmod(dir, 0o750);
      return dir;
    },
    launch: false,
  },
  {
    name: "a directory that is a symbolic link",
    make: async (dir, session) => {
      await writeSession(dir, session);
      await Deno.symlink(dir, `${dir}-link`);
      return `${dir}-link`;
    },
    launch: false,
  },
  {
    name: "a directory of another user",
    make: async (dir, session) => {
      await writeSession(dir, session);
      await Deno.chown(dir, 65534, 65534);
      return dir;
    },
    launch: false,
    root: true,
  },
  {
    name: "a session file others may read",
    make: async (dir, session) => {
      await writeSession(dir, session, 0o644);
      return dir;
    },
    launch: false,
  },
  {
    name: "a session file of another user",
    make: async (dir, session) => {
      const file = await writeSession(dir, session);
      await Deno.chown(file, 65534, 65534);
      return dir;
    },
    launch: false,
    root: true,
  },
  {
    name: "a session file that is a symbolic link",
    make: async (dir, session) => {
      await Deno.writeTextFile(`${dir}/elsewhere.json`, session, { mode: 0o600 });
      await Deno.symlink(`${dir}/elsewhere.json`, `${dir}/${sessionFileName(DIGEST)}`);
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
    name: "no session file",
    make: (dir) => Promise.resolve(dir),
    launch: true,
  },
  {
    name: "a session file that is not one",
    make: async (dir) => {
      await writeSession(dir, "{ not json");
      return dir;
    },
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
        answer: () => {
          asked++;
          return ok();
        },
      });
      try {
        const got = await askResident(
          { dir: await c.make(dir, resident.session), digest: DIGEST },
          call,
        );
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

/** Processes on the session's port that do not hold its key. */
const IMPOSTORS: {
  name: string;
  answer: (line: Uint8Array) => Promise<Uint8Array>;
  /** Whether a new decider is started (a process that closes at once may be a busy decider). */
  launch?: false;
}[] = [
  {
    name: "a reply sealed with another key",
    answer: async () => {
      const other = (await sessionKey(OTHER_HEX))!;
      return await seal(other, "reply", {
        nonce: "n",
        outcome: "ok",
        stdout: "forged\n",
        stderr: "",
      });
    },
  },
  {
    name: "the reply of an earlier request, replayed",
    answer: async () => {
      const key = (await sessionKey(KEY_HEX))!;
      return await seal(key, "reply", {
        nonce: "old",
        outcome: "ok",
        stdout: "replayed\n",
        stderr: "",
      });
    },
  },
  {
    name: "an unsealed reply",
    answer: () =>
      Promise.resolve(bytes(`${JSON.stringify({ outcome: "ok", stdout: "x", stderr: "" })}\n`)),
  },
  { name: "no reply", answer: () => Promise.resolve(new Uint8Array()), launch: false },
];

for (const c of IMPOSTORS) {
  Deno.test(`client: ${c.name} is not an answer`, async () => {
    const dir = await privateDir();
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const served = (async () => {
      const conn = await listener.accept();
      const line = await readLine(conn);
      await writeAll(conn, await c.answer(line!));
      conn.close();
    })();
    try {
      await writeSession(
        dir,
        JSON.stringify({ port: listener.addr.port, key: KEY_HEX, pid: Deno.pid }),
      );
      const got = await askResident({ dir, digest: DIGEST }, call);
      assert.ok("miss" in got, JSON.stringify(got));
      assert.equal(got.launch, c.launch ?? true, got.miss);
      await served;
    } finally {
      listener.close();
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("client: nothing listening on the port is a miss a new decider mends", async () => {
  const dir = await privateDir();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  try {
    await writeSession(dir, JSON.stringify({ port, key: KEY_HEX, pid: Deno.pid }));
    const got = await askResident({ dir, digest: DIGEST }, call);
    assert.ok("miss" in got && got.launch, JSON.stringify(got));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decider: a request without the key gets no answer and is not run", async () => {
  await withDecider(async ({ port, asked }) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await writeAll(conn, await sealRequest((await sessionKey(OTHER_HEX))!, request));
    assert.equal(await readLine(conn), undefined, "the connection closes without a reply");
    conn.close();
    assert.equal(asked(), 0);
  });
});

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
  const resident = serveResident({ answer: answerResident });
  const dir = await privateDir();
  try {
    await writeSession(dir, resident.session);
    const ask = (root: string, command: string) =>
      askResident({ dir, digest: DIGEST }, {
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
    const got = await Promise.all(asked.map((a) => ask(a.root, a.command)));
    got.forEach((g, k) => {
      assert.ok("outcome" in g, JSON.stringify(g));
      const denied = g.stdout.includes('"permissionDecision":"deny"');
      assert.equal(denied, asked[k]!.denied, `${asked[k]!.command} in project ${k / 3 | 0}`);
    });
  } finally {
    resident.stop();
    await resident.finished;
    for (const p of [...projects, dir]) await Deno.remove(p, { recursive: true });
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
    const here = await answerResident({ nonce: "a", args: [], cwd: root, env: {}, stdin: input });
    assert.match(here.stdout, /"permissionDecision":"deny"/);
    const elsewhere = await answerResident({
      nonce: "b",
      args: [],
      cwd: "/",
      env: {},
      stdin: input,
    });
    assert.doesNotMatch(elsewhere.stdout, /deny/);
    // CLAUDE_PROJECT_DIR of the request names the project.
    const named = await answerResident({
      nonce: "c",
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
      nonce: "d",
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
  const got = await answerResident({ nonce: "e", args: [], cwd: "/", env: {}, stdin });
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
  const resident = serveResident({
    answer: async () => {
      arrived();
      await held;
      return { outcome: "ok", stdout: "late\n", stderr: "" };
    },
    idleMs: IDLE_MS,
  });
  try {
    writeSessionNow(dir, resident.session);
    const answered = askResident({ dir, digest: DIGEST }, call);
    await asked;
    await new Promise((done) => setTimeout(done, IDLE_MS + 100)); // past the idle time, held
    release();
    const got = await answered;
    assert.ok("outcome" in got && got.stdout === "late\n", JSON.stringify(got));
    await resident.finished; // then idle for IDLE_MS
  } finally {
    resident.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decider: ends when its session file no longer names it", async () => {
  const dir = await privateDir();
  const file = `${dir}/${sessionFileName(DIGEST)}`;
  const resident = serveResident({ answer: ok, sessionFile: file, checkMs: 20 });
  try {
    writeSessionNow(dir, resident.session);
    await new Promise((done) => setTimeout(done, 80));
    let ended = false;
    resident.finished.then(() => ended = true);
    await new Promise((done) => setTimeout(done, 10));
    assert.equal(ended, false, "still named: still running");
    await writeSession(dir, JSON.stringify({ port: 1, key: KEY_HEX, pid: 1 }));
    await resident.finished;
  } finally {
    resident.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("wire: a key's hex is lowercase, two digits a byte, as sessionKey reads it", async () => {
  assert.equal(new Uint8Array([0, 15, 255]).toHex(), "000fff");
  assert.ok(await sessionKey(crypto.getRandomValues(new Uint8Array(32)).toHex()));
});

Deno.test("wire: a line sent a byte at a time is read whole", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const line = bytes(`${"x".repeat(10_000)}\n`);
  const sent = (async () => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port });
    for (let i = 0; i < line.length; i += 1000) await writeAll(conn, line.subarray(i, i + 1000));
    conn.close();
  })();
  const conn = await listener.accept();
  assert.deepEqual(await readLine(conn), line);
  conn.close();
  await sent;
  listener.close();
});

Deno.test("client: a process on the port that takes the call and never answers: 3 s, then a new decider, and it read nothing", async () => {
  const dir = await privateDir();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let heard = "";
  const held = (async () => {
    const conn = await listener.accept();
    const line = await readLine(conn);
    heard = text(line ?? new Uint8Array());
    return conn;
  })();
  try {
    await writeSession(
      dir,
      JSON.stringify({ port: listener.addr.port, key: KEY_HEX, pid: Deno.pid }),
    );
    const secret = "API_KEY=sk-secret-0123456789";
    const start = performance.now();
    const got = await askResident({ dir, digest: DIGEST }, { ...call, stdin: secret });
    // Its time-out is 3 s; the bound (10 times) only tells it from a call that waits for ever.
    assert.ok(performance.now() - start < 30_000, "the call did not wait for ever");
    assert.ok("miss" in got && got.launch, JSON.stringify(got));
    (await held).close();
    assert.ok(heard.length > 0, "it got the call");
    assert.doesNotMatch(heard, /API_KEY|sk-secret/, "but not what it says");
  } finally {
    listener.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decider: connections past its limit are closed at once; calls are answered again after", async () => {
  const idle: Deno.Conn[] = [];
  await withDecider(async ({ dir, port }) => {
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    }
    await new Promise((done) => setTimeout(done, 100)); // all of them accepted
    const refused = await askResident({ dir, digest: DIGEST }, call);
    assert.ok("miss" in refused, JSON.stringify(refused));
    assert.equal(refused.launch, false, "a decider at its limit is not replaced");
    for (const c of idle.splice(0)) c.close();
    // Once it has seen them close (it may take a busy machine a while: 10 s at most).
    let answered = await askResident({ dir, digest: DIGEST }, call);
    for (let i = 0; i < 100 && !("outcome" in answered); i++) {
      await new Promise((done) => setTimeout(done, 100));
      answered = await askResident({ dir, digest: DIGEST }, call);
    }
    assert.ok("outcome" in answered, JSON.stringify(answered));
  }).finally(() => {
    for (const c of idle) c.close();
  });
});

Deno.test("decider: a sender without the key is cut off within its first MAX_HEADER bytes", async () => {
  await withDecider(async ({ dir, port }) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const start = performance.now();
    let sent = 0;
    try {
      // No newline: a line that would grow to 64 MB if the decider waited for it.
      for (let i = 0; i < 4096; i++) sent += await conn.write(new Uint8Array(16 * 1024));
    } catch {
      // reset: the decider closed the connection
    }
    assert.ok(sent < 8 * 1024 * 1024, `${sent} bytes taken before the decider closed it`);
    assert.ok(performance.now() - start < 5000);
    conn.close();
    const got = await askResident({ dir, digest: DIGEST }, call);
    assert.ok("outcome" in got, JSON.stringify(got));
    assert.ok(MAX_HEADER <= 4096);
  });
});

Deno.test("decider: a request whose nonce is not its header's is not answered", async () => {
  await withDecider(async ({ port, key, asked }) => {
    const body = await seal(key, "request", { ...request, nonce: "other" });
    const head = await seal(key, "header", { nonce: "n1", length: body.length, sent: Date.now() });
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await writeAll(conn, new Uint8Array([...head, ...body]));
    assert.equal(await readLine(conn), undefined);
    conn.close();
    assert.equal(asked(), 0);
    // The same request with its header is answered.
    const conn2 = await Deno.connect({ hostname: "127.0.0.1", port });
    await writeAll(conn2, await sealRequest(key, request));
    assert.ok(await readLine(conn2));
    conn2.close();
    assert.equal(asked(), 1);
  });
});

Deno.test("wire: a header names a nonce and a length within the largest frame", () => {
  const header = { kind: "header", nonce: "n", length: 10, sent: 1 };
  assert.deepEqual(asHeader(header), header);
  assert.equal(asHeader({ ...header, kind: "request" }), undefined);
  const bads = [{ ...header, length: 0 }, { ...header, length: 1.5 }, {
    kind: "header",
    length: 3,
  }];
  for (const bad of [...bads, null]) {
    assert.equal(asHeader(bad), undefined, JSON.stringify(bad));
  }
  assert.equal(asHeader({ ...header, length: 64 * 1024 * 1024 + 1 }), undefined);
});

/**
 * Whether the promise settles within the time: a wait that ends as soon as it settles, so the
 * time is 10 s or more, however short the time-out it waits for.
 */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((done) => timer = setTimeout(() => done(false), ms));
  const settled = await Promise.race([promise.then(() => true), late]);
  clearTimeout(timer);
  return settled;
}

Deno.test("decider: connections that never prove the key keep it neither alive nor from ending", async () => {
  const dir = await privateDir();
  const file = `${dir}/${sessionFileName(DIGEST)}`;
  const held: Deno.Conn[] = [];
  // Idle: it ends after its idle time though connections are held (the time leaves the five
  // connections ample room to be made, on a busy machine too).
  const idle = serveResident({ answer: ok, idleMs: 1000 });
  const idlePort = JSON.parse(idle.session).port;
  for (let i = 0; i < 5; i++) {
    held.push(await Deno.connect({ hostname: "127.0.0.1", port: idlePort }));
  }
  const idleEnded = await within(idle.finished, 10_000);
  idle.stop();
  // Replaced: it ends at its next check though connections are held.
  const replaced = serveResident({ answer: ok, sessionFile: file, checkMs: 20 });
  writeSessionNow(dir, replaced.session);
  const port = JSON.parse(replaced.session).port;
  for (let i = 0; i < 5; i++) held.push(await Deno.connect({ hostname: "127.0.0.1", port }));
  await new Promise((done) => setTimeout(done, 60));
  await writeSession(dir, JSON.stringify({ port: 1, key: KEY_HEX, pid: 1 }));
  const replacedEnded = await within(replaced.finished, 10_000);
  for (const c of held) c.close();
  replaced.stop();
  await Promise.all([idle.finished, replaced.finished]);
  await Deno.remove(dir, { recursive: true });
  assert.ok(idleEnded, "it ended after its idle time");
  assert.ok(replacedEnded, "it ended once replaced");
});

Deno.test("decider: a connection that sends nothing is closed after the request time", async () => {
  const resident = serveResident({ answer: ok, requestMs: 100 });
  try {
    const { port } = JSON.parse(resident.session);
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const closed = conn.read(new Uint8Array(1)).catch(() => null);
    assert.ok(await within(closed, 10_000), "closed by the decider");
    conn.close();
  } finally {
    resident.stop();
    await resident.finished;
  }
});

Deno.test("launcher: a decider's end removes the session file only while it names that decider", async () => {
  const dir = await privateDir();
  // Stand-in deciders print a session line and live until their gate file is made: each ends
  // when the test says, not after a time a busy machine may overrun.
  const gates = await Deno.makeTempDir({ prefix: "skald-gates-" });
  const standIn = (name: string) => [
    "bash",
    "-c",
    `echo ${name}; while [ ! -e ${gates}/${name} ]; do sleep 0.02; done`,
  ];
  const file = `${dir}/${sessionFileName(DIGEST)}`;
  const read = () => Deno.readTextFile(file).then((t) => t.trim(), () => undefined);
  const pause = () => new Promise((done) => setTimeout(done, 20));
  // Readiness waits, not bounds: each ends as soon as it sees what it waits for (10 s at most).
  const until = async (want: string | undefined) => {
    for (let i = 0; i < 500 && await read() !== want; i++) await pause();
    return await read();
  };
  /** Whether a process (the stand-in, or the launcher that started it) still names the gate. */
  const running = async (name: string) => {
    const ps = await new Deno.Command("ps", { args: ["-A", "-ww", "-o", "args="] }).output();
    return new TextDecoder().decode(ps.stdout).includes(`${gates}/${name}`);
  };
  const ended = async (name: string) => {
    await Deno.writeTextFile(`${gates}/${name}`, "");
    for (let i = 0; i < 500 && await running(name); i++) await pause();
    assert.equal(await running(name), false, `the ${name} stand-in and its launcher ended`);
  };
  try {
    // Two deciders, the second started while the first runs: the session file names the second.
    launchResident({ dir, digest: DIGEST }, standIn("first"));
    assert.equal(await until("first"), "first");
    launchResident({ dir, digest: DIGEST }, standIn("second"));
    assert.equal(await until("second"), "second");
    await ended("first");
    assert.equal(await read(), "second", "the first's end left the second's file");
    await ended("second");
    assert.equal(await until(undefined), undefined, "the second's end removed its own");
    assert.deepEqual([...Deno.readDirSync(dir)], [], "nothing else left behind");
  } finally {
    for (const name of ["first", "second"]) await Deno.writeTextFile(`${gates}/${name}`, "");
    await Deno.remove(dir, { recursive: true });
    // The stand-ins look for their gate every 20 ms: give them the time to see it.
    for (let i = 0; i < 500 && (await running("first") || await running("second")); i++) {
      await pause();
    }
    await Deno.remove(gates, { recursive: true });
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

Deno.test("decider: a request older than the caller's time-out is dropped unanswered (its caller decided already)", async () => {
  await withDecider(async ({ port, key, asked }) => {
    const send = async (sent: number) => {
      const body = await seal(key, "request", request);
      const head = await seal(key, "header", { nonce: request.nonce, length: body.length, sent });
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      await writeAll(conn, new Uint8Array([...head, ...body]));
      const line = await readLine(conn);
      conn.close();
      return line;
    };
    assert.equal(await send(Date.now() - 4000), undefined, "a stale request: no answer");
    assert.equal(asked(), 0, "and no work");
    assert.ok(await send(Date.now()), "a fresh one is answered");
    assert.equal(asked(), 1);
  });
});
