/**
 * The options a program takes before its subcommand (`git -C DIR push`, `kubectl -n NS delete`),
 * each checked against the program's own documentation (the `source` of each entry). A deny or
 * ask rule's words are held against a command's words with these taken off: `Bash(git push:*)`
 * denies `git -C x push`. Allow rules never use this table: they cover a command as written.
 * Pure data and one lookup.
 *
 * The table is text, read when a program is first looked up (most hook calls need none, and a
 * string costs the hook's start-up next to nothing). Each entry: `# ` lines name the
 * documentation it was checked against; `names: position style traits` (`before` the
 * subcommand only or `anywhere`; `getopt` or Go's `go` spelling; `plus-first` for cargo's
 * `+toolchain`, `assignments` for make's `NAME=value`, `targets` when every positional word is
 * run, `spec` when the options are the program's spec's, `lib/programs/`); then indented lines of
 * options (`commands:` maps an option that stands for a subcommand). Each spelling is followed by how it takes a value: `=` a required value (the next word,
 * `--name=value`, or glued to a short option: `-Cdir`), `?` an optional value (only glued or
 * after `=`: `--exec-path=/x`), `~` a value that is the next word when that is a number (make's
 * `-j 4`), nothing: a flag.
 *
 * @module
 */

import { programSpec } from "../../programs/lookup.ts";

/** How an option takes its value. */
export type Arity = "flag" | "value" | "optional" | "maybe";

/** One global option: how it takes a value, and the name it is known by (its last spelling). */
export interface GlobalOption {
  arity: Arity;
  id: string;
}

/** The global options of one program (or of programs built alike: `kubectl` and `oc`). */
export interface ProgramOptions {
  /** Where they may stand: before the subcommand only, or anywhere among the words. */
  position: "before" | "anywhere";
  /**
   * How option words are spelled: `getopt` (short clusters `-qf`, glued values `-Cdir`,
   * `--name=value`), `go` (Go's flag package: `-name=value`, no clusters).
   */
  style: "getopt" | "go";
  /** Every spelling, with how it takes a value and the option it is. */
  options: ReadonlyMap<string, GlobalOption>;
  /** `+toolchain` as the first word selects a toolchain (cargo through rustup). */
  plusFirst?: boolean;
  /** Options that stand for a subcommand before it (`git --version` runs `git version`). */
  commands?: Readonly<Record<string, string>>;
  /** `NAME=value` words set variables and are not arguments (make). */
  assignments?: boolean;
  /** Every positional word is a target the program runs (make): each is tried as the subcommand. */
  targets?: boolean;
}

// deno-fmt-ignore
const TABLE = `
# git's global options are its spec's (lib/programs/git.ts, from man git and git.c
# handle_options()); '-CDIR', '-cK=V', '-Pp' and '--' are not accepted by git (it stops with
# 'unknown option') and are read as options anyway; the options that run a subcommand (git.c)
git: before getopt spec
  commands: --version=version -v=version --help=help -h=help
# 'docker --help', Global Options (Docker 28.2)
docker: before getopt
  --config= -c|--context= -D|--debug -H|--host= -l|--log-level= --tls --tlscacert= --tlscert=
  --tlskey= --tlsverify
# 'podman --help' (podman 4.3.1); --config, --module, --out, --imagestore, --db-backend,
# --cdi-spec-dir, --transient-store from podman(1) of podman 5
podman: anywhere getopt
  --cgroup-manager= --conmon= -c|--connection= --events-backend= --hooks-dir= --identity=
  --log-level= --namespace= --network-cmd-path= --network-config-dir= --noout -r|--remote --root=
  --runroot= --runtime= --runtime-flag= --ssh= --storage-driver= --storage-opt= --syslog --tmpdir=
  --url= --volumepath= --config= --module= --out= --imagestore= --db-backend= --cdi-spec-dir=
  --transient-store
# 'kubectl options' (kubectl 1.32); oc is built on kubectl and takes the same ones (OpenShift
# CLI reference, 'oc options')
kubectl, oc: anywhere getopt
  --as= --as-group= --as-uid= --cache-dir= --certificate-authority= --client-certificate=
  --client-key= --cluster= --context= --disable-compression --insecure-skip-tls-verify
  --kubeconfig= --log-flush-frequency= --match-server-version -n|--namespace= --password=
  --profile= --profile-output= --request-timeout= -s|--server= --tls-server-name= --token= --user=
  --username= -v|--v= --vmodule= --warnings-as-errors --log-dir= --log-file= --log-file-max-size=
  --logtostderr --alsologtostderr --one-output --skip-headers --skip-log-headers
  --stderrthreshold= --add-dir-header
# helm docs, 'Options inherited from parent commands' (helm.sh/docs/helm, Helm 3 and 4: --color,
# --colour, --content-cache are Helm 4)
helm: anywhere getopt
  --burst-limit= --debug --kube-apiserver= --kube-as-group= --kube-as-user= --kube-ca-file=
  --kube-context= --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token=
  --kubeconfig= -n|--namespace= --qps= --registry-config= --repository-cache= --repository-config=
  --color= --colour= --content-cache=
# npm 11.19 config definitions and shorthands ('npm help config'; @npmcli/config definitions):
# every config may stand anywhere
npm: anywhere getopt
  -C|--prefix= -w|--workspace= -ws|--workspaces -g|--global -f|--force -y|--yes -d -dd -ddd
  -q|--quiet -s|--silent --loglevel= --userconfig= --globalconfig= --registry= --cache= --tag=
  --otp= --scope= --access= --script-shell= --omit= --include= -L|--location= --before= -c|--call=
  -iwr|--include-workspace-root --if-present --ignore-scripts --dry-run --json --parseable -p
  -l|--long --no-global --local --offline --prefer-offline --prefer-online --foreground-scripts
  --no-audit --no-fund --legacy-peer-deps
# 'pnpm --help' (pnpm 12.21): '-C, --dir: accepted anywhere on the command line'
pnpm: anywhere getopt
  -C|--dir= -w|--workspace-root -F|--filter= --filter-prod= -r|--recursive -y|--yes --env-file=
  --store-dir= --state-dir= --npmrc-auth-file= --userconfig= --ignore-workspace
  --workspace-packages= --registry= --https-proxy= --http-proxy= --no-proxy= --color? --no-color
  --reporter= --loglevel= --no-progress --stream --aggregate-output --use-stderr
  --fail-if-no-match --no-fail-if-no-match --include-workspace-root --no-include-workspace-root
  --test-pattern= --changed-files-ignore-pattern= --sort --no-sort --reverse
  --workspace-concurrency= --parallel -s|--silent
# 'yarn --help' (yarn 1.22.22)
yarn: anywhere getopt
  --cwd= --cache-folder= --global-folder= --link-folder= --modules-folder= --mutex=
  --network-concurrency= --network-timeout= --otp= --preferred-cache-folder= --proxy=
  --https-proxy= --registry= --use-yarnrc= --emoji? --check-files --disable-pnp --enable-pnp --pnp
  --flat --focus --force --frozen-lockfile --har --ignore-engines --ignore-optional
  --ignore-platform --ignore-scripts --json --link-duplicates --no-bin-links --no-default-rc
  --no-lockfile --non-interactive --no-node-version-check --no-progress --offline --prefer-offline
  --prod? --production? --pure-lockfile -s|--silent --scripts-prepend-node-path?
  --skip-integrity-check --strict-semver --update-checksums --verbose
# 'cargo --help' (cargo 1.9x): 'cargo [+toolchain] [OPTIONS] [COMMAND]'
cargo: before getopt plus-first
  -C= -Z= --config= -v|--verbose -vv -q|--quiet --color= --locked --offline --frozen
# 'terraform -help' (Terraform 1.11): 'Global options (use these before the subcommand)': only
# -chdir=DIR, with its equals sign
terraform: before go
  -chdir=
# OpenTofu follows 'terraform -help': -chdir=DIR
tofu: before go
  -chdir=
# make --help (GNU Make 4.3) and the GNU Make manual, 'Options Summary': options stand anywhere,
# 'NAME=value' sets a variable, every other word is a target; gmake is GNU Make's other name
make, gmake: anywhere getopt assignments targets
  -C|--directory= -f|--file|--makefile= -I|--include-dir= -j~ --jobs? -l~ --load-average?
  --max-load? -o|--old-file|--assume-old= -W|--what-if|--new-file|--assume-new= -O? --output-sync?
  --debug? -d -e|--environment-overrides -E|--eval= -i|--ignore-errors -k|--keep-going
  -S|--no-keep-going|--stop -L|--check-symlink-times -n|--just-print|--dry-run|--recon
  -p|--print-data-base -q|--question -r|--no-builtin-rules -R|--no-builtin-variables
  -s|--silent|--quiet --no-silent -t|--touch --trace -w|--print-directory --no-print-directory
  --warn-undefined-variables -B|--always-make --jobserver-style= --shuffle? -b -m
# gh help (gh 2.23): '-R, --repo [HOST/]OWNER/REPO' is inherited by the repository commands and
# read before the command group too ('gh -R o/r pr close 1' runs)
gh: anywhere getopt
  -R|--repo=
# 'aws help', GLOBAL OPTIONS (aws-cli 1.45); --cli-binary-format, --no-cli-pager and the
# auto-prompt options are aws-cli 2's
aws: anywhere getopt
  --debug --endpoint-url= --no-verify-ssl --no-paginate --output= --query= --profile= --region=
  --version --color= --no-sign-request --ca-bundle= --cli-read-timeout= --cli-connect-timeout=
  --cli-binary-format= --no-cli-pager --cli-auto-prompt --no-cli-auto-prompt --v2-debug
# 'gcloud help', GLOBAL FLAGS (Google Cloud SDK 528)
gcloud: anywhere getopt
  --account= --billing-project= --configuration= --flags-file= --flatten= --format= --project=
  -q|--quiet --verbosity= --access-token-file= --impersonate-service-account= --log-http
  --no-log-http --trace-token= --user-output-enabled --no-user-output-enabled --universe-domain=
`;

/** `-n|--namespace=`: spellings of one option joined by `|`, then how it takes a value. */
function table(spec: string): ReadonlyMap<string, GlobalOption> {
  const out = new Map<string, GlobalOption>();
  for (const item of spec.trim().split(/\s+/)) {
    const last = item.at(-1)!;
    const arity: Arity = last === "="
      ? "value"
      : last === "?"
      ? "optional"
      : last === "~"
      ? "maybe"
      : "flag";
    const names = (arity === "flag" ? item : item.slice(0, -1)).split("|");
    for (const n of names) out.set(n, { arity, id: names.at(-1)! });
  }
  return out;
}

/** The programs of the text, each with its header and option lines (read once, when needed). */
const INDEX = new Map<string, { header: string; lines: string[] }>();

function programs(): Map<string, { header: string; lines: string[] }> {
  const out = INDEX;
  if (out.size > 0) return out;
  let current: { header: string; lines: string[] } | undefined;
  for (const line of TABLE.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("  ")) {
      current!.lines.push(line.trim());
      continue;
    }
    const [names, header] = line.split(": ") as [string, string];
    current = { header, lines: [] };
    for (const name of names.split(", ")) out.set(name, current);
  }
  return out;
}

/**
 * The options of a program's spec (`lib/programs/`), written as this table writes them: each
 * option's spellings joined by `|`, `=` for a required value, `?` for an optional one; the
 * spellings that stand for a subcommand left out.
 */
function fromSpec(name: string, commands: Readonly<Record<string, string>>): string[] {
  const spec = programSpec(name);
  if (spec === undefined) throw new Error(`Global options: "${name}" has no spec`);
  return spec.options.flatMap((o) => {
    const names = o.names.filter((n) => !Object.hasOwn(commands, n));
    if (names.length === 0) return [];
    const mark = o.arity.kind === "none" ? "" : o.arity.kind === "optional" ? "?" : "=";
    return [names.join("|") + mark];
  });
}

/** Reads one program's entry. */
function build(name: string, header: string, lines: readonly string[]): ProgramOptions {
  const [position, style, ...traits] = header.split(" ");
  const commands: Record<string, string> = {};
  const specs: string[] = [];
  for (const line of lines) {
    if (!line.startsWith("commands: ")) specs.push(line);
    else {
      for (const pair of line.slice(10).split(" ")) {
        const [option, command] = pair.split("=") as [string, string];
        commands[option] = command;
      }
    }
  }
  if (traits.includes("spec")) specs.push(...fromSpec(name, commands));
  return {
    position: position === "anywhere" ? "anywhere" : "before",
    style: style === "go" ? "go" : "getopt",
    options: table(specs.join(" ")),
    ...(Object.keys(commands).length > 0 ? { commands } : {}),
    ...(traits.includes("plus-first") ? { plusFirst: true } : {}),
    ...(traits.includes("assignments") ? { assignments: true } : {}),
    ...(traits.includes("targets") ? { targets: true } : {}),
  };
}

/**
 * The tables looked up so far. Most hook calls need none, so a table is read from its spec
 * when first looked up: a memo of a pure function of constant data, which changes no answer.
 */
const BUILT = new Map<string, ProgramOptions>();

/**
 * The global options of a program, by the name it is called as.
 *
 * @param name the command's name (the last part of its path)
 * @returns its table, or undefined for a program without one
 */
export function globalOptions(name: string): ProgramOptions | undefined {
  const built = BUILT.get(name);
  if (built !== undefined) return built;
  const entry = programs().get(name);
  if (entry === undefined) return undefined;
  const options = build(name, entry.header, entry.lines);
  BUILT.set(name, options);
  return options;
}

/**
 * Every program with a table, for the docs and the tests.
 *
 * @returns the names, sorted
 */
export function globalOptionPrograms(): string[] {
  return [...programs().keys()].sort();
}
