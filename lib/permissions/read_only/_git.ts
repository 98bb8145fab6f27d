/**
 * `git SUBCOMMAND ...`: the read-only git subcommands with Claude Code's option lists, and the
 * checks on formats (`--format=%G?` runs gpg) and on `git tag` / `git branch` names. Options
 * before the subcommand (`git -C dir`, `git -c x=y`, `--no-pager`) match no entry and need a
 * rule.
 *
 * @module
 */

import { type FlagsSpec, opts, set, type SubcommandsSpec } from "./_spec.ts";

const REFS = "--all --branches --tags --remotes";
const DATES = "--since:str --after:str --until:str --before:str";
const PRETTY = "--oneline --graph --decorate --no-decorate --date:str --relative-date";
const COUNT = "--max-count:num -n:num";
const STAT = "--stat --numstat --shortstat --name-only --name-status";
const COLOR = "--color --no-color";
const PATCH = "--patch -p --no-patch --no-ext-diff -s";
const PEOPLE = "--author:str --committer:str --grep:str";
const WORD_DIFF = "--word-diff --word-diff-regex:str --color-words --diff-filter:str";
const SIGNATURE = /%[-+ ]?G|%\(\*?signature/;
const BUILTIN_FORMATS = set("oneline short medium full fuller email raw");

/** A format that verifies signatures (runs gpg) or names a user-defined pretty format. */
function _gitFormat(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (SIGNATURE.test(a)) return `git format '${a}' verifies signatures`;
    for (const o of ["--format", "--pretty", "--sort", "--group"]) {
      const v = a === o ? args[i + 1] : a.startsWith(o + "=") ? a.slice(o.length + 1) : undefined;
      if (v === undefined) continue;
      if (
        /(?:^|[=:])~/.test(v) || (v.includes("~") && v.includes("{")) || v.includes("signature")
      ) {
        return `git ${o} '${v}' needs a rule`;
      }
      const named = v !== "" && !v.includes("%") && !/^t?format:/.test(v);
      if ((o === "--format" || o === "--pretty") && named && !BUILTIN_FORMATS.has(v)) {
        return `git ${o}=${v} names a user-defined format`;
      }
    }
  }
  return undefined;
}

/** `git tag` / `git branch`: a name only after `--list` (or a commit after `--merged`). */
function _gitListing(what: string, valued: string, commitAfter = ""): FlagsSpec["check"] {
  const takesValue = set(valued);
  const commit = set(commitAfter);
  return (args) => {
    const format = _gitFormat(args);
    if (format !== undefined) return format;
    let listing = false;
    let last = "";
    for (let i = 0; i < args.length; i++) {
      const a = args[i] ?? "";
      if (a.startsWith("-")) {
        if (a === "--list" || /^-[^-]*l/.test(a)) listing = true;
        last = a.split("=")[0] ?? a;
        if (!a.includes("=") && takesValue.has(a)) i++;
      } else if (!listing && !commit.has(last)) {
        return `git ${what} ${a} creates, renames or deletes: it needs a rule`;
      }
    }
    return undefined;
  };
}

const git = (options: string, extra: Partial<FlagsSpec> = {}): FlagsSpec => ({
  kind: "flags",
  options: opts(options),
  operands: "none",
  numericFlags: true,
  ...extra,
});
const FORMAT_CHECKED: Partial<FlagsSpec> = { check: _gitFormat };

/**
 * `git`: the read-only subcommands with their option lists; a longer key is tried first. Built
 * when the command table is (on first use).
 *
 * @returns the entry
 */
export function gitSpec(): SubcommandsSpec {
  return {
    kind: "subcommands",
    subcommands: {
      "stash list": git(`${PRETTY} ${REFS} ${COUNT}`),
      "stash show": git(`${STAT} ${COLOR} ${PATCH} ${WORD_DIFF} --abbrev:num`),
      "worktree list": git("--porcelain -v --verbose --expire:str"),
      "config --get": git(`--local --global --system --worktree --default:str --type:str --bool
        --int --bool-or-int --path --expiry-date -z --null --name-only --show-origin --show-scope`),
      status: git(`--short -s --branch -b --porcelain --long --verbose -v --untracked-files:str
        -u:str --ignored --column --no-column --ahead-behind --no-ahead-behind --renames
        --no-renames --find-renames:str -M:str`),
      log: git(
        `${PRETTY} ${REFS} ${DATES} ${COUNT} ${STAT} ${COLOR} ${PATCH} ${PEOPLE} --abbrev-commit
        --full-history --dense --sparse --simplify-merges --ancestry-path --source --first-parent
        --merges --no-merges --reverse --walk-reflogs --skip:num --max-age:num --min-age:num
        --no-min-parents --no-max-parents --follow --no-walk --left-right --cherry-mark
        --cherry-pick --boundary --topo-order --date-order --author-date-order --pretty:str
        --format:str --diff-filter:str -S:str -G:str --pickaxe-regex --pickaxe-all`,
        FORMAT_CHECKED,
      ),
      diff: git(
        `${STAT} ${COLOR} ${WORD_DIFF} --dirstat --summary --patch-with-stat --no-renames
        --no-ext-diff --check --ws-error-highlight:str --full-index --binary --abbrev:num
        --break-rewrites --find-renames --find-copies --find-copies-harder --irreversible-delete
        --diff-algorithm:str --histogram --patience --minimal --ignore-space-at-eol
        --ignore-space-change --ignore-all-space --ignore-blank-lines --inter-hunk-context:num
        --function-context --exit-code --quiet --cached --staged --pickaxe-regex --pickaxe-all
        --no-index --relative:str -p -u -s -M -C -B -D -l -S:str -G:str -O:str -R`,
        { operands: "paths", verb: "access files with git from" },
      ),
      show: git(
        `${PRETTY} ${STAT} ${COLOR} ${PATCH} ${WORD_DIFF} --abbrev-commit --pretty:str --format:str
        --first-parent --raw -m --quiet`,
        FORMAT_CHECKED,
      ),
      shortlog: git(
        `${REFS} ${DATES} -s --summary -n --numbered -e --email -c --committer --group:str
        --format:str --no-merges --author:str`,
        FORMAT_CHECKED,
      ),
      reflog: git(`${PRETTY} ${REFS} ${DATES} ${COUNT} ${PEOPLE}`, {
        check: (args) => {
          const first = args[0] ?? "show";
          const bad = args.find((a) =>
            ["expire", "delete", "exists", "drop", "write"].includes(a)
          ) ??
            (first.startsWith("-") || ["show", "list"].includes(first) ? undefined : first);
          return bad === undefined ? undefined : `git reflog ${bad} needs a rule`;
        },
      }),
      blame: git(`${COLOR} -L:str --porcelain -p --line-porcelain --incremental --root
        --show-stats --show-name --show-number -n --show-email -e -f --date:str -w --ignore-rev:str
        --ignore-revs-file:str -M -C --score-debug --abbrev:num -s -l -t`),
      "ls-files": git(`--cached -c --deleted -d --modified -m --others -o --ignored -i --stage -s
        --killed -k --unmerged -u --directory --no-empty-directory --eol --full-name --abbrev:num
        --debug -z -t -v -f --exclude:str -x:str --exclude-from:str -X:str
        --exclude-per-directory:str --exclude-standard --error-unmatch --recurse-submodules`),
      remote: git("-v --verbose", {
        check: (args) =>
          args.some((a) => !a.startsWith("-")) ? "git remote with a name needs a rule" : undefined,
      }),
      "merge-base": git("--is-ancestor --fork-point --octopus --independent --all"),
      "rev-parse": git(`--verify --short:str --abbrev-ref --symbolic --symbolic-full-name
        --show-toplevel --show-cdup --show-prefix --git-dir --git-common-dir --absolute-git-dir
        --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository
        --is-shallow-update --path-prefix`),
      "rev-list": git(
        `${REFS} ${DATES} ${COUNT} ${PEOPLE} --count --reverse --first-parent --ancestry-path
        --merges --no-merges --min-parents:num --max-parents:num --no-min-parents --no-max-parents
        --skip:num --max-age:num --min-age:num --walk-reflogs --oneline --abbrev-commit
        --pretty:str --format:str --abbrev:num --full-history --dense --sparse --source --graph`,
        FORMAT_CHECKED,
      ),
      describe: git(`--tags --match:str --exclude:str --long --abbrev:num --always --contains
        --first-match --exact-match --candidates:num --dirty --broken`),
      "cat-file": git("-t -s -p -e --batch-check --allow-undetermined-type"),
      "for-each-ref": git(
        `--format:str --sort:str --count:num --contains:str --no-contains:str --merged:str
        --no-merged:str --points-at:str`,
        FORMAT_CHECKED,
      ),
      grep: git(
        `-e:str -E --extended-regexp -G --basic-regexp -F --fixed-strings -P --perl-regexp -i
        --ignore-case -v --invert-match -w --word-regexp -n --line-number -c --count -l
        --files-with-matches -L --files-without-match -h -H --heading --break --full-name --color
        --no-color -o --only-matching -A:num --after-context:num -B:num --before-context:num -C:num
        --context:num --and --or --not --max-depth:num --untracked --no-index --recurse-submodules
        --cached --threads:num -q --quiet`,
        {
          operands: "pattern-then-paths",
          patternOptions: ["-e"],
          verb: "access files with git from",
        },
      ),
      tag: git(
        `-l --list -n:num --contains:str --no-contains:str --merged:str --no-merged:str --sort:str
        --format:str --points-at:str --column --no-column -i --ignore-case`,
        {
          check: _gitListing(
            "tag",
            "--contains --no-contains --merged --no-merged --points-at --sort --format -n",
          ),
        },
      ),
      branch: git(
        `-l --list -a --all -r --remotes -v -vv --verbose --color --no-color --column --no-column
        --abbrev:num --no-abbrev --contains:str --no-contains:str --merged --no-merged
        --points-at:str --sort:str --show-current -i --ignore-case`,
        {
          check: _gitListing(
            "branch",
            "--contains --no-contains --points-at --sort",
            "--merged --no-merged",
          ),
        },
      ),
    },
  };
}
