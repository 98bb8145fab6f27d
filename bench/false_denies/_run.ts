/**
 * Runs one command for real, in a fresh copy of the project, and records what it did: every
 * program it tried to start (with the argv, found or not), every file it opened (with the mode,
 * opened or not) and every path it removed, renamed, created or changed.
 *
 * The run is sandboxed the way the execution oracle (`tests/exec_oracle/_sandbox.ts`) is, with
 * more around it, since these are real agents' commands: a new network namespace with no
 * network (`unshare -n`), a new PID namespace (so that killing it at the time limit ends
 * whatever the command left running), a new mount namespace with its own empty `/tmp`, strace
 * (`-f -y -xx`, failed calls kept) around `setpriv` to the `nobody` user, who may write only
 * the copy of the project and its home. A copy is made from the master tree for every run; a
 * command has a time limit, then its whole process group is killed. `PATH` puts a `bin/` first:
 * `python` as the host's `python3`, `sudo`/`doas` as a shim that runs the rest (no privilege is
 * raised), and stubs that exit 0 for programs agents use that this machine may lack (a run
 * that reached a stub is not complete for a path rule: the real program might have read or
 * written what the stub did not).
 *
 * @module
 */

/** One program a command tried to start. */
export interface Exec {
  /** The file tried (a PATH search tries several). */
  path: string;
  /** The argv it was given. */
  argv: string[];
  /** It started (execve returned 0). */
  ok: boolean;
}

/** One open of a file. */
export interface Open {
  /** The absolute path, resolved against the caller's directory. */
  path: string;
  /** Opened for writing (O_WRONLY, O_RDWR, O_CREAT or O_TRUNC). */
  write: boolean;
  /** Opened as a directory (a listing, not a read of a file's contents). */
  dir: boolean;
  /** The open succeeded. */
  ok: boolean;
}

/** What one command did. */
export interface Ran {
  execs: Exec[];
  opens: Open[];
  /** Paths removed, renamed (both ends), created, truncated, linked or chmod-ed (absolute). */
  changed: string[];
  /** Its exit status (null: killed). */
  status: number | null;
  /** It ran out of time. */
  timedOut: boolean;
  /** It reached a stub (a program this machine lacks). */
  stubbed: string[];
}

/** Programs agents run that a stub stands for when the host lacks them. */
export const STUBBED: readonly string[] = [
  "pytest",
  "uv",
  "uvx",
  "gh",
  "tree",
  "pnpm",
  "yarn",
  "bun",
  "cargo",
  "go",
  "claude",
  "codex",
  "tox",
  "black",
  "ruff",
  "flake8",
  "mypy",
  "isort",
  "poetry",
];

const SHIM = `#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in
    -u|-g|-C|-D|-h|-p|-r|-t|-U) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] && exec "$@"
exit 0
`;

/** True when this machine can run the sandbox: strace, unshare and setpriv, as root. */
export function sandboxAvailable(): boolean {
  const found = (p: string) => {
    try {
      return Deno.statSync(p).isFile;
    } catch {
      return false;
    }
  };
  let root = false;
  try {
    root = Deno.uid() === 0;
  } catch {
    root = false;
  }
  return root && ["strace", "unshare", "setpriv", "bash"].every((p) => found(`/usr/bin/${p}`));
}

/** A sandbox: the master tree, the bin directory and where runs go. */
export interface Sandbox {
  dir: string;
  bin: string;
  master: { root: string; home: string };
  count: number;
}

function which(name: string): string | undefined {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
    try {
      if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Makes the bin directory beside a master tree (laid out by the caller under `dir/master`).
 *
 * @param dir the sandbox directory (outside /tmp: the runs get their own /tmp)
 * @param master the master tree's root and home
 * @returns the sandbox
 */
export async function makeSandbox(
  dir: string,
  master: { root: string; home: string },
): Promise<Sandbox> {
  const bin = `${dir}/bin`;
  await Deno.mkdir(bin, { recursive: true });
  await Deno.mkdir(`${dir}/runs`, { recursive: true });
  await Deno.writeTextFile(`${dir}/stub`, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  await Deno.writeTextFile(`${dir}/shim`, SHIM, { mode: 0o755 });
  for (const name of ["sudo", "doas"]) await Deno.symlink(`${dir}/shim`, `${bin}/${name}`);
  const python3 = which("python3");
  if (python3 !== undefined && which("python") === undefined) {
    await Deno.symlink(python3, `${bin}/python`);
  }
  for (const name of STUBBED) {
    if (which(name) === undefined) await Deno.symlink(`${dir}/stub`, `${bin}/${name}`);
  }
  await Deno.chmod(dir, 0o755);
  return { dir, bin, master, count: 0 };
}

/** Decodes strace's `-xx` strings. */
function hex(s: string): string {
  const bytes = new Uint8Array(s.length / 4);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(s.slice(i * 4 + 2, i * 4 + 4), 16);
  return new TextDecoder().decode(bytes);
}

const STRING = /"((?:\\x[0-9a-f]{2})*)"/g;

/** `/a/./b/../c` as `/a/c`. */
export function normalize(path: string): string {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return "/" + out.join("/");
}

function resolve(dir: string | undefined, path: string): string {
  return normalize(path.startsWith("/") || dir === undefined ? path : `${dir}/${path}`);
}

/** Reads the trace: each call joined to its resumption, then each call's effect. */
export function parseTrace(
  text: string,
  isStub: (path: string) => boolean,
): Omit<Ran, "status" | "timedOut"> {
  const pending = new Map<string, string>();
  const calls: string[] = [];
  for (const line of text.split("\n")) {
    const m = /^(\d+) +(.*)$/.exec(line);
    if (m === null) continue;
    const [, pid, rest] = m as unknown as [string, string, string];
    if (rest.endsWith("<unfinished ...>")) {
      pending.set(pid, rest.slice(0, -"<unfinished ...>".length));
      continue;
    }
    const resumed = /^<\.\.\. [a-z0-9_]+ resumed>(.*)$/.exec(rest);
    if (resumed !== null) {
      calls.push((pending.get(pid) ?? "") + resumed[1]);
      pending.delete(pid);
    } else calls.push(rest);
  }
  const ran: Omit<Ran, "status" | "timedOut"> = { execs: [], opens: [], changed: [], stubbed: [] };
  let skip = 2; // setpriv, then the command's own bash
  for (const call of calls) {
    const name = /^([a-z0-9_]+)\(/.exec(call)?.[1];
    const result = /\) += (-?\d+)(?:<((?:\\x[0-9a-f]{2})*)>)?(?: [A-Z]+ .*)?$/.exec(call);
    if (name === undefined || result === null) continue;
    const ok = Number(result[1]) >= 0;
    // Directory arguments (`AT_FDCWD</dir>`, `3</dir>`) in order, and the quoted strings.
    const dirs = [...call.matchAll(/(?:AT_FDCWD|\d+)<((?:\\x[0-9a-f]{2})*)>/g)].map((d) =>
      hex(d[1]!)
    );
    const strings = [...call.matchAll(STRING)].map((s) => hex(s[1]!));
    if (name === "execve" || name === "execveat") {
      if (ok && skip > 0) {
        skip--;
        continue;
      }
      const argv = /\[((?:"(?:\\x[0-9a-f]{2})*"(?:\.\.\.)?(?:, )?)*)\]/.exec(call)?.[1] ?? "";
      const path = resolve(dirs[0], strings[0] ?? "");
      ran.execs.push({ path, argv: [...argv.matchAll(STRING)].map((s) => hex(s[1]!)), ok });
      if (ok && isStub(path)) ran.stubbed.push(path.slice(path.lastIndexOf("/") + 1));
    } else if (name === "open" || name === "openat" || name === "openat2" || name === "creat") {
      const flags = call.slice(call.lastIndexOf('"'));
      const real = result[2] === undefined ? undefined : hex(result[2]);
      const path = real ?? resolve(dirs[0], strings[0] ?? "");
      ran.opens.push({
        path,
        write: name === "creat" || /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/.test(flags),
        dir: /O_DIRECTORY/.test(flags),
        ok,
      });
    } else if (ok) {
      // unlink, rmdir, rename*, mkdir*, truncate, symlink*, link*, chmod*: every path argument.
      // With a directory argument, a path string is relative to the directory before it.
      let d = 0;
      const parts = call.slice(name.length + 1).split(/, (?=(?:AT_FDCWD|\d+<|"))/);
      for (const part of parts) {
        const dir = /^(?:AT_FDCWD|\d+)<((?:\\x[0-9a-f]{2})*)>/.exec(part);
        if (dir !== null) {
          d = dirs.indexOf(hex(dir[1]!));
          continue;
        }
        const s = /^"((?:\\x[0-9a-f]{2})*)"/.exec(part);
        if (s !== null) ran.changed.push(resolve(dirs[d] ?? dirs[0], hex(s[1]!)));
      }
    }
  }
  return ran;
}

/**
 * Runs a command in a fresh copy of the master tree. The command's mentions of the master's
 * root and home are rewritten to the copy's.
 *
 * @param sb the sandbox
 * @param command the command, as decided (its paths under the master tree)
 * @param timeoutMs the time limit
 * @returns what it did, with paths mapped back to the master tree's
 */
export async function run(sb: Sandbox, command: string, timeoutMs = 10_000): Promise<Ran> {
  const runDir = `${sb.dir}/runs/${sb.count++}`;
  await Deno.mkdir(runDir);
  const copy = await new Deno.Command("cp", {
    args: ["-a", sb.master.root, sb.master.home, runDir],
  }).output();
  if (!copy.success) throw new Error(`cannot copy the project to ${runDir}`);
  await new Deno.Command("chown", { args: ["-R", "65534:65534", runDir] }).output();
  const root = `${runDir}/${sb.master.root.slice(sb.master.root.lastIndexOf("/") + 1)}`;
  const home = `${runDir}/${sb.master.home.slice(sb.master.home.lastIndexOf("/") + 1)}`;
  const text = command.replaceAll(sb.master.root, root).replaceAll(sb.master.home, home);
  const trace = `${runDir}.trace`;
  const child = new Deno.Command("/usr/bin/unshare", {
    args: [
      "-n",
      "-m",
      "-p",
      "-f",
      "--mount-proc",
      "--",
      "/bin/sh",
      "-c",
      'mount -t tmpfs -o mode=1777 none /tmp && exec "$@"',
      "sh",
      "/usr/bin/strace",
      "-f",
      "--seccomp-bpf",
      "-qq",
      "-xx",
      "-y",
      "-s",
      "4096",
      "-e",
      "trace=execve,execveat,open,openat,openat2,creat,unlink,unlinkat,rmdir,rename,renameat," +
      "renameat2,mkdir,mkdirat,truncate,symlink,symlinkat,link,linkat,chmod,fchmodat",
      "-e",
      "signal=none",
      "-o",
      trace,
      "/usr/bin/setpriv",
      "--reuid=65534",
      "--regid=65534",
      "--clear-groups",
      "--",
      "/usr/bin/bash",
      "--norc",
      "--noprofile",
      "-c",
      text,
    ],
    cwd: root,
    env: {
      PATH: `${sb.bin}:/usr/local/bin:/usr/bin:/bin`,
      HOME: home,
      USER: "nobody",
      LC_ALL: "C",
      TERM: "dumb",
      GIT_CONFIG_NOSYSTEM: "1",
      npm_config_cache: "/tmp/npm",
      npm_config_offline: "true",
    },
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "null",
    detached: true,
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      Deno.kill(-child.pid, "SIGKILL");
    } catch {
      // gone already
    }
  }, timeoutMs);
  const status = await child.status;
  clearTimeout(timer);
  try {
    Deno.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is gone
  }
  const log = await Deno.readTextFile(trace).catch(() => "");
  await Deno.remove(trace).catch(() => {});
  await Deno.remove(runDir, { recursive: true }).catch(() => {});
  const back = (p: string) =>
    p === root || p.startsWith(root + "/")
      ? sb.master.root + p.slice(root.length)
      : p === home || p.startsWith(home + "/")
      ? sb.master.home + p.slice(home.length)
      : p;
  const ran = parseTrace(
    log,
    (p) => p.startsWith(sb.bin + "/") && STUBBED.includes(p.slice(sb.bin.length + 1)),
  );
  return {
    execs: ran.execs.map((e) => ({ ...e, path: back(e.path), argv: e.argv.map(back) })),
    opens: ran.opens.map((o) => ({ ...o, path: back(o.path) })),
    changed: ran.changed.map(back),
    stubbed: ran.stubbed,
    status: timedOut ? null : status.code,
    timedOut,
  };
}
