/**
 * The table of every command Claude Code runs without a rule: for each, how its options and
 * operands are checked (see `Spec`). A command not in the table needs a rule.
 *
 * @module
 */

import type { CommandDefault, CommandPathContext } from "./command_default.ts";
import {
  type AnySpec,
  type FlagsSpec,
  type Operands,
  OPTION,
  opts,
  other,
  set,
  type Spec,
} from "./_spec.ts";
import { _operands } from "./_paths.ts";
import { _cd, _printf, _test } from "./_builtins.ts";
import { _find, _jq, _uniq } from "./_readers.ts";
import { _sed } from "./_sed.ts";
import { gitSpec } from "./_git.ts";
import { _copy, _mkdir, _remove, _touch } from "./_edit.ts";

const any = (operands: Operands, verb?: string, extra: Partial<AnySpec> = {}): AnySpec => ({
  kind: "any",
  operands,
  verb,
  ...extra,
});
const flags = (options: string, operands: Operands, extra: Partial<FlagsSpec> = {}): FlagsSpec => ({
  kind: "flags",
  options: opts(options),
  operands,
  ...extra,
});
const special = (classify: (args: string[], ctx: CommandPathContext) => CommandDefault): Spec => ({
  kind: "special",
  classify,
});

let table: Readonly<Record<string, Spec>> | undefined;

/**
 * The table entry of a command; undefined for a command not in the table (it needs a rule).
 * The table is built on first use, not at start-up: `skald hook` decides most calls without it.
 *
 * @param cmd the command name
 * @returns its entry
 */
export function commandSpec(cmd: string): Spec | undefined {
  table ??= buildTable();
  return Object.hasOwn(table, cmd) ? table[cmd] : undefined;
}

/** Every command known here; anything else needs a rule. */
function buildTable(): Readonly<Record<string, Spec>> {
  const TEXT: AnySpec = any("none");
  const GREP = flags(
    `-e:str --regexp:str -f:path --file:path -F --fixed-strings -G --basic-regexp -E
    --extended-regexp -P --perl-regexp -i --ignore-case --no-ignore-case -v --invert-match -w
    --word-regexp -x --line-regexp -c --count --color:str --colour:str -L --files-without-match -l
    --files-with-matches -m:num --max-count:num -o --only-matching -q --quiet --silent -s
    --no-messages -b --byte-offset -H --with-filename -h --no-filename --label:str -n
    --line-number -T --initial-tab -u --unix-byte-offsets -Z --null -z --null-data -A:num
    --after-context:num -B:num --before-context:num -C:num --context:num --group-separator:str
    --no-group-separator -a --text --binary-files:str -I -D:str --devices:str -d:str
    --directories:str --exclude:str --exclude-from:str --exclude-dir:str --include:str -r
    --recursive --line-buffered -U --binary --help -V --version`,
    "pattern-then-paths",
    {
      patternOptions: ["-e", "--regexp", "-f", "--file"],
      gluedNumbers: true,
      verb: "search for patterns in files from",
    },
  );
  const SUMS = flags(
    `-b --binary -t --text --ignore-missing --quiet --status --strict -w --warn --tag -z --zero
    --help --version`,
    "paths",
    { verb: "compute checksums for files in" },
  );

  return {
    // Every option accepted; the operands are files to read.
    cat: any("paths", "concatenate files from"),
    head: any("paths", "read the beginning of files from"),
    tail: any("paths", "read the end of files from"),
    wc: any("paths", "count lines/words/bytes in files from", { refuse: ["--files0-from"] }),
    stat: any("paths", "read file stats from"),
    strings: any("paths", "extract strings from files in", { refuse: ["@"] }),
    hexdump: any("paths", "display hex dump of files from"),
    od: any("paths", "display octal dump of files from"),
    nl: any("paths", "number lines in files from"),
    rev: any("paths", "read files (reversed lines) from"),
    tsort: any("paths", "sort files from"),
    diff: any("paths", "compare files from", { refuse: ["--from-file", "--to-file"] }),
    ls: any("paths", "list files in"),
    du: any("paths", "list files in", { refuse: ["--files0-from"] }),
    tac: any("paths", "read files (reversed) from", { valued: set("-s --separator") }),
    cut: any("paths", "extract columns from files in", {
      valued: set("-b -c -d -f --bytes --characters --delimiter --fields --output-delimiter"),
    }),
    paste: any("paths", "merge files from", { valued: set("-d --delimiters") }),
    column: any("paths", "format files from", {
      valued: set(`-c -o -s -N -O -C -l -E -H -R -T -W -r -i -p --separator --output-separator
        --output-width --table-name --table-order --table-column --table-columns --table-hide
        --table-right --table-truncate --table-wrap --tree --tree-id --tree-parent`),
    }),
    fold: any("paths", "wrap lines of files from", { valued: set("-w --width") }),
    expand: any("paths", "convert tabs in files from", { valued: set("-t --tabs") }),
    unexpand: any("paths", "convert spaces in files from", { valued: set("-t --tabs") }),
    fmt: any("paths", "reformat files from", {
      valued: set("-w -g -d -l --width --goal --prefix"),
    }),
    comm: any("paths", "compare files from", { valued: set("--output-delimiter") }),
    cmp: any("paths", "compare files from", { valued: set("--ignore-initial --bytes") }),
    pr: any("paths", "paginate files from", { valued: set("-h -l -w -W -o -N -D") }),
    numfmt: any("paths", "reformat numbers in files from", {
      valued: set(`-d --from --to --from-unit --to-unit --format --padding --delimiter --field
        --round --suffix --invalid`),
    }),
    // Every option accepted; nothing read from files.
    ...Object.fromEntries(
      [...set(`echo tr basename dirname realpath readlink type expr seq sleep true false id uname
        free df locale groups nproc uptime cal`)].map((c) => [c, TEXT]),
    ),
    // Listed options only.
    grep: GREP,
    egrep: GREP,
    fgrep: GREP,
    rg: flags(
      `-e:str --regexp:str -f:path -i --ignore-case -S --smart-case -F --fixed-strings -w
      --word-regexp -v --invert-match -c --count -l --files-with-matches --files-without-match -n
      --line-number -o --only-matching -A:num --after-context:num -B:num --before-context:num
      -C:num --context:num -H -h --heading --no-heading -q --quiet --column -g:str --glob:str
      -t:str --type:str -T:str --type-not:str --type-list --hidden --no-ignore -u -m:num
      --max-count:num -d:num --max-depth:num -a --text --color:str --json --stats --help
      --version --debug`,
      "pattern-then-paths",
      {
        patternOptions: ["-e", "--regexp", "-f"],
        gluedNumbers: true,
        verb: "search for patterns in files from",
      },
    ),
    sort: flags(
      `--ignore-leading-blanks -b --dictionary-order -d --ignore-case -f --general-numeric-sort -g
      --human-numeric-sort -h --ignore-nonprinting -i --month-sort -M --numeric-sort -n
      --random-sort -R --reverse -r --sort:str --stable -s --unique -u --version-sort -V
      --zero-terminated -z --key:str -k:str --field-separator:str -t:str --check -c
      --check-char-order -C --merge -m --buffer-size:str -S:str --parallel:num --batch-size:num
      --help --version`,
      "paths",
      { verb: "sort contents of files from" },
    ),
    file: flags(
      `--brief -b --mime -i --mime-type --mime-encoding --apple --check-encoding -c --exclude:str
      --exclude-quiet:str --print0 -0 -F:str --separator:str --help --version -v --no-dereference
      -h --dereference -L --keep-going -k --list -l --no-buffer -n --preserve-date -p --raw -r -s
      --special-files`,
      "paths",
      { verb: "examine file types in" },
    ),
    base64: flags(
      `-d -D --decode -b:num --break:num -w:num --wrap:num -i:path --input:path --ignore-garbage
      -h --help --version`,
      "paths",
      { verb: "encode/decode files from" },
    ),
    md5sum: SUMS,
    sha1sum: SUMS,
    sha256sum: SUMS,
    tree: flags(
      `-a -d -f -x -L:num -P:str -I:str --gitignore --gitfile:path --ignore-case --matchdirs
      --metafirst --prune --info --infofile:path --noreport --charset:str --filelimit:num -q -N -Q
      -p -u -g -s -h --si --du -D --timefmt:str -F --inodes --device -v -t -c -U -r --dirsfirst
      --filesfirst --sort:str -i -A -S -n -C -X -J -H:str --nolinks --hintro:str --houtro:str
      -T:str --hyperlink --scheme:str --authority:str --help --version`,
      "paths",
      { verb: "list files in" },
    ),
    date: flags(
      `-d:str --date:str -r:path --reference:path -u --utc --universal -I --iso-8601:str -R
      --rfc-email --rfc-3339:str --debug --help --version`,
      "none",
      {
        verb: "read file dates from",
        check: (args) =>
          _operands(args, set("-d --date -r --reference --rfc-3339")).some((a) => a[0] !== "+")
            ? "date with an operand other than +FORMAT sets the clock"
            : undefined,
      },
    ),
    hostname: flags(
      `-f --fqdn --long -s --short -i --ip-address -I --all-ip-addresses -a --alias -d --domain -A
      --all-fqdns -v --verbose -h --help -V --version`,
      "none",
      {
        check: (args) =>
          args.every((a) => /^(-[a-zA-Z]|--[a-zA-Z-]+)$/.test(a))
            ? undefined
            : "hostname takes single options only without a rule (hostname NAME sets the name)",
      },
    ),
    which: flags(
      `-a --all -s -p -w --skip-dot --skip-tilde --show-dot --show-tilde --skip-alias
      --skip-functions -v -V --version --help`,
      "none",
    ),
    ps: flags(
      `-e -A -a -d -N --deselect -f -F -l -j -y -w -ww --width:num -c -H --forest --headers
      --no-headers -n:str --sort:str -L -T -m -C:str -G:str -g:str -p:str --pid:str -q:str
      --quick-pid:str -s:str --sid:str -t:str --tty:str -U:str -u:str --user:str --help --info -V
      --version`,
      "none",
      { check: _psCheck },
    ),
    // Forms of their own.
    pwd: { kind: "exact", forms: [""] },
    whoami: { kind: "exact", forms: [""] },
    node: { kind: "exact", forms: ["-v", "--version"] },
    python: { kind: "exact", forms: ["--version"] },
    python3: { kind: "exact", forms: ["--version"] },
    claude: { kind: "exact", forms: ["-h", "--help"] },
    printf: special(_printf),
    test: special((a) => _test(a, false)),
    "[": special((a) => _test(a, true)),
    find: special(_find),
    jq: special(_jq),
    uniq: special(_uniq),
    cd: special(_cd),
    sed: special(_sed),
    git: gitSpec(),
    xargs: special(() =>
      other("xargs hands its command file names from standard input, unchecked")
    ),
    // What acceptEdits runs.
    mkdir: special(_mkdir),
    touch: special(_touch),
    rm: special((a, ctx) => _remove("rm", a, ctx)),
    rmdir: special((a, ctx) => _remove("rmdir", a, ctx)),
    mv: special((a, ctx) => _copy("mv", a, ctx)),
    cp: special((a, ctx) => _copy("cp", a, ctx)),
  };
}

/** `ps`: BSD `e` (the environment) and `-e` with layout options need a rule. */
function _psCheck(args: string[]): string | undefined {
  const option = (a: string) => a.length > 1 && OPTION.test(a);
  if (args.some((a) => !option(a) && /[eE]/.test(a))) return "ps e shows the environment";
  if (!args.some((a) => /^-[a-zA-Z]*e/.test(a))) return undefined;
  const plain = args.every((a) => a === "--forest" || /^-[AacdeFfjlwHLTm]+$/.test(a));
  const layout = args.flatMap((a) => a === "--forest" ? [a] : a.match(/[HLTm]/g) ?? []);
  return plain && layout.length <= 1 ? undefined : "ps -e with these options needs a rule";
}
