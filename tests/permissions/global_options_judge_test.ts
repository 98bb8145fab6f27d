/**
 * The global option table against the real programs: for every row, the program itself is run
 * with the options and a probe word in the subcommand's place, and it must say that it took
 * the probe as its subcommand (git's trace, an "unknown command" error naming the probe, the
 * probe's help), while skald's reading of the same words finds the probe as the subcommand.
 * The forms git refuses but skald reads anyway (the issue asks for them) are run too, and git
 * must refuse them. A program that is not installed is skipped, saying so.
 */

import assert from "node:assert/strict";
import { readCommand } from "../../lib/permissions/reading/command_reading.ts";
import { subcommandAliasGroups } from "../../lib/permissions/reading/subcommand_aliases.ts";

interface Judge {
  /** The words that stand for the subcommand (the first is what skald must find). */
  probe: string[];
  /** True when the output shows the program took the probe as its subcommand. */
  took: (out: string) => boolean;
  env?: Record<string, string>;
}

const JUDGES: Record<string, Judge> = {
  git: {
    probe: ["version"],
    took: (o) => o.includes("trace: built-in: git version"),
    env: { GIT_TRACE: "1" },
  },
  docker: { probe: ["skaldprobe"], took: (o) => o.includes("unknown command: docker skaldprobe") },
  podman: {
    probe: ["skaldprobe"],
    took: (o) => o.includes("unrecognized command `podman skaldprobe`"),
  },
  kubectl: { probe: ["explain", "--help"], took: (o) => o.includes("kubectl explain") },
  npm: { probe: ["skaldprobe"], took: (o) => o.includes('Unknown command: "skaldprobe"') },
  cargo: { probe: ["skaldprobe"], took: (o) => o.includes("no such command: `skaldprobe`") },
  terraform: {
    probe: ["skaldprobe"],
    took: (o) => o.includes('has no command named "skaldprobe"'),
  },
  make: { probe: ["skaldprobe"], took: (o) => o.includes("No rule to make target 'skaldprobe'") },
  gh: { probe: ["skaldprobe"], took: (o) => o.includes('unknown command "skaldprobe" for "gh"') },
  aws: {
    probe: ["s3", "skaldprobe"],
    took: (o) => o.includes("argument subcommand: Invalid choice"),
  },
  gcloud: { probe: ["skaldprobe"], took: (o) => o.includes("Invalid choice: 'skaldprobe'") },
};

/** `[program, options before the probe]`: each must be read the way the program reads it. */
const ROWS: { program: string; options: string[] }[] = [
  { program: "git", options: ["-C", "."] },
  { program: "git", options: ["-c", "k.v=1"] },
  { program: "git", options: ["--config-env", "k.v=HOME"] },
  { program: "git", options: ["--config-env=k.v=HOME"] },
  { program: "git", options: ["--git-dir", ".git"] },
  { program: "git", options: ["--git-dir=.git"] },
  { program: "git", options: ["--work-tree", "."] },
  { program: "git", options: ["--work-tree=."] },
  { program: "git", options: ["--namespace", "n"] },
  { program: "git", options: ["--namespace=n"] },
  { program: "git", options: ["--exec-path=/usr/lib/git-core"] },
  { program: "git", options: ["-p"] },
  { program: "git", options: ["--paginate"] },
  { program: "git", options: ["-P"] },
  { program: "git", options: ["--no-pager"] },
  { program: "git", options: ["--no-replace-objects"] },
  { program: "git", options: ["--literal-pathspecs"] },
  { program: "git", options: ["--glob-pathspecs"] },
  { program: "git", options: ["--noglob-pathspecs"] },
  { program: "git", options: ["--icase-pathspecs"] },
  { program: "git", options: ["--no-optional-locks"] },
  { program: "git", options: ["--bare"] },
  { program: "git", options: ["-C", ".", "-c", "a.b=c", "--no-pager"] },
  { program: "docker", options: ["--context", "default"] },
  { program: "docker", options: ["-c", "default"] },
  { program: "docker", options: ["--config", "/tmp"] },
  { program: "docker", options: ["-H", "tcp://127.0.0.1:1"] },
  { program: "docker", options: ["--host=tcp://127.0.0.1:1"] },
  { program: "docker", options: ["-l", "debug"] },
  { program: "docker", options: ["-Dl", "debug"] },
  { program: "docker", options: ["--tls", "--tlsverify"] },
  { program: "podman", options: ["--log-level", "error"] },
  { program: "podman", options: ["--root", "/tmp/skald-podman-root"] },
  { program: "kubectl", options: ["-n", "prod"] },
  { program: "kubectl", options: ["-nprod"] },
  { program: "kubectl", options: ["--namespace=prod"] },
  { program: "kubectl", options: ["--context", "c"] },
  { program: "kubectl", options: ["--kubeconfig", "/dev/null"] },
  { program: "kubectl", options: ["--cluster", "c", "--user", "u"] },
  { program: "kubectl", options: ["-s", "https://127.0.0.1:1"] },
  { program: "kubectl", options: ["--insecure-skip-tls-verify"] },
  { program: "npm", options: ["--prefix", "/tmp"] },
  { program: "npm", options: ["-C", "/tmp"] },
  { program: "npm", options: ["-w", "a"] },
  { program: "npm", options: ["--workspace=a"] },
  { program: "npm", options: ["-g"] },
  { program: "cargo", options: ["--config", "net.offline=true"] },
  { program: "cargo", options: ["-v", "--locked"] },
  { program: "terraform", options: ["-chdir=."] },
  { program: "make", options: ["-C", "."] },
  { program: "make", options: ["-f", "Makefile"] },
  { program: "make", options: ["--directory=."] },
  { program: "make", options: ["-j", "2"] },
  { program: "make", options: ["NAME=value"] },
  { program: "gh", options: ["-R", "o/r"] },
  { program: "gh", options: ["--repo", "o/r"] },
  { program: "aws", options: ["--profile", "p"] },
  { program: "aws", options: ["--region", "eu-west-1", "--output", "json"] },
  { program: "gcloud", options: ["--project", "p"] },
  { program: "gcloud", options: ["-q", "--verbosity", "error"] },
];

/** Forms the issue asks skald to read as git options, which git itself refuses. */
const GIT_REFUSES: string[][] = [["-C."], ["-ck.v=1"], ["--"], ["-Pp"]];

async function which(program: string): Promise<string | undefined> {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    const path = `${dir}/${program}`;
    try {
      const info = await Deno.stat(path);
      if (info.isFile && (info.mode ?? 0) & 0o111) return path;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

async function runProgram(program: string, args: string[], cwd: string, env = {}) {
  const out = await new Deno.Command(program, {
    args,
    cwd,
    env: { ...env, GH_TOKEN: "x", AWS_EC2_METADATA_DISABLED: "true", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
}

Deno.test("global options: the real programs take the probe as their subcommand", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "skald-judge-" });
  try {
    await Deno.writeTextFile(`${dir}/Makefile`, "all:\n\t@true\n");
    if (await which("git")) await runProgram("git", ["init", "-q"], dir);
    for (const program of Object.keys(JUDGES)) {
      const found = await which(program);
      await t.step({
        name: `${program}${found ? "" : " (not installed: skipped)"}`,
        ignore: found === undefined,
        fn: async () => {
          const judge = JUDGES[program]!;
          const rows = ROWS.filter((r) => r.program === program);
          await Promise.all(rows.map(async ({ options }) => {
            const words = [...options, ...judge.probe];
            const out = await runProgram(program, words, dir, judge.env);
            assert.ok(judge.took(out), `${program} ${words.join(" ")}: ${out.slice(0, 300)}`);
            const [reading] = readCommand([program, ...words]);
            assert.equal(
              reading?.positionals[0]?.word,
              judge.probe[0],
              `skald reads ${program} ${words.join(" ")}`,
            );
          }));
        },
      });
    }
    // Other names of a subcommand (two of each) show the first one's help (docker lists its
    // Aliases, npm and cargo print the command they run).
    for (const program of ["docker", "npm", "cargo"]) {
      const found = await which(program);
      await t.step({
        name: `${program}: subcommand names${found ? "" : " (not installed: skipped)"}`,
        ignore: found === undefined,
        fn: async () => {
          const groups = subcommandAliasGroups().filter((g) => g.program === program);
          await Promise.all(groups.flatMap(({ names }) =>
            names.slice(1, 3).map(async (name) => {
              const args = program === "cargo" ? ["help", ...name.split(" ")] : [
                ...name.split(" "),
                "--help",
              ];
              const out = await runProgram(program, args, dir);
              const first = `${program} ${names[0]}`;
              const shown = program === "cargo"
                ? out.includes(`cargo-${names[0]}`) || out.includes(`cargo ${names[0]}`)
                : out.includes(first);
              assert.ok(
                shown,
                `${program} ${name} --help does not show ${first}: ${out.slice(0, 200)}`,
              );
            })
          ));
        },
      });
    }
    const git = await which("git");
    await t.step({
      name: "git refuses -CDIR, -cK=V, -- and -Pp, which skald reads as options anyway",
      ignore: git === undefined,
      fn: async () => {
        for (const options of GIT_REFUSES) {
          const out = await runProgram("git", [...options, "version"], dir, { GIT_TRACE: "1" });
          assert.ok(out.includes("unknown option"), `git ${options.join(" ")}: ${out}`);
          assert.equal(
            readCommand(["git", ...options, "version"])[0]?.positionals[0]?.word,
            "version",
          );
        }
      },
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
