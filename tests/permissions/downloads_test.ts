/**
 * What `wget` and `curl` write, held against the programs themselves: each case downloads from
 * a server on 127.0.0.1 into an empty directory, and every file the real program made must be
 * among the paths `writeTargets` names (so that an Edit rule on it holds), and the paths named
 * must not reach beyond what the program may write (so that `wget URL` under an unrelated Edit
 * rule is not denied for nothing). A case that writes a tree, or a name only the server gives,
 * is "only known when it runs" (a null path: every Edit rule applies).
 */

import assert from "node:assert/strict";
import { posix } from "node:path";
import { writeTargets } from "../../lib/permissions/effects/write_targets.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

interface Case {
  name: string;
  /** The command's words after the program; `URL` stands for the server's address. */
  args: string[];
  /** The paths skald names, relative to where it runs (null: only known when it runs). */
  writes: (string | null)[];
}

const WGET: Case[] = [
  { name: "the URL's last segment", args: ["-q", "URL/dl/pkg.tar.gz"], writes: ["./pkg.tar.gz"] },
  { name: "an empty path is index.html", args: ["-q", "URL/"], writes: ["./index.html"] },
  { name: "the query is kept", args: ["-q", "URL/a.js?v=1"], writes: ["./a.js?v=1"] },
  {
    name: "a percent-encoded name",
    args: ["-q", "URL/a%20b.txt"],
    writes: ["./a%20b.txt", "./a b.txt"],
  },
  { name: "-P DIR", args: ["-q", "-P", "out", "URL/a.js"], writes: ["out/a.js"] },
  {
    name: "--directory-prefix=DIR",
    args: ["-q", "--directory-prefix=out", "URL/a.js"],
    writes: ["out/a.js"],
  },
  { name: "-O FILE", args: ["-q", "-O", "x.bin", "URL/a.js"], writes: ["x.bin"] },
  { name: "-qO FILE (a cluster)", args: ["-qO", "y.bin", "URL/a.js"], writes: ["y.bin"] },
  { name: "-O - writes nothing", args: ["-qO-", "URL/a.js"], writes: [] },
  { name: "a log file", args: ["-o", "log.txt", "URL/a.js"], writes: ["log.txt", "./a.js"] },
  {
    name: "-a: a log appended to",
    args: ["-a", "log.txt", "URL/a.js"],
    writes: ["log.txt", "./a.js"],
  },
  { name: "two URLs", args: ["-q", "URL/a.js", "URL/b.css"], writes: ["./a.js", "./b.css"] },
  { name: "-r: a tree", args: ["-q", "-r", "-l", "1", "URL/"], writes: [null] },
  { name: "-x: host directories", args: ["-q", "-x", "URL/a.js"], writes: [null] },
];

const CURL: Case[] = [
  { name: "-o FILE", args: ["-s", "-o", "x.bin", "URL/a.js"], writes: ["x.bin"] },
  { name: "-sSLo FILE (a cluster)", args: ["-sSLo", "y.bin", "URL/a.js"], writes: ["y.bin"] },
  { name: "-O: the URL's last segment", args: ["-sO", "URL/dl/a.js"], writes: ["./a.js"] },
  { name: "-O with a query", args: ["-sO", "URL/a.js?v=1"], writes: ["./a.js", "./a.js?v=1"] },
  {
    name: "--output-dir DIR",
    args: ["-s", "--create-dirs", "--output-dir", "out", "-O", "URL/a.js"],
    writes: ["out/a.js"],
  },
  { name: "no -o or -O: standard output", args: ["-s", "URL/a.js"], writes: [] },
  {
    // curl refuses it ("is ambiguous": --output, --output-dir) and writes nothing.
    name: "--outp, which curl refuses as ambiguous, is read as --output (the stricter)",
    args: ["-s", "--outp", "x.bin", "URL/a.js"],
    writes: ["x.bin"],
  },
  {
    name: "--remote-name-all: every URL's last segment",
    args: ["-s", "--remote-name-all", "URL/a.js"],
    writes: ["./a.js"],
  },
  { name: "-J: the server's name", args: ["-sOJ", "URL/a.js"], writes: [null, "./a.js"] },
];

/** The files below a directory, relative to it. */
function filesBelow(dir: string, at = ""): string[] {
  return [...Deno.readDirSync(posix.join(dir, at))].flatMap((e) =>
    e.isDirectory ? filesBelow(dir, posix.join(at, e.name)) : [posix.join(at, e.name)]
  ).sort();
}

const has = (name: string) => {
  try {
    return new Deno.Command(name, { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
};

for (const [program, cases] of [["wget", WGET], ["curl", CURL]] as const) {
  Deno.test({
    name: `downloads: what ${program} names is what it writes`,
    // CI has both (Debian's base image and .ci/run); a machine without one skips its table.
    ignore: !has(program) && Deno.env.get("CI") === undefined,
    fn: async () => {
      const server = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        () =>
          new Response("x\n", {
            headers: { "content-disposition": 'attachment; filename="srv.bin"' },
          }),
      );
      const url = `http://127.0.0.1:${server.addr.port}`;
      try {
        const wrong: string[] = [];
        for (const c of cases) {
          const args = c.args.map((a) => a.replace("URL", url));
          const named = writeTargets([program, ...args]).paths;
          assert.deepEqual(named, c.writes, c.name);
          const dir = await Deno.makeTempDir({ prefix: `skald-${program}-` });
          try {
            await new Deno.Command(program, { args, cwd: dir, stdout: "null", stderr: "null" })
              .output();
            const made = filesBelow(dir);
            // Every file made is named (or the write is only known when it runs).
            const norm = named.map((p) => p === null ? null : posix.normalize(p));
            const missed = made.filter((f) => !norm.includes(f) && !norm.includes(null));
            if (missed.length > 0) {
              wrong.push(`${c.name}: made ${missed.join(", ")}; named ${named}`);
            }
          } finally {
            await Deno.remove(dir, { recursive: true });
          }
        }
        assert.deepEqual(wrong, []);
      } finally {
        await server.shutdown();
      }
    },
  });
}

Deno.test("downloads: wget URL keeps its verdict under an Edit rule elsewhere, and is denied on the name", () => {
  const policy = new Policy({
    sources: [{
      label: "p",
      scope: "project",
      deny: ["Edit(./src/**)", "Edit(*.json)"],
      allow: ["Bash(wget:*)", "Bash(curl:*)"],
    }],
    env: testEnv(),
  });
  const verdict = (command: string) => policy.decide({ tool: "Bash", input: { command } }).verdict;
  assert.equal(verdict("wget https://x.org/pkg.tar.gz"), "allow");
  assert.equal(verdict("curl -fsSLO https://x.org/install.sh"), "allow");
  assert.equal(verdict("wget https://x.org/conf.json"), "deny");
  assert.equal(verdict("wget -P src https://x.org/a.js"), "deny");
  assert.equal(verdict("curl --output-dir src -O https://x.org/a.js"), "deny");
  assert.equal(verdict("wget -r https://x.org/"), "deny");
  assert.equal(verdict("wget -P . https://x.org/conf.json"), "deny");
});
