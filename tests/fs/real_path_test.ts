/**
 * Real paths: `realPathOnDisk` walks a path as the kernel would once the missing parts were
 * made as plain directories; `cachedRealPath` reaches a path through its directory's
 * remembered real path and must give the same, whatever was asked before (a path of more
 * than 40 links aside: the kernel refuses it, nothing is read or written through it).
 */

import assert from "node:assert/strict";
import { cachedRealPath, realPathOnDisk } from "../../lib/fs/real_path.ts";
import { withinCpu } from "../_cpu.ts";
import { Policy } from "../../lib/permissions/policy.ts";

/** A tree of directories, files and links (relative, absolute, dangling, through `..`, loops). */
function fixture(): string {
  const dir = Deno.realPathSync(Deno.makeTempDirSync());
  Deno.mkdirSync(`${dir}/a/b/c`, { recursive: true });
  Deno.mkdirSync(`${dir}/secrets/s`, { recursive: true });
  Deno.writeTextFileSync(`${dir}/a/b/file.txt`, "x");
  Deno.writeTextFileSync(`${dir}/secrets/key`, "k");
  Deno.symlinkSync("a/b", `${dir}/rel`); // relative link to a directory
  Deno.symlinkSync(`${dir}/secrets`, `${dir}/abs`); // absolute link
  Deno.symlinkSync("secrets/s", `${dir}/deep`);
  Deno.symlinkSync("deep/../key", `${dir}/up`); // `..` taken from the link's target
  Deno.symlinkSync("deep/../new.txt", `${dir}/dangling`); // dangling, through `..`
  Deno.symlinkSync("../../../secrets", `${dir}/a/b/c/back`); // relative `..` out of a deep dir
  Deno.symlinkSync("loop2", `${dir}/loop1`);
  Deno.symlinkSync("loop1", `${dir}/loop2`);
  Deno.symlinkSync("/", `${dir}/root`);
  Deno.symlinkSync("rel/c", `${dir}/chain`); // a link through a link
  Deno.mkdirSync(`${dir}/real`);
  Deno.mkdirSync(`${dir}/target`);
  Deno.symlinkSync("../target", `${dir}/real/z`);
  Deno.symlinkSync("missing/../real", `${dir}/via-missing`); // `..` after a missing part
  Deno.symlinkSync("missing/../real/z", `${dir}/via-missing-z`);
  return dir;
}

const PATHS = [
  "",
  "/a",
  "/a/b/file.txt",
  "/a/b/missing",
  "/a/missing/deeper/x",
  "/rel",
  "/rel/file.txt",
  "/rel/new.txt",
  "/rel/c/back/key",
  "/rel/c/back/new/x",
  "/abs/key",
  "/abs/s/new",
  "/deep",
  "/deep/x",
  "/up",
  "/dangling",
  "/dangling/below",
  "/loop1",
  "/loop1/x",
  "/root/etc",
  "/root/no-such-dir/x",
  "/chain/back/key",
  "/chain/..",
  "/rel/../x",
  "/rel/./file.txt",
  "/a//b/file.txt",
  "/rel/",
  "/via-missing/z/new",
  "/via-missing-z/new",
  "/missing/../real/z/new",
  "/missing/deeper/../../real/z/new",
  "/missing/deeper/../x",
];

Deno.test("real paths: cachedRealPath agrees with realPathOnDisk on every path of the tree", () => {
  const dir = fixture();
  try {
    const want = PATHS.map((p) => realPathOnDisk(dir + p));
    // The answer must not depend on what the cache learnt first: forwards, backwards, twice.
    for (const order of [PATHS, [...PATHS].reverse()]) {
      const realPath = cachedRealPath();
      for (let round = 0; round < 2; round++) {
        for (const p of order) {
          assert.deepEqual(
            { path: p, real: realPath(dir + p) },
            { path: p, real: want[PATHS.indexOf(p)] },
          );
        }
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("real paths: links are followed where they stand (the kernel's answers)", () => {
  const dir = fixture();
  try {
    const realPath = cachedRealPath();
    const cases: [string, string][] = [
      ["/rel/file.txt", "/a/b/file.txt"],
      ["/up", "/secrets/key"],
      ["/dangling", "/secrets/new.txt"],
      ["/dangling/below", "/secrets/new.txt/below"],
      ["/rel/c/back/key", "/secrets/key"],
      ["/chain/back/key", "/secrets/key"],
      ["/a/missing/deeper/x", "/a/missing/deeper/x"],
      // A missing part is a plain directory: `..` comes back, and the link after it is followed.
      ["/via-missing/z/new", "/target/new"],
      ["/via-missing-z/new", "/target/new"],
      ["/missing/deeper/../../real/z/new", "/target/new"],
      ["/missing/deeper/../x", "/missing/x"],
    ];
    for (const [path, real] of cases) {
      assert.deepEqual({ path, real: realPath(dir + path) }, { path, real: dir + real });
    }
    assert.deepEqual(realPath(`${dir}/root/etc`), Deno.realPathSync("/etc"));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("real paths: a Read deny rule holds through a link whose target passes a part made first", () => {
  // `d2 -> missing/../real/z` and `real/z -> ../target`: after `mkdir missing`, `cat d2/new`
  // reads target/new. Before, the walk stopped at `missing` and named real/z/new.
  const dir = fixture();
  try {
    for (const realPath of [realPathOnDisk, cachedRealPath()]) {
      const policy = new Policy({
        sources: [{ label: "t", scope: "project", allow: ["Bash"], deny: ["Read(./target/**)"] }],
        env: { root: dir, home: "/home/u", realPath },
      });
      for (const command of ["mkdir missing && cat via-missing-z/new", "cat via-missing/z/new"]) {
        const d = policy.decide({ tool: "Bash", input: { command } });
        assert.deepEqual({ command, verdict: d.verdict, rule: d.rule }, {
          command,
          verdict: "deny",
          rule: "Read(./target/**)",
        });
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("real paths: random trees of directories, files and links, asked in any order", () => {
  // A seeded generator: the same trees and paths on every run.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const NAMES = ["a", "b", "c", "m"];
  const relative = (n: number) =>
    Array.from({ length: n }, () => pick([...NAMES, "..", "..", "."])).join("/");
  let compared = 0;
  for (let t = 0; t < 40; t++) {
    const dir = Deno.realPathSync(Deno.makeTempDirSync());
    try {
      // Ten entries at random places: directories, files, and links with relative or absolute
      // targets through `..`, missing parts, dangling, looping.
      for (let i = 0; i < 10; i++) {
        const at = `${dir}/${relative(1 + Math.floor(next() * 2)).replaceAll("..", "x")}`;
        const kind = next();
        try {
          if (kind < 0.3) Deno.mkdirSync(at, { recursive: true });
          else if (kind < 0.45) Deno.writeTextFileSync(at, "x");
          else {
            const target = relative(1 + Math.floor(next() * 3));
            Deno.symlinkSync(next() < 0.2 ? `${dir}/${target}` : target, at);
          }
        } catch {
          // The place is taken, or its directory is a file: another tree shape.
        }
      }
      const paths = Array.from(
        { length: 40 },
        () => `${dir}/${relative(1 + Math.floor(next() * 5))}`,
      );
      const want = paths.map(realPathOnDisk);
      const realPath = cachedRealPath();
      const order = paths.map((_, i) => i).sort(() => next() - 0.5);
      for (const i of order) {
        if (loops(paths[i]!)) continue;
        assert.deepEqual({ path: paths[i], real: realPath(paths[i]!) }, {
          path: paths[i],
          real: want[i],
        });
        compared++;
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  }
  assert.ok(compared > 1200, `only ${compared} paths compared`);
});

/** True when the kernel refuses the path: more than 40 links on the way. */
function loops(path: string): boolean {
  try {
    Deno.statSync(path);
  } catch (e) {
    return e instanceof Deno.errors.FilesystemLoop;
  }
  return false;
}

Deno.test("real paths: a path of 12,000 parts is resolved at once, without a blow-up", () => {
  const dir = fixture();
  try {
    const deep = `${dir}/rel/${"m/".repeat(12_000)}x`;
    // A blow-up guard in CPU time (`../_cpu.ts`): a walk part by part is quadratic.
    const real = withinCpu(20, () => cachedRealPath()(deep));
    assert.equal(real, `${dir}/a/b/${"m/".repeat(12_000)}x`);
    assert.equal(real, realPathOnDisk(deep));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("red team: real paths: a Read deny rule holds through a link whose name is not UTF-8", () => {
  // An earlier call ran `ln -s . $'\xff'` (a link to the project, named by the byte 0xff). The
  // listing gives the name as U+FFFD and bash's `$'\xff'` is that byte, so neither the listing
  // nor a path of the decoded word finds the link: `cat $'\xff'/config/credentials.json`
  // reads config/credentials.json (bash shows it), and skald named a path that does not exist.
  const dir = Deno.realPathSync(Deno.makeTempDirSync());
  try {
    Deno.mkdirSync(`${dir}/config`);
    Deno.writeTextFileSync(`${dir}/config/credentials.json`, "SECRET");
    const bash = (command: string) =>
      new TextDecoder().decode(
        new Deno.Command("bash", { args: ["-c", command], cwd: dir, stderr: "null" }).outputSync()
          .stdout,
      );
    bash("ln -s . $'\\xff'");
    const command = "cat $'\\xff'/config/credentials.json";
    assert.equal(bash(command), "SECRET", "bash reads it through the link");
    for (const realPath of [realPathOnDisk, cachedRealPath()]) {
      const policy = new Policy({
        sources: [{
          label: "t",
          scope: "project",
          allow: ["Bash"],
          deny: ["Read(./config/credentials.json)"],
        }],
        env: { root: dir, home: "/home/u", realPath },
      });
      const d = policy.decide({ tool: "Bash", input: { command } });
      assert.equal(d.verdict, "deny", d.reason);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
