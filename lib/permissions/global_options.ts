/**
 * The options a program takes before its subcommand (`git -C DIR push`, `kubectl -n NS delete`),
 * each checked against the program's own documentation (the `source` of each entry). A deny or
 * ask rule's words are held against a command's words with these taken off: `Bash(git push:*)`
 * denies `git -C x push`. Allow rules never use this table: they cover a command as written.
 * Pure data and one lookup.
 *
 * Each spelling is followed by how it takes a value: `=` a required value (the next word,
 * `--name=value`, or glued to a short option: `-Cdir`), `?` an optional value (only glued or
 * after `=`: `--exec-path=/x`), `~` a value that is the next word when that is a number (make's
 * `-j 4`), nothing: a flag.
 *
 * @module
 */

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
  /** Where the list was checked. */
  source: string;
}

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

const KUBECTL = {
  position: "anywhere",
  style: "getopt",
  options: table(`
    --as= --as-group= --as-uid= --cache-dir= --certificate-authority= --client-certificate=
    --client-key= --cluster= --context= --disable-compression --insecure-skip-tls-verify
    --kubeconfig= --log-flush-frequency= --match-server-version -n|--namespace= --password=
    --profile= --profile-output= --request-timeout= -s|--server= --tls-server-name= --token=
    --user= --username= -v|--v= --vmodule= --warnings-as-errors
    --log-dir= --log-file= --log-file-max-size= --logtostderr --alsologtostderr
    --one-output --skip-headers --skip-log-headers --stderrthreshold= --add-dir-header
  `),
  source: "`kubectl options` (kubectl 1.32); oc is built on kubectl and takes the same ones " +
    "(OpenShift CLI reference, `oc options`)",
} as const satisfies ProgramOptions;

const DOCKER = {
  position: "before",
  style: "getopt",
  options: table(`
    --config= -c|--context= -D|--debug -H|--host= -l|--log-level= --tls --tlscacert=
    --tlscert= --tlskey= --tlsverify
  `),
  source: "`docker --help`, Global Options (Docker 28.2)",
} as const satisfies ProgramOptions;

const PODMAN = {
  position: "anywhere",
  style: "getopt",
  options: table(`
    --cgroup-manager= --conmon= -c|--connection= --events-backend= --hooks-dir= --identity=
    --log-level= --namespace= --network-cmd-path= --network-config-dir= --noout -r|--remote
    --root= --runroot= --runtime= --runtime-flag= --ssh= --storage-driver= --storage-opt=
    --syslog --tmpdir= --url= --volumepath= --config= --module= --out= --imagestore=
    --db-backend= --cdi-spec-dir= --transient-store
  `),
  source: "`podman --help` (podman 4.3.1); --config, --module, --out, --imagestore, " +
    "--db-backend, --cdi-spec-dir, --transient-store from podman(1) of podman 5",
} as const satisfies ProgramOptions;

const NPM = {
  position: "anywhere",
  style: "getopt",
  options: table(`
    -C|--prefix= -w|--workspace= -ws|--workspaces -g|--global -f|--force -y|--yes -d -dd -ddd
    -q|--quiet -s|--silent --loglevel= --userconfig= --globalconfig= --registry= --cache=
    --tag= --otp= --scope= --access= --script-shell= --omit= --include= -L|--location=
    --before= -c|--call= -iwr|--include-workspace-root --if-present --ignore-scripts
    --dry-run --json --parseable -p -l|--long --no-global --local --offline --prefer-offline
    --prefer-online --foreground-scripts --no-audit --no-fund --legacy-peer-deps
  `),
  source: "npm 11.19 config definitions and shorthands (`npm help config`; " +
    "@npmcli/config definitions): every config may stand anywhere",
} as const satisfies ProgramOptions;

const MAKE = {
  position: "anywhere",
  style: "getopt",
  options: table(`
    -C|--directory= -f|--file|--makefile= -I|--include-dir= -j~ --jobs? -l~ --load-average?
    --max-load? -o|--old-file|--assume-old= -W|--what-if|--new-file|--assume-new= -O?
    --output-sync? --debug? -d -e|--environment-overrides -E|--eval= -i|--ignore-errors
    -k|--keep-going -S|--no-keep-going|--stop -L|--check-symlink-times
    -n|--just-print|--dry-run|--recon -p|--print-data-base -q|--question
    -r|--no-builtin-rules -R|--no-builtin-variables -s|--silent|--quiet --no-silent
    -t|--touch --trace -w|--print-directory --no-print-directory --warn-undefined-variables
    -B|--always-make --jobserver-style= --shuffle? -b -m
  `),
  assignments: true,
  targets: true,
  source: "make --help (GNU Make 4.3) and the GNU Make manual, 'Options Summary': options " +
    "stand anywhere, `NAME=value` sets a variable, every other word is a target",
} as const satisfies ProgramOptions;

/** Every program with a table, by the name it is called as. */
const PROGRAMS: Readonly<Record<string, ProgramOptions>> = {
  git: {
    position: "before",
    style: "getopt",
    options: table(`
      -C= -c= --config-env= --exec-path? --html-path --man-path --info-path -p|--paginate -P|--no-pager
      --no-replace-objects --no-lazy-fetch --bare --git-dir= --work-tree=
      --namespace= --super-prefix= --literal-pathspecs --no-literal-pathspecs --glob-pathspecs
      --noglob-pathspecs --icase-pathspecs --no-optional-locks --shallow-file= --list-cmds=
      --attr-source= --no-advice
    `),
    commands: { "--version": "version", "-v": "version", "--help": "help", "-h": "help" },
    source: "man git (git 2.39) and git.c handle_options() (git 2.5x: --attr-source, " +
      "--no-advice, --no-lazy-fetch, --shallow-file); `-CDIR`, `-cK=V`, `-Pp` and `--` are " +
      "not accepted by git (it stops with 'unknown option') and are read as options anyway",
  },
  docker: DOCKER,
  podman: PODMAN,
  kubectl: KUBECTL,
  oc: KUBECTL,
  helm: {
    position: "anywhere",
    style: "getopt",
    options: table(`
      --burst-limit= --debug --kube-apiserver= --kube-as-group= --kube-as-user= --kube-ca-file=
      --kube-context= --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token=
      --kubeconfig= -n|--namespace= --qps= --registry-config= --repository-cache=
      --repository-config= --color= --colour= --content-cache=
    `),
    source: "helm docs, 'Options inherited from parent commands' (helm.sh/docs/helm, Helm 3 " +
      "and 4: --color, --colour, --content-cache are Helm 4)",
  },
  npm: NPM,
  pnpm: {
    position: "anywhere",
    style: "getopt",
    options: table(`
      -C|--dir= -w|--workspace-root -F|--filter= --filter-prod= -r|--recursive -y|--yes
      --env-file= --store-dir= --state-dir= --npmrc-auth-file= --userconfig= --ignore-workspace
      --workspace-packages= --registry= --https-proxy= --http-proxy= --no-proxy= --color?
      --no-color --reporter= --loglevel= --no-progress --stream --aggregate-output --use-stderr
      --fail-if-no-match --no-fail-if-no-match --include-workspace-root
      --no-include-workspace-root --test-pattern= --changed-files-ignore-pattern= --sort
      --no-sort --reverse --workspace-concurrency= --parallel -s|--silent
    `),
    source: "`pnpm --help` (pnpm 12.21): '-C, --dir: accepted anywhere on the command line'",
  },
  yarn: {
    position: "anywhere",
    style: "getopt",
    options: table(`
      --cwd= --cache-folder= --global-folder= --link-folder= --modules-folder= --mutex=
      --network-concurrency= --network-timeout= --otp= --preferred-cache-folder= --proxy=
      --https-proxy= --registry= --use-yarnrc= --emoji? --check-files --disable-pnp
      --enable-pnp --pnp --flat --focus --force --frozen-lockfile --har --ignore-engines
      --ignore-optional --ignore-platform --ignore-scripts --json --link-duplicates
      --no-bin-links --no-default-rc --no-lockfile --non-interactive --no-node-version-check
      --no-progress --offline --prefer-offline --prod? --production? --pure-lockfile -s|--silent
      --scripts-prepend-node-path? --skip-integrity-check --strict-semver
      --update-checksums --verbose
    `),
    source: "`yarn --help` (yarn 1.22.22)",
  },
  cargo: {
    position: "before",
    style: "getopt",
    options: table(`
      -C= -Z= --config= -v|--verbose -vv -q|--quiet --color= --locked --offline --frozen
    `),
    plusFirst: true,
    source: "`cargo --help` (cargo 1.9x): 'cargo [+toolchain] [OPTIONS] [COMMAND]'",
  },
  terraform: {
    position: "before",
    style: "go",
    options: table(`-chdir=`),
    source: "`terraform -help` (Terraform 1.11): 'Global options (use these before the " +
      "subcommand)': only -chdir=DIR, with its equals sign",
  },
  tofu: {
    position: "before",
    style: "go",
    options: table(`-chdir=`),
    source: "OpenTofu follows `terraform -help`: -chdir=DIR",
  },
  make: MAKE,
  gmake: { ...MAKE, source: "GNU Make under its other name (see make)" },
  gh: {
    position: "anywhere",
    style: "getopt",
    options: table(`-R|--repo=`),
    source: "gh help (gh 2.23): `-R, --repo [HOST/]OWNER/REPO` is inherited by the repository " +
      "commands and read before the command group too (`gh -R o/r pr close 1` runs)",
  },
  aws: {
    position: "anywhere",
    style: "getopt",
    options: table(`
      --debug --endpoint-url= --no-verify-ssl --no-paginate --output= --query= --profile=
      --region= --version --color= --no-sign-request --ca-bundle= --cli-read-timeout=
      --cli-connect-timeout= --cli-binary-format= --no-cli-pager --cli-auto-prompt
      --no-cli-auto-prompt --v2-debug
    `),
    source: "`aws help`, GLOBAL OPTIONS (aws-cli 1.45); --cli-binary-format, --no-cli-pager " +
      "and the auto-prompt options are aws-cli 2's",
  },
  gcloud: {
    position: "anywhere",
    style: "getopt",
    options: table(`
      --account= --billing-project= --configuration= --flags-file= --flatten= --format=
      --project= -q|--quiet --verbosity= --access-token-file= --impersonate-service-account=
      --log-http --no-log-http --trace-token= --user-output-enabled --no-user-output-enabled
      --universe-domain=
    `),
    source: "`gcloud help`, GLOBAL FLAGS (Google Cloud SDK 528)",
  },
};

/**
 * The global options of a program, by the name it is called as.
 *
 * @param name the command's name (the last part of its path)
 * @returns its table, or undefined for a program without one
 */
export function globalOptions(name: string): ProgramOptions | undefined {
  return Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : undefined;
}

/**
 * Every program with a table, for the README and the tests.
 *
 * @returns the names, sorted
 */
export function globalOptionPrograms(): string[] {
  return Object.keys(PROGRAMS).sort();
}
