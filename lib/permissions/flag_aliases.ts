/**
 * Flag spellings: the long and short forms a program documents as one option (`rm -r`, `-R`,
 * `--recursive`; `git branch -D` is `--delete --force`), the options that take a value (so that
 * `-mfix` is `-m fix` and not `-m -f -i -x`), and how each program spells options at all
 * (short clusters, single-dash long options, abbreviated long options). Each entry names the
 * documentation it was checked against. Deny and ask rules read a command's options through
 * this table; allow rules never do. Pure data and lookups.
 *
XX
 *
 * @module
 */

// deno-fmt-ignore
const TABLE = `
# man rm (GNU coreutils 9.1): -r, -R, --recursive; -f, --force
rm
  -r -R --recursive
  -f --force
  -d --dir
  -v --verbose
# man cp (GNU coreutils 9.1): -a, --archive is -dR --preserve=all
cp
  -r -R --recursive
  -f --force
  -a --archive = --archive --recursive
  -v --verbose
  -n --no-clobber
  -u --update
  -l --link
  -s --symbolic-link
  values: -t|--target-directory -S|--suffix
# man mv (GNU coreutils 9.1)
mv
  -f --force
  -n --no-clobber
  -u --update
  -v --verbose
  values: -t|--target-directory -S|--suffix
# man chmod (GNU coreutils 9.1): -R, --recursive
chmod
  -R --recursive
  -c --changes
  -f --silent --quiet
  -v --verbose
# man chown (GNU coreutils 9.1): -R, --recursive
chown
  -R --recursive
  -c --changes
  -f --silent --quiet
  -v --verbose
# man chgrp (GNU coreutils 9.1): -R, --recursive
chgrp
  -R --recursive
  -c --changes
  -f --silent --quiet
  -v --verbose
# man sed (GNU sed 4.9): -i[SUFFIX], --in-place[=SUFFIX]
sed
  -n --quiet --silent
  -E -r --regexp-extended
  -s --separate
  -z --null-data
  values: -i|--in-place? -e|--expression -f|--file -l|--line-length
# man git-push (git 2.39): -f, --force; --force-with-lease overrides the same check; --mirror
# force-updates and deletes; --prune deletes; -d, --delete
git push
  -f --force --force-with-lease
  -d --delete
  --mirror = --mirror --force --delete
  --prune = --prune --delete
  -n --dry-run
  -u --set-upstream
  -q --quiet
  -v --verbose
  values: -o|--push-option --repo --receive-pack --exec
# man git-clean (git 2.39)
git clean
  -f --force
  -d
  -x
  -X
  -n --dry-run
  -i --interactive
  -q --quiet
  values: -e|--exclude
# man git-branch (git 2.39): -D is --delete --force, -M --move --force, -C --copy --force
git branch
  -d --delete
  -D = --delete --force
  -f --force
  -m --move
  -M = --move --force
  -c --copy
  -C = --copy --force
  -r --remotes
  -a --all
  -l --list
  -i --ignore-case
  -q --quiet
  -v --verbose
  values: -u|--set-upstream-to --sort --points-at --format
# man git-checkout and git-switch (git 2.39): -f, --force; git switch: '--force: an alias for
# --discard-changes'
git checkout
  -f --force --discard-changes
  -q --quiet
  -m --merge
  -p --patch
  -d --detach
  -t --track
  values: -b -B --orphan --conflict --pathspec-from-file
# man git-switch (git 2.39): -f, --force, an alias for --discard-changes
git switch
  -f --force --discard-changes
  -q --quiet
  -m --merge
  -d --detach
  -t --track
  values: -c|--create -C|--force-create --orphan --conflict
# man git-reset (git 2.39): --hard, --soft, --mixed, --merge, --keep have no short form
git reset
  -q --quiet
  -p --patch
  -N --intent-to-add
  values: --pathspec-from-file
# man git-commit (git 2.39): -n, --[no-]verify
git commit
  -n --no-verify
  -a --all
  -q --quiet
  -v --verbose
  -s --signoff
  -e --edit
  -p --patch
  -i --include
  -o --only
  -z --null
  values: -m|--message -F|--file -C|--reuse-message -c|--reedit-message -t|--template --author
  values: --date --fixup --squash --cleanup --trailer -u|--untracked-files? -S|--gpg-sign?
# man git-tag (git 2.39)
git tag
  -d --delete
  -f --force
  -a --annotate
  -s --sign
  -v --verify
  -l --list
  -e --edit
  -i --ignore-case
  values: -m|--message -F|--file -u|--local-user --sort --format --cleanup -n?
# man git-add (git 2.39)
git add
  -f --force
  -A --all --no-ignore-removal
  -n --dry-run
  -u --update
  -p --patch
  -i --interactive
  -e --edit
  -N --intent-to-add
  -v --verbose
  values: --chmod --pathspec-from-file
# man git-rm (git 2.39)
git rm
  -r
  -f --force
  -n --dry-run
  -q --quiet
  values: --pathspec-from-file
# man git-worktree (git 2.39)
git worktree
  -f --force
  -d --detach
  -n --dry-run
  -q --quiet
  -v --verbose
  values: -b -B --reason --expire
# man git-stash (git 2.39)
git stash
  -a --all
  -u --include-untracked
  -k --keep-index
  -p --patch
  -S --staged
  -q --quiet
  values: -m|--message --pathspec-from-file
# man git-fetch (git 2.39)
git fetch
  -f --force
  -p --prune
  -P --prune-tags
  -a --append
  -t --tags
  -n --no-tags
  -k --keep
  -u --update-head-ok
  -q --quiet
  -v --verbose
  values: -j|--jobs -o|--server-option --depth --upload-pack --refmap
# man git-pull (git 2.39): the fetch options, and -r, --rebase
git pull
  -f --force
  -p --prune
  -P --prune-tags
  -a --append
  -t --tags
  -n --no-tags
  -k --keep
  -u --update-head-ok
  -q --quiet
  -v --verbose
  -r --rebase
  values: -j|--jobs -o|--server-option --depth --upload-pack --refmap -s|--strategy
  values: -X|--strategy-option
# man git-rebase (git 2.39): --no-ff, --force-rebase, -f
git rebase
  -i --interactive
  -f --force-rebase --no-ff
  -m --merge
  -q --quiet
  -v --verbose
  -n --no-stat
  -r --rebase-merges
  values: -s|--strategy -X|--strategy-option -x|--exec --onto -S|--gpg-sign?
# 'docker rm --help' (Docker 28.2): -f, --force; -v, --volumes; 'podman rm --help'
docker rm, docker container rm, docker container remove, podman rm
  -f --force
  -v --volumes
  -l --link
# 'docker rmi --help' (Docker 28.2)
docker rmi, docker image rm, docker image remove, podman rmi
  -f --force
# 'docker system prune --help' (Docker 28.2): -a, --all; -f, --force
docker system prune, docker volume prune, docker image prune, podman system prune
  -a --all
  -f --force
  values: --filter
# 'docker run --help' (Docker 28.2)
docker run, docker container run, docker create, podman run
  -d --detach
  -i --interactive
  -t --tty
  -P --publish-all
  -q --quiet
  --rm
  --init
  --privileged
  --read-only
  --no-healthcheck
  --oom-kill-disable
  --sig-proxy
  --disable-content-trust
  --use-api-socket
  values: -v|--volume -e|--env --env-file -p|--publish --name -w|--workdir -u|--user --network
  values: --mount --entrypoint -l|--label -m|--memory --cpus -h|--hostname --add-host --device
  values: --cap-add --cap-drop --security-opt --platform --pull --restart --ulimit -a|--attach
  values: --gpus --ipc --pid --log-driver --log-opt --tmpfs --volumes-from --dns --expose
  values: --group-add --cidfile --label-file --link --runtime --shm-size --stop-signal
  values: --stop-timeout --userns --uts
# 'kubectl delete --help' (kubectl 1.32): -f is --filename, not force
kubectl delete
  -A --all-namespaces
  -i --interactive
  -R --recursive
  values: -f|--filename -l|--selector -k|--kustomize -o|--output --field-selector --grace-period
  values: --cascade --timeout --raw
# npm 11.19 shorthands (@npmcli/config definitions): -f --force, -g --global, ...
npm
  -f --force
  -g --global
  -D --save-dev
  -E --save-exact
  -S --save
  -O --save-optional
  -P --save-prod
  -y --yes
  -ws --workspaces
  values: -w|--workspace -C|--prefix --tag --otp --access --registry
# 'pnpm --help' (pnpm 12.21)
pnpm
  -r --recursive
  -w --workspace-root
  -g --global
  -D --save-dev
  -P --save-prod
  -O --save-optional
  -E --save-exact
  -f --force
  values: -F|--filter -C|--dir
# 'cargo help install', 'cargo help build' (cargo 1.9x)
cargo
  -q --quiet
  -v --verbose
  -r --release
  -f --force
  values: -p|--package -j|--jobs -F|--features --target --manifest-path --registry --token
# node --help (Node.js 20): -e, --eval=...; -p, --print [...]; -r, --require=...
node
  -c --check
  -i --interactive
  values: -e|--eval -p|--print -r|--require --import --loader
# man curl (curl 7.88)
curl
  -k --insecure
  -L --location
  -s --silent
  -S --show-error
  -f --fail
  -O --remote-name
  -I --head
  -i --include
  -v --verbose
  -G --get
  values: -X|--request -o|--output -d|--data --data-raw --data-binary -H|--header -u|--user
  values: -T|--upload-file -F|--form -x|--proxy -A|--user-agent -e|--referer -b|--cookie
  values: -c|--cookie-jar -K|--config -w|--write-out -m|--max-time -r|--range -C|--continue-at
  values: -E|--cert --url
`;

/** The flags of one command, ready for lookups. */
export interface FlagTable {
  /** The program and subcommand words it is for; `""` for a program without an entry. */
  command: string;
  /** Spelling -> the options it sets (`-D` -> `--delete`, `--force`). */
  sets: ReadonlyMap<string, readonly string[]>;
  /** Spelling -> how it takes a value (`-m`: the next word or the rest of the cluster). */
  values: ReadonlyMap<string, "value" | "optional">;
  /** Every spelling of each option, for abbreviations (`--recursive` -> `-r -R --recursive`). */
  spellings: ReadonlyMap<string, readonly string[]>;
}

/** Reads one entry of the text: its flag lines and value lines. */
function build(command: string, lines: readonly string[]): FlagTable {
  const sets = new Map<string, readonly string[]>();
  const spellings = new Map<string, string[]>();
  const values = new Map<string, "value" | "optional">();
  for (const line of lines) {
    if (line.startsWith("values: ")) {
      for (const v of line.slice(8).split(" ").filter((v) => v !== "")) {
        const optional = v.endsWith("?");
        const words = (optional ? v.slice(0, -1) : v).split("|");
        const id = words.find((w) => w.startsWith("--")) ?? words.at(-1)!;
        for (const w of words) {
          values.set(w, optional ? "optional" : "value");
          if (words.length > 1) sets.set(w, [id]);
        }
        if (words.length > 1) spellings.set(id, words);
      }
      continue;
    }
    const [names, implied] = line.split(" = ") as [string, string | undefined];
    const words = names.split(" ");
    const ids = implied === undefined
      ? [words.find((w) => w.startsWith("--")) ?? words.at(-1)!]
      : implied.split(" ");
    for (const w of words) sets.set(w, ids);
    for (const id of ids) {
      const list = spellings.get(id) ?? [];
      for (const w of words) if (!list.includes(w)) list.push(w);
      spellings.set(id, list);
    }
  }
  return { command, sets, values, spellings };
}

/** The text's entries: the commands each is for, and its lines (read once, when needed). */
const ENTRIES: { commands: string[]; lines: string[] }[] = [];

function entries(): { commands: string[]; lines: string[] }[] {
  const out = ENTRIES;
  if (out.length > 0) return out;
  for (const line of TABLE.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("  ")) out.at(-1)!.lines.push(line.trim());
    else out.push({ commands: line.split(", "), lines: [] });
  }
  return out;
}

/**
 * The tables looked up so far (null: no entry). Most hook calls need none, so an entry is read
 * when first looked up: a memo of a pure function of constant data, which changes no answer.
 */
const TABLES = new Map<string, FlagTable | null>();
const EMPTY: FlagTable = { command: "", sets: new Map(), values: new Map(), spellings: new Map() };

function tableOf(command: string): FlagTable | undefined {
  const known = TABLES.get(command);
  if (known !== undefined) return known ?? undefined;
  const entry = entries().find((e) => e.commands.includes(command));
  const table = entry === undefined ? null : build(command, entry.lines);
  TABLES.set(command, table);
  return table ?? undefined;
}

/**
 * The flag table of a command: the entry of its program and the most subcommand words
 * (`git push origin` -> `git push`), else the program's own, else an empty one.
 *
 * @param program the program's name
 * @param words the positional words after it
 * @returns the table
 */
export function flagTable(program: string, words: readonly (string | null)[]): FlagTable {
  for (let n = Math.min(words.length, 3); n > 0; n--) {
    const sub = words.slice(0, n);
    if (sub.some((w) => w === null)) continue;
    const found = tableOf([program, ...sub].join(" "));
    if (found !== undefined) return found;
  }
  return tableOf(program) ?? EMPTY;
}

/**
 * Programs whose options are single-dash words, never clusters: `find -delete`, Go's flag
 * package (`terraform apply -auto-approve`, where `--auto-approve` is the same option).
 */
export const SINGLE_DASH: ReadonlySet<string> = new Set([
  "find",
  "terraform",
  "tofu",
  "go",
  "java",
]);

/**
 * Commands that read their own options only up to their first operand, whose later words go
 * to what they run: `node [options] [script.js] [arguments]` and `python [option] ... [-c cmd
 * | -m mod | file] [arg]` (their --help), `perl`, `ruby`, `ssh destination [command]`,
 * `docker run [OPTIONS] IMAGE [COMMAND] [ARG...]` and `exec` (docker run --help), podman's.
 * After that operand a rule's option word is not looked for: `node app.js -e` is not `node -e`.
 */
export const STOPS_AT_OPERAND: ReadonlySet<string> = new Set([
  "node",
  "python",
  "python3",
  "perl",
  "ruby",
  "ssh",
  "docker run",
  "docker exec",
  "docker create",
  "podman run",
  "podman exec",
]);

/**
 * Programs that take an unambiguous prefix of a long option for the option (`rm --rec`,
 * `git reset --har`): GNU getopt_long (coreutils, sed, tar), git's parse-options, npm's nopt.
 */
export const ABBREVIATES: ReadonlySet<string> = new Set([
  "git",
  "rm",
  "cp",
  "mv",
  "ln",
  "chmod",
  "chown",
  "chgrp",
  "shred",
  "truncate",
  "sed",
  "tar",
  "install",
  "mkdir",
  "rmdir",
  "touch",
  "sort",
  "npm",
]);

/**
 * Every command with an entry, for the README and the tests.
 *
 * @returns the commands, in table order
 */
export function flagTableCommands(): string[] {
  return entries().flatMap((e) => e.commands);
}

/**
 * Programs that send a signal, named by number or name in several spellings (`kill -9`,
 * `-KILL`, `-SIGKILL`, `-s KILL`, `--signal=9`): man kill (util-linux 2.38) and bash's `help
 * kill` (`-n NUM` too), man pkill (procps 4.0) and killall (psmisc 23.6).
 */
export const SIGNALLERS: ReadonlySet<string> = new Set(["kill", "pkill", "killall"]);

/** Signal numbers of Linux (signal(7)), by their name without `SIG`. */
export const SIGNAL_NUMBERS: ReadonlyMap<string, string> = new Map([
  ["1", "HUP"],
  ["2", "INT"],
  ["3", "QUIT"],
  ["4", "ILL"],
  ["5", "TRAP"],
  ["6", "ABRT"],
  ["7", "BUS"],
  ["8", "FPE"],
  ["9", "KILL"],
  ["10", "USR1"],
  ["11", "SEGV"],
  ["12", "USR2"],
  ["13", "PIPE"],
  ["14", "ALRM"],
  ["15", "TERM"],
  ["17", "CHLD"],
  ["18", "CONT"],
  ["19", "STOP"],
  ["20", "TSTP"],
]);

/**
 * The name a signal spelling stands for: `9`, `KILL`, `SIGKILL`, `kill` are `KILL`.
 *
 * @param spelling a number or a name, with or without `SIG`, any case
 * @returns the name, or undefined when it is not a signal
 */
export function signalName(spelling: string): string | undefined {
  const n = SIGNAL_NUMBERS.get(spelling);
  if (n !== undefined) return n;
  const up = spelling.toUpperCase().replace(/^SIG/, "");
  return [...SIGNAL_NUMBERS.values()].includes(up) ? up : undefined;
}
