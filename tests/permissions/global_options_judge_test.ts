/**
 * The global option table against the real programs: for every row, the program itself is run
 * with the options and a probe word in the subcommand's place, and it must say that it took
 * the probe as its subcommand (git's trace, an "unknown command" error naming the probe, the
 * probe's help), while skald's reading of the same words finds the probe as the subcommand.
 * The forms git refuses but skald reads anyway (the issue asks for them) are run too, and git
 * must refuse them. A program that is not installed is skipped, saying so.
 */

import assert from "node:assert/strict";
import { readCommand } from "../../lib/permissions/command_reading.ts";
import { subcommandAliasGroups } from "../../lib/permissions/subcommand_aliases.ts";

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
const ROWS: [string, string[]][] = [
  ["git", ["-C", "."]],
  ["git", ["-c", "k.v=1"]],
  ["git", ["--config-env", "k.v=HOME"]],
  ["git", ["--config-env=k.v=HOME"]],
  ["git", ["--git-dir", ".git"]],
  ["git", ["--git-dir=.git"]],
  ["git", ["--work-tree", "."]],
  ["git", ["--work-tree=."]],
  ["git", ["--namespace", "n"]],
  ["git", ["--namespace=n"]],
  ["git", ["--exec-path=/usr/lib/git-core"]],
  ["git", ["-p"]],
  ["git", ["--paginate"]],
  ["git", ["-P"]],
  ["git", ["--no-pager"]],
  ["git", ["--no-replace-objects"]],
  ["git", ["--literal-pathspecs"]],
  ["git", ["--glob-pathspecs"]],
  ["git", ["--noglob-pathspecs"]],
  ["git", ["--icase-pathspecs"]],
  ["git", ["--no-optional-locks"]],
  ["git", ["--bare"]],
  ["git", ["-C", ".", "-c", "a.b=c", "--no-pager"]],
  ["docker", ["--context", "default"]],
  ["docker", ["-c", "default"]],
  ["docker", ["--config", "/tmp"]],
  ["docker", ["-H", "tcp://127.0.0.1:1"]],
  ["docker", ["--host=tcp://127.0.0.1:1"]],
  ["docker", ["-l", "debug"]],
  ["docker", ["-Dl", "debug"]],
  ["docker", ["--tls", "--tlsverify"]],
  ["podman", ["--log-level", "error"]],
  ["podman", ["--root", "/tmp/skald-podman-root"]],
  ["kubectl", ["-n", "prod"]],
  ["kubectl", ["-nprod"]],
  ["kubectl", ["--namespace=prod"]],
  ["kubectl", ["--context", "c"]],
  ["kubectl", ["--kubeconfig", "/dev/null"]],
  ["kubectl", ["--cluster", "c", "--user", "u"]],
  ["kubectl", ["-s", "https://127.0.0.1:1"]],
  ["kubectl", ["--insecure-skip-tls-verify"]],
  ["npm", ["--prefix", "/tmp"]],
  ["npm", ["-C", "/tmp"]],
  ["npm", ["-w", "a"]],
  ["npm", ["--workspace=a"]],
  ["npm", ["-g"]],
  ["cargo", ["--config", "net.offline=true"]],
  ["cargo", ["-v", "--locked"]],
  ["terraform", ["-chdir=."]],
  ["make", ["-C", "."]],
  ["make", ["-f", "Makefile"]],
  ["make", ["--directory=."]],
  ["make", ["-j", "2"]],
  ["make", ["NAME=value"]],
  ["gh", ["-R", "o/r"]],
  ["gh", ["--repo", "o/r"]],
  ["aws", ["--profile", "p"]],
  ["aws", ["--region", "eu-west-1", "--output", "json"]],
  ["gcloud", ["--project", "p"]],
  ["gcloud", ["-q", "--verbosity", "error"]],
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
          const rows = ROWS.filter(([p]) => p === program);
          await Promise.all(rows.map(async ([, options]) => {
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
