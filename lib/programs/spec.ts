/**
 * What skald knows about a program, as data: how it reads its words (the syntax of its options),
 * which of its options take a value, and what each option's value and each operand is to it (a
 * file it reads, one it writes, a directory it works in, a command it runs, ...). Written once per
 * program or family in the notation of `_notation.ts`, read by every engine through the one argv
 * reader (`argv.ts`). Types only.
 *
 * @module
 */

/**
 * How a program reads its words.
 *
 * - `getopt`: GNU `getopt_long` and its kin: short clusters (`-rf`), glued values (`-oFILE`,
 *   `--output=FILE`), `--` ends the options; `abbreviates`: a unique prefix of a long option is
 *   that option (`--exclude-fr=` is `--exclude-from`); `stops`: the options end at the first
 *   operand (POSIX, `+` in the option string: `env`, `flock`, interpreters), else they may stand
 *   anywhere; `letters`: a first word without a dash is a cluster of options whose values are the
 *   next words, in order (tar's old style: `tar cbf 20 out.tar`).
 * - `curl`: curl's own: short clusters and glued values (`-dDATA`), a long option's value always
 *   in the next word (`--output=x` is an unknown option to curl 7.88), a unique prefix of a long
 *   name is that option (`--output-d`); a prefix of several, one of which starts all the others,
 *   is read as that one (`--outp` as `--output`): curl refuses it as ambiguous and writes
 *   nothing, so this is the stricter reading.
 * - `single-dash`: long names with one dash and no clusters (`find -name X`, `openssl -in F`),
 *   matched whole; a two-letter name that takes a value may have it glued (`gcc -oFILE`).
 */
export type Syntax =
  | { kind: "getopt"; abbreviates: boolean; stops: boolean; letters: boolean }
  | { kind: "curl" }
  | { kind: "single-dash"; stops: boolean };

/** How an option takes a value. */
export type Arity =
  /** None: a flag. */
  | { kind: "none" }
  /** `count` words (the first may be glued: `-oFILE`, `--output=FILE`). */
  | { kind: "required"; count: number }
  /**
   * Only glued or after `=` (`-i.bak`, `--backup=numbered`): the next word is not its value;
   * `digits`: glued to a short option, only the digits that follow (`perl -l0ne`: `-l0 -n -e`).
   */
  | { kind: "optional"; digits: boolean }
  /** Every word up to one of `ends` (`find -exec CMD ... ;`). */
  | { kind: "until"; ends: readonly string[] };

/**
 * What a value (an option's, or an operand) is to the program.
 *
 * - `text`: not a path (a pattern, a message, a number): the engines do not hold it as one.
 * - `reads`: a file it reads; `form` says how the value names it: `path` the whole value,
 *   `at` only a value written `@FILE` (`curl -d @f`, a response file `gcc @f`), `field` a form
 *   field `NAME=@FILE` or `NAME=<FILE` (`curl -F`), `name-at` a value `@FILE` or `NAME@FILE`
 *   (`curl --data-urlencode`), `no-equals` a value without `=` (`curl -b`),
 *   `list` a file that lists the paths it reads (`tar -T`, `rsync --files-from`).
 * - `writes`: a file it creates, changes or removes (`-` is standard output); `output`: the
 *   file its main output goes to instead of one named after a URL (`curl -o`, `wget -O`).
 * - `archive`: the archive it makes, changes or reads, as its mode says (`tar -f`).
 * - `read-tree`, `write-tree`: a directory whose whole content it reads, or may change.
 * - `cwd`: the directory it works in from there on (`tar -C`, `git -C`, `env -C`, `cd DIR`).
 * - `into`: the directory its operands go into (`cp -t DIR`, `curl --output-dir`).
 * - `prefix`: the start of the names of the files it writes (`split FILE PREFIX`, `csplit -f`).
 * - `work-tree`: the working tree a command acts on (`git --work-tree`).
 * - `code`: code in a language it runs (`sed -e SCRIPT`, `awk PROGRAM`); `code-file` a file of
 *   such code (`sed -f`, `perl script.pl`), which it reads.
 * - `runs`: a command it runs (`flock FILE CMD...`, `find -exec`, `sort --compress-program`);
 *   `shell`: a script it gives to a shell (`split --filter`, `tar --to-command`); with `prefix`,
 *   only a value that starts with it, the script after it (`tar --checkpoint-action=exec=CMD`).
 * - `library`: a module or extension it loads by name (`gawk -i inplace`, `perl -M`).
 * - `filter`: a glob that narrows what a recursive reader reads below its directories: grep's
 *   `--include` (`include`), `--exclude` (`exclude`) and `--exclude-dir` (`exclude-dir`) on
 *   names, ripgrep's `--glob` (`override`) and `--iglob` (`ioverride`) on paths.
 */
export type Use =
  | { kind: "text" }
  | { kind: "reads"; form: "path" | "at" | "field" | "name-at" | "no-equals" | "list" }
  | { kind: "writes" }
  | { kind: "output" }
  | { kind: "archive" }
  | { kind: "read-tree" }
  | { kind: "write-tree" }
  | { kind: "cwd" }
  | { kind: "into" }
  | { kind: "prefix" }
  | { kind: "work-tree" }
  | { kind: "code"; lang: string }
  | { kind: "code-file" }
  | { kind: "runs" }
  | { kind: "shell"; prefix?: string }
  | { kind: "library" }
  | { kind: "filter"; filter: "include" | "exclude" | "exclude-dir" | "override" | "ioverride" };

/**
 * What giving an option (or running a program, or a subcommand) means, beyond its value.
 *
 * - `first`: the option gives what the first operand would be (`grep -e PATTERN`, `sed -e
 *   SCRIPT`, `chmod --reference=FILE`), so the operands start at the second role.
 * - `recursive`: it descends the directories it is given (`grep -r`, `cp -R`, `zip -r`).
 * - `follows-links`: it follows the symbolic links it meets inside them (`grep -R`, `tar -h`);
 *   `no-follow`: it does not (`zip -y`).
 * - `in-place`: it writes back the files it reads (`sed -i`, `perl -i`).
 * - `stdout`: it writes to standard output instead of its files (`gzip -c`).
 * - `list`: it only lists or tests (`unzip -l`, `gzip -t`): it writes nothing.
 * - `dry-run`: it only says what it would do (`git clean -n`).
 * - `removes-sources`: it removes what it reads (`zip -m`, `tar --remove-files`).
 * - `remote-name`, `server-name`: it names its output after the URL (`curl -O`), or as the server
 *   says (`curl -J`); `unknown-output`: what it writes is only known when it runs (`wget -r`).
 * - `symbolic`: it makes symbolic links (`ln -s`); `directory`: its operands are directories it
 *   makes (`install -d`).
 * - `create`, `extract`, `append`, `update`: tar's modes.
 * - git: `rewrites` (it rewrites tracked files: `git checkout`, `git reset --hard`), `keeps-tree`
 *   (it leaves them alone: `git stash list`), `index-only` (`git rm --cached`), `worktree`
 *   (`git restore --worktree`), `new-branch` (`git checkout -b NEW`), `object-paths` (it prints
 *   the files `REV:PATH` names: `git show`), `history-paths` (it prints the history of the paths
 *   after `--`: `git log`).
 * - `response-files`: a word `@FILE` anywhere is a file of more words it reads (GCC, binutils).
 * - `leading`: an option that stands before the operands, not in the expression after them
 *   (`find -L`).
 * - `no-exec`: it runs no command: not the one its operands name (`sudo -l`, `command -v`,
 *   `ionice -p`), not one its script names (`sed --sandbox`).
 * - `starts-shell`: it starts a shell, which reads its script from standard input when no
 *   command follows (`sudo -s`, `sudo -i`, `doas -s`).
 * - `info`: it reads no file's content: it prints its own text (`--version`, `--help`) or only
 *   names (`rg --files`, `ag -g`, `ack -f`).
 * - What a recursive reader skips below its directories (checked against the program:
 *   `rg --files`, `git ls-files`): `skips-hidden` names starting with `.` (ripgrep, ag),
 *   `skips-ignored` what ripgrep's ignore files (`.rgignore`, `.ignore`, and `.gitignore` in a
 *   repository) ignore, `tracked-only` all but the files git tracks (`git grep`); and the
 *   options that undo them: `hidden` (`rg --hidden`), `no-ignore` (`rg --no-ignore`, `-u`),
 *   `untracked` (`git grep --untracked`: files git does not ignore too), `no-index` (`git grep
 *   --no-index`: every file), `no-config` (`rg --no-config`: its configuration file, which
 *   may add any of these, is not read).
 */
export type Trait =
  | "first"
  | "recursive"
  | "follows-links"
  | "no-follow"
  | "in-place"
  | "stdout"
  | "list"
  | "dry-run"
  | "removes-sources"
  | "remote-name"
  | "server-name"
  | "unknown-output"
  | "symbolic"
  | "directory"
  | "create"
  | "extract"
  | "append"
  | "update"
  | "rewrites"
  | "keeps-tree"
  | "index-only"
  | "worktree"
  | "new-branch"
  | "object-paths"
  | "history-paths"
  | "response-files"
  | "leading"
  | "no-exec"
  | "info"
  | "skips-hidden"
  | "skips-ignored"
  | "tracked-only"
  | "hidden"
  | "no-ignore"
  | "untracked"
  | "no-index"
  | "no-config"
  | "starts-shell";

/** A trait an option gives, always or only for one value (`grep -d recurse`). */
export interface OptionTrait {
  trait: Trait;
  /** The value it needs, when only one gives it. */
  when?: string;
}

/** One option: all its spellings, how it takes a value, and what it is to the program. */
export interface OptionSpec {
  /** The name the engines and reasons know it by: its first long spelling, else its first. */
  id: string;
  /** Every spelling (`-o`, `--output`; `-name` for a single-dash program). */
  names: readonly string[];
  /** How it takes its value. */
  arity: Arity;
  /** What its value is to the program (none: a value nothing is known of). */
  uses: readonly Use[];
  /** What giving it means. */
  traits: readonly OptionTrait[];
}

/**
 * The roles of a command's operands, by position: `head` from the first, then `rest` for every
 * further one, then `tail` for the last ones (`cp SRC... DEST`: `rest` reads, `tail` writes).
 * An option with the `first` trait takes the first role away; one whose value is `into` the
 * tail (`cp -t DIR SRC...`: every operand a source).
 */
export interface Operands {
  head: readonly Use[];
  rest: Use | undefined;
  tail: readonly Use[];
  /** The operand the program takes when it is given none (`.` for `rg`). */
  default?: string;
  /** `HOST:PATH` operands are on another machine (`rsync`, `scp`). */
  remote?: boolean;
}

/**
 * An environment variable a program reads, and what its value is to it (`GIT_INDEX_FILE`: a file
 * it writes; `GIT_SSH`: a program it runs; `TZDIR`: a directory it reads in; `PYTHONBREAKPOINT`:
 * code); no uses: nothing known of it. A value that is a number or a boolean (`GIT_TRACE=1`,
 * `PYTHONBREAKPOINT=0`) names nothing.
 */
export interface EnvSpec {
  /** The variable. */
  name: string;
  /** What its value is to the program. */
  uses: readonly Use[];
  /**
   * It is held against every command that sets it, not only this program's: another program
   * may run this one with the variable passed on (`GIT_EDITOR=CMD make` runs git).
   */
  passed: boolean;
}

/** A subcommand (`git checkout`), or a program's own words. */
export interface CommandSpec {
  /** Its name: the program's, or the program's and the subcommand's (`git stash list`). */
  name: string;
  /** How it reads its words. */
  syntax: Syntax;
  /** Its options. */
  options: readonly OptionSpec[];
  /** Its operands. */
  operands: Operands;
  /** What running it means (`git checkout`: `rewrites`). */
  traits: readonly Trait[];
  /**
   * Its subcommands, by name (a program's first operand, and a subcommand's, when one is
   * listed: `git stash list`); the options before one are this command's (git's globals).
   */
  subcommands: ReadonlyMap<string, CommandSpec>;
  /** The subcommand an unlisted one is read as (`git *`), when there is one. */
  otherSubcommand?: CommandSpec;
  /** The environment variables it reads, with what each value is to it when that is known. */
  env: readonly EnvSpec[];
  /** Where its facts were checked: a `--help`, a man page, a version. */
  sources: readonly string[];
}

/** A program: its own words, and the names it is run by. */
export interface ProgramSpec extends CommandSpec {
  /** Other names of the same program (`gsed`, `gtar`, `bsdtar`), and patterns (`perl5.*`). */
  aliases: readonly string[];
}
