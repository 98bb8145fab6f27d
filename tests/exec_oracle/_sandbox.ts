/**
 * The judge nobody here wrote: bash itself, run for real in a sandbox, with strace recording
 * every program it starts and every file it opens or removes.
 *
 * The sandbox is a temporary directory. `bin/` is the only PATH: stub programs for the names
 * deny rules speak of (`rm`, `curl`, `wget`, and a few tools of the allow rules) that run
 * nothing, and links to the real read-only tools, shells, wrappers and interpreters a command
 * needs to run as it would (`env`, `xargs`, `find`, `git`, `python3`, `node`, `perl`, ...).
 * Each command runs in a fresh copy of a small work tree (`x`, `y` and `victim` files to
 * remove, `secrets/key` to read, a link to `secrets`), which is also HOME; as root it runs as
 * `nobody` (setpriv), so that nothing outside the temporary directory can be changed. A
 * command has a time limit, after which its whole process group is killed.
 *
 * strace (`-f --seccomp-bpf -xx -y`) records each successful `execve` with its argv, each
 * successful `open`/`openat` with the real path of the file opened, and each successful
 * `unlink`/`unlinkat`/`rmdir` with its path; and what the command writes: a file opened to write
 * or create (`O_WRONLY`, `O_RDWR`, `O_CREAT`, `O_TRUNC`), made, renamed, linked, or whose mode,
 * owner or size it changes. Stubs are links to one script, so the argv strace shows is the argv
 * the program got.
 *
 * @module
 */

/** What one command did when it ran. */
export interface Ran {
  /** Every program it started (its own bash left out): the file run, and the argv it got. */
  execs: { path: string; argv: string[] }[];
  /** The real paths of the files it opened, relative to the work directory; outside ones absolute. */
  opened: string[];
  /** The paths it removed, relative to the work directory. */
  removed: string[];
  /**
   * The paths it wrote, relative to the work directory: opened to write or create, made,
   * renamed (both ends), linked, removed, their mode, owner or size changed.
   */
  written: string[];
  /** It ran out of time and its group was killed. */
  timedOut: boolean;
}

/** Names that only a stub answers: what the deny rules and allow rules of the tests name. */
export const STUBS: readonly string[] = [
  "rm",
  "curl",
  "wget",
  "mytool",
  "npm",
  "make",
  "deploy",
];

/**
 * `sudo` and `doas` are not on every host, and must not really raise privileges: a shim runs
 * the command after their options, as they would.
 */
const SHIM = `#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in
    -D) cd "$2" || exit 1; shift 2 ;;
    -u|-g|-C|-h|-p|-r|-t|-U) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] && exec "$@"
exit 0
`;

/** Real programs linked in, so that a command runs as it would (found on the host PATH). */
const REAL: readonly string[] = [
  "bash",
  "sh",
  "dash",
  "env",
  "xargs",
  "find",
  "timeout",
  "nice",
  "nohup",
  "stdbuf",
  "setsid",
  "flock",
  "cat",
  "head",
  "tail",
  "ls",
  "grep",
  "sed",
  "awk",
  "mawk",
  "gawk",
  "tar",
  "gzip",
  "git",
  "perl",
  "python3",
  "node",
  "printf",
  "echo",
  "true",
  "false",
  "wc",
  "sort",
  "uniq",
  "cut",
  "tr",
  "basename",
  "dirname",
  "mkdir",
  "touch",
  "cp",
  "mv",
  "ln",
  "chmod",
  "tee",
  "test",
  "[",
  "seq",
  "date",
  "id",
  "unlink",
  "vim",
  "vi",
  "ex",
  "ssh",
  "zip",
  "diff",
  "script",
  "du",
  "hexdump",
  "strings",
  "objdump",
  "gcc",
  "iconv",
  "openssl",
  "ssh-keygen",
  "sqlite3",
  "xxd",
  "jq",
  "zstd",
  "rsync",
  "shuf",
  "install",
  "chgrp",
  "ruby",
  "bsdtar",
  "time",
  "ld",
  "as",
  "split",
  "file",
];

/** Other names of real programs, linked in under them (`gsed` is GNU sed). */
const ALIASES: Readonly<Record<string, string>> = { gsed: "sed", gtar: "tar", "perl5.36": "perl" };

/** The files of the work tree every command starts from. */
const TREE: Readonly<Record<string, string>> = {
  "x": "x\n",
  "y": "y\n",
  "victim": "victim\n",
  "secrets/key": "the secret\n",
  "file.txt": "rm\nx\nfoo\n",
  "list.txt": "x\ny\n",
  "names.txt": "rm\n",
  "script.txt": "rm -rf victim\n",
  "data.json": '{"name":"x"}\n',
  // What the write classes must not change (`Edit(./protected/**)`).
  "protected/f": "p\nq\n",
  // The user's git configuration (HOME is the work tree): an alias that runs a shell command.
  ".gitconfig": "[alias]\n\tzap = !rm victim\n\tlol = log --oneline\n",
};

/** A sandbox: its directory, and how many commands it has run (each gets its own work tree). */
export interface Sandbox {
  /** The temporary directory. */
  dir: string;
  /** The stub and link directory, the only PATH. */
  bin: string;
  /** The real path of python3, perl and node, when the host has them. */
  has: ReadonlySet<string>;
  /** Runs so far. */
  count: number;
  /** The strace binary. */
  strace: string;
  /** Run as nobody (the host runs the tests as root). */
  drop: boolean;
  /**
   * A work tree no command runs in, laid as every other: where a command is decided before it is
   * known whether it needs a tree of its own.
   */
  pristine: string;
}

/**
 * The real path of a program: Debian's own first (`/usr/bin`, `/bin`: a user's interpreter,
 * such as pyenv's shims under `/root`, cannot be read by nobody), then the host's PATH.
 */
export function which(name: string): string | undefined {
  const path = (Deno.env.get("PATH") ?? "").split(":").filter((d) => d !== "");
  for (const dir of ["/usr/bin", "/bin", ...path]) {
    const p = `${dir}/${name}`;
    try {
      const info = Deno.statSync(p);
      if (info.isFile && (info.mode ?? 0) & 0o111) return Deno.realPathSync(p);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** True when strace can run here. */
export function straceAvailable(): boolean {
  return which("strace") !== undefined;
}

/** Makes a sandbox: the stub and link directory, and the root of the work trees. */
export async function makeSandbox(): Promise<Sandbox> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-exec-" }));
  const bin = `${dir}/bin`;
  await Deno.mkdir(bin);
  await Deno.mkdir(`${dir}/w`);
  await Deno.writeTextFile(`${dir}/stub`, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  for (const name of STUBS) await Deno.symlink(`${dir}/stub`, `${bin}/${name}`);
  await Deno.writeTextFile(`${dir}/shim`, SHIM, { mode: 0o755 });
  for (const name of ["sudo", "doas"]) await Deno.symlink(`${dir}/shim`, `${bin}/${name}`);
  const has = new Set<string>();
  for (const name of REAL) {
    const path = which(name);
    if (path === undefined || STUBS.includes(name)) continue;
    // A link keeps the program's own name (busybox-style programs look at it).
    await Deno.symlink(path, `${bin}/${name}`);
    has.add(name);
  }
  for (const [name, real] of Object.entries(ALIASES)) {
    const path = which(real);
    if (path === undefined) continue;
    await Deno.symlink(path, `${bin}/${name}`);
    has.add(name);
  }
  // Who we are, without asking the system: the owner of the directory we just made.
  const drop = Deno.statSync(dir).uid === 0 && which("setpriv") !== undefined;
  await Deno.chmod(dir, 0o755);
  if (drop) await Deno.chown(`${dir}/w`, 65534, 65534);
  const pristine = `${dir}/w/pristine`;
  await layTree(pristine, drop);
  return { dir, bin, has, count: 0, strace: which("strace") ?? "strace", drop, pristine };
}

/** Removes a sandbox. */
export async function removeSandbox(sb: Sandbox): Promise<void> {
  await Deno.remove(sb.dir, { recursive: true });
}

/** Lays a fresh work tree, owned by the user commands run as; returns its path. */
export async function workTree(sb: Sandbox): Promise<string> {
  const work = `${sb.dir}/w/${sb.count++}`;
  await layTree(work, sb.drop);
  return work;
}

/** Lays the work tree's files at `work`, owned by nobody when commands run as nobody. */
async function layTree(work: string, drop: boolean): Promise<void> {
  await Deno.mkdir(`${work}/secrets`, { recursive: true });
  await Deno.mkdir(`${work}/protected`, { recursive: true });
  for (const [path, text] of Object.entries(TREE)) {
    await Deno.writeTextFile(`${work}/${path}`, text);
  }
  await Deno.symlink("secrets", `${work}/link-secrets`);
  // A tree that reaches secrets/ only through a link: what readers that follow links read.
  await Deno.mkdir(`${work}/docs`);
  await Deno.writeTextFile(`${work}/docs/guide.md`, "the guide\n");
  await Deno.symlink("../secrets", `${work}/docs/keys`);
  if (drop) {
    const paths = [
      work,
      `${work}/secrets`,
      `${work}/protected`,
      `${work}/docs`,
      `${work}/docs/guide.md`,
    ];
    for (const path of [...paths, ...Object.keys(TREE).map((p) => `${work}/${p}`)]) {
      await Deno.chown(path, 65534, 65534);
    }
  }
}

/**
 * Runs one command with `bash -c` in a work tree (from {@link workTree}), under strace, then
 * removes the tree.
 *
 * @param sb the sandbox
 * @param work the work tree
 * @param command the command text
 * @param timeoutMs the time limit: for a command that would not end (the tables' commands each
 *   take well under a second, 110 ms the slowest of the suite's corpus)
 * @returns what it started, opened and removed
 */
export async function runInSandbox(
  sb: Sandbox,
  work: string,
  command: string,
  timeoutMs = 30_000,
): Promise<Ran> {
  const trace = `${work}.trace`;
  const inner = ["bash", "--norc", "--noprofile", "-c", command];
  const user = sb.drop
    ? [which("setpriv")!, "--reuid=65534", "--regid=65534", "--clear-groups", "--", ...inner]
    : inner;
  const child = new Deno.Command(sb.strace, {
    args: [
      "-f",
      "--seccomp-bpf",
      "-qq",
      "-xx",
      "-y",
      "-s",
      "65536",
      "-e",
      "trace=execve,execveat,open,openat,creat,unlink,unlinkat,rmdir,rename,renameat,renameat2," +
      "mkdir,mkdirat,mknod,mknodat,link,linkat,symlink,symlinkat,chmod,fchmodat,chown,lchown," +
      "fchownat,truncate,utimensat",
      "-e",
      "signal=none",
      "-o",
      trace,
      ...user,
    ],
    cwd: work,
    env: { PATH: sb.bin, HOME: work, LC_ALL: "C", TERM: "dumb", GIT_CONFIG_NOSYSTEM: "1" },
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
  await child.status;
  clearTimeout(timer);
  try {
    Deno.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is gone
  }
  const text = await Deno.readTextFile(trace).catch(() => "");
  await Deno.remove(trace).catch(() => {});
  await Deno.remove(work, { recursive: true }).catch(() => {});
  return { ...parseTrace(text, work, sb.drop), timedOut };
}

/** The flags of an open that writes or creates. */
const WRITE_FLAGS = /\bO_(WRONLY|RDWR|CREAT|TRUNC|APPEND)\b/;

/**
 * The paths a call names, each taken in the directory descriptor before it (`AT_FDCWD<dir>`,
 * `3<dir>`), or the work directory.
 */
function pathsOf(call: string, work: string): string[] {
  const out: string[] = [];
  let dir = work;
  const args = call.slice(call.indexOf("(") + 1);
  for (
    const m of args.matchAll(/(?:AT_FDCWD|\d+)<((?:\\x[0-9a-f]{2})*)>|"((?:\\x[0-9a-f]{2})*)"/g)
  ) {
    if (m[1] !== undefined) dir = hex(m[1]);
    else {
      const p = hex(m[2]!);
      out.push(p.startsWith("/") ? p : `${dir}/${p}`);
      dir = work;
    }
  }
  return out;
}

/** Decodes a `-xx` string: `\x72\x6d` is `rm`. */
function hex(s: string): string {
  const bytes = new Uint8Array(s.length / 4);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(s.slice(i * 4 + 2, i * 4 + 4), 16);
  return new TextDecoder().decode(bytes);
}

const STRING = /"((?:\\x[0-9a-f]{2})*)"/g;

/** Reads strace's log: each pid's unfinished call joined to its resumption. */
export function parseTrace(text: string, work: string, dropped: boolean): Ran {
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
  const ran: Ran = { execs: [], opened: [], removed: [], written: [], timedOut: false };
  const local = (p: string) =>
    p === work ? "." : p.startsWith(work + "/") ? p.slice(work.length + 1) : p;
  let first = dropped ? 2 : 1; // setpriv, then our own bash
  for (const call of calls) {
    const name = /^([a-z0-9_]+)\(/.exec(call)?.[1];
    const ok = /\) += (\d+)(<((?:\\x[0-9a-f]{2})*)>)?$/.exec(call);
    if (name === undefined || ok === null) continue;
    const strings = [...call.matchAll(STRING)].map((s) => hex(s[1]!));
    if (name === "execve" || name === "execveat") {
      if (first > 0) {
        first--;
        continue;
      }
      const argv = /\[((?:"(?:\\x[0-9a-f]{2})*"(?:, )?)*)\]/.exec(call)?.[1] ?? "";
      ran.execs.push({
        path: strings[0] ?? "",
        argv: [...argv.matchAll(STRING)].map((s) => hex(s[1]!)),
      });
    } else if (name === "open" || name === "openat" || name === "creat") {
      const real = ok[3] === undefined ? undefined : hex(ok[3]);
      if (real !== undefined) ran.opened.push(local(real));
      if (real !== undefined && (name === "creat" || WRITE_FLAGS.test(call))) {
        ran.written.push(local(real));
      }
    } else {
      // The other calls name their paths as strings, each after the directory descriptor it is
      // taken in (`unlinkat(AT_FDCWD<dir>, path)`, `renameat2(3<a>, x, 4<b>, y)`).
      const named = pathsOf(call, work);
      if (name === "unlink" || name === "unlinkat" || name === "rmdir") {
        const path = named.at(-1);
        if (path !== undefined) ran.removed.push(local(path));
      }
      // A link's target is where it points, not a path written (`symlink(target, link)`).
      const written = name === "symlink" || name === "symlinkat" ? named.slice(-1) : named;
      for (const p of written) ran.written.push(local(p));
    }
  }
  return ran;
}
