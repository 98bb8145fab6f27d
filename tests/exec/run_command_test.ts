/**
 * `run_command`: bash -c in a directory, in a process group, stdin from /dev/null, stdout and
 * stderr into one file in order, trailing newlines off; timeouts stop the whole group.
 */

import assert from "node:assert/strict";
import { runCommand, type RunOptions } from "../../lib/exec/run_command.ts";

/** True when the process is still there (a signal it ignores reaches it; /proc needs -A). */
const alive = (pid: number) => {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
};

const existsSync = (path: string) => {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
};

const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-run-" }));
const opts: RunOptions = { cwd: dir, timeoutSeconds: 10, killGraceSeconds: 0.3, maxOutput: 30_000 };

Deno.test("run: stdout and stderr into one output, in the order written", async () => {
  assert.deepEqual(await runCommand("echo a; echo b >&2; echo c", opts), {
    exitCode: 0,
    output: "a\nb\nc",
  });
});

Deno.test("run: trailing newlines taken off, other whitespace kept", async () => {
  assert.deepEqual(await runCommand("printf '  x\\n\\n\\n'", opts), { exitCode: 0, output: "  x" });
});

Deno.test("run: in the root, with bash", async () => {
  const r = await runCommand('pwd; echo "$BASH_VERSION" | cut -c1', opts);
  assert.ok("output" in r);
  assert.equal(r.output.split("\n")[0], dir);
  assert.match(r.output.split("\n")[1]!, /^\d$/);
});

Deno.test("run: standard input is /dev/null", async () => {
  assert.deepEqual(await runCommand("cat; echo done", opts), { exitCode: 0, output: "done" });
});

Deno.test("run: the exit code", async () => {
  assert.deepEqual(await runCommand("echo x; exit 7", opts), { exitCode: 7, output: "x" });
});

Deno.test("run: output decoded as UTF-8; invalid bytes replaced", async () => {
  const r = await runCommand("printf 'caf\\xc3\\xa9 \\xff'", opts);
  assert.deepEqual(r, { exitCode: 0, output: "café \ufffd" });
});

Deno.test("run: 100 MB of output: memory bounded, output cut with a note", async () => {
  const r = await runCommand("head -c 100000000 /dev/zero | tr '\\0' x", opts);
  assert.ok("output" in r);
  assert.equal(r.truncated, true);
  assert.ok(r.output.length < 31_000);
  assert.match(
    r.output,
    /\[output cut: the command printed 100000000 bytes; the first 30000 characters are shown\]$/,
  );
});

Deno.test("run: a timeout stops the whole group, grandchildren included", async () => {
  const marker = `${dir}/survivor`;
  const ended = `${dir}/ended`;
  const r = await runCommand(
    `(trap '' TERM; sleep 2; touch ${marker}) & (sleep 2; touch ${marker}) & trap '' TERM; sleep 30; touch ${ended}`,
    { ...opts, timeoutSeconds: 0.5 },
  );
  assert.deepEqual(r, { error: "timed out after 0.5 seconds" });
  // Had the run waited for the command to end, the command would have marked it.
  assert.throws(() => Deno.statSync(ended), "it did not wait for the command to end");
  await new Promise((res) => setTimeout(res, 2500));
  assert.equal(existsSync(marker), false, "a process of the group survived the timeout");
});

Deno.test("run: what a finished command left running in its group is stopped", async () => {
  const marker = `${dir}/left`;
  const r = await runCommand(`(sleep 1; touch ${marker}) & echo started`, opts);
  assert.deepEqual(r, { exitCode: 0, output: "started" });
  await new Promise((res) => setTimeout(res, 1500));
  assert.throws(() => Deno.statSync(marker));
});

globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

Deno.test("run: a process that leaves the group and holds the output does not hang the run", async () => {
  // It holds the output for 60 s; the run ends once bash has and the output has had a second to
  // drain (about 1 s).
  const held = `${dir}/held`;
  const ready = `${dir}/ready`;
  // It says when it is out of the group (a group stopped before that would stop it too).
  const r = await runCommand(
    `setsid sh -c 'touch ${ready}; exec sleep 60' & echo $! > ${held}; ` +
      `while [ ! -e ${ready} ]; do sleep 0.01; done; echo done`,
    opts,
  );
  try {
    assert.deepEqual(r, { exitCode: 0, output: "done" });
    // The process that holds the output still runs: the run did not wait for it to end.
    const pid = Number(Deno.readTextFileSync(held));
    assert.ok(alive(pid), "the run waited for the process it left");
  } finally {
    Deno.kill(Number(Deno.readTextFileSync(held)), "SIGKILL");
  }
});

Deno.test("run: an error, not an exit code, when bash cannot start (the directory is gone)", async () => {
  const r = await runCommand("echo hi", { ...opts, cwd: `${dir}/no-such-dir` });
  assert.ok("error" in r, JSON.stringify(r));
  assert.match(r.error, /^Cannot start bash: /);
});
