/**
 * git: its global options (before the subcommand) and, for the subcommands the engines read,
 * their options and operands, in the notation of `_notation.ts`. A subcommand the table does
 * not list is read as `git *`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const GIT = `
# man git and git.c handle_options() (git 2.39; --attr-source, --no-advice, --no-lazy-fetch from
# 2.4x): the global options stand before the subcommand; -C DIR is the directory git works in,
# each one taken in the one before (-C a -C b is a/b); man git, ENVIRONMENT VARIABLES: the index
# and object store it writes, GIT_TRACE* a file it writes (an absolute path; 1, 2, true: standard
# error), the templates git init copies into .git (hooks it runs later), the programs it runs
git: getopt abbreviates stops
  -C PATH : cwd
  -c NAME_VALUE
  --config-env=NAME_ENVVAR
  --exec-path[=PATH]
  --html-path
  --man-path
  --info-path
  -p --paginate
  -P --no-pager
  --no-replace-objects
  --no-lazy-fetch
  --bare
  --git-dir=PATH
  --work-tree=PATH : work-tree
  --namespace=NAME : text
  --super-prefix=PATH
  --literal-pathspecs
  --no-literal-pathspecs
  --glob-pathspecs
  --noglob-pathspecs
  --icase-pathspecs
  --no-optional-locks
  --shallow-file=FILE
  --list-cmds=GROUPS : text
  --attr-source=TREE : text
  --no-advice
  -v --version
  -h --help
  env: *GIT_DIR=read-tree,code-file *GIT_CONFIG_GLOBAL=code-file *GIT_CONFIG_SYSTEM=code-file
  env: *GIT_CONFIG=code-file GIT_WORK_TREE=write-tree GIT_CONFIG_COUNT GIT_INDEX_FILE=writes
  env: GIT_OBJECT_DIRECTORY=write-tree GIT_ALTERNATE_OBJECT_DIRECTORIES=read-tree
  env: GIT_TEMPLATE_DIR=read-tree,code-file GIT_NAMESPACE=text GIT_CEILING_DIRECTORIES=text
  env: GIT_TRACE=writes GIT_TRACE_PACKET=writes GIT_TRACE_PACK_ACCESS=writes
  env: GIT_TRACE_PERFORMANCE=writes GIT_TRACE_SETUP=writes GIT_TRACE_SHALLOW=writes
  env: GIT_TRACE_CURL=writes GIT_TRACE_REFS=writes GIT_TRACE2=writes GIT_TRACE2_EVENT=writes
  env: GIT_TRACE2_PERF=writes *GIT_SSH=runs *GIT_SSH_COMMAND=shell *GIT_PAGER=shell
  env: *GIT_EDITOR=shell *GIT_SEQUENCE_EDITOR=shell *GIT_EXTERNAL_DIFF=runs *GIT_ASKPASS=runs
  env: *GIT_PROXY_COMMAND=runs

# a subcommand the table does not list: what every diff-producing one takes (--output), and the
# messages of the committing ones
git *:
  --output=FILE : writes
  -m --message=MESSAGE : text
  --author=AUTHOR : text
  --date=DATE : text

# man git-add (2.39): it reads into the object store the files below its pathspecs that git tracks
# and those .gitignore does not ignore (-f: those too; -u: the tracked ones only); -A and -u
# without a pathspec, the whole working tree; -n and -N read no content
git add: tracked-only untracked
  -A --all --no-ignore-removal : recursive
  -u --update : recursive tracked-only
  -f --force : no-index
  -n --dry-run : info
  -N --intent-to-add : info
  -v --verbose
  -p --patch
  -i --interactive
  --chmod=MODE : text
  --pathspec-from-file=FILE : reads-list
  operands: read-tree...

# man git-checkout, git-switch (2.39): they rewrite the working tree, but a branch made where
# HEAD is (-b NEW without a start point) leaves it alone; the paths after -- are rewritten
git checkout: rewrites
  -q --quiet
  -f --force : rewrites
  -b NEW_BRANCH : new-branch
  -B NEW_BRANCH : new-branch
  --orphan=NEW_BRANCH : new-branch
  -t --track[=MODE]
  --no-track
  -m --merge
  --conflict=STYLE : text
  -p --patch
  --pathspec-from-file=FILE : reads-list
  --ours --theirs
  --detach
git switch: rewrites
  -q --quiet
  -f --force --discard-changes : rewrites
  -c --create=NEW_BRANCH : new-branch
  -C --force-create=NEW_BRANCH : new-branch
  --orphan=NEW_BRANCH : new-branch
  -t --track[=MODE]
  --no-track
  -m --merge
  --conflict=STYLE : text
  -d --detach

# man git-restore: -S alone changes the index only; -s TREE names where the contents come from
git restore: rewrites
  -q --quiet
  -s --source=TREE : text
  -S --staged : index-only
  -W --worktree : worktree
  -p --patch
  --ours --theirs
  -m --merge
  --conflict=STYLE : text
  --pathspec-from-file=FILE : reads-list
  operands: writes...

# man git-rm, git-mv: every operand a path they change (--cached: the index only)
git rm: rewrites
  -q --quiet
  -f --force
  -n --dry-run : dry-run
  -r
  --cached : index-only
  --pathspec-from-file=FILE : reads-list
  operands: writes...
git mv: rewrites
  -f --force
  -k
  -n --dry-run : dry-run
  -v --verbose
  operands: writes...

# man git-clean: -n is a dry run
git clean: rewrites
  -d
  -f --force
  -i --interactive
  -n --dry-run : dry-run
  -q --quiet
  -e --exclude=PATTERN : text
  -x
  -X

# man git-reset: --hard, --merge and --keep rewrite the working tree
git reset:
  -q --quiet
  --soft
  --mixed
  --hard : rewrites
  --merge : rewrites
  --keep : rewrites
  --pathspec-from-file=FILE : reads-list

# the other subcommands that rewrite tracked files (man git-apply, git-am, git-merge,
# git-pull, git-rebase, git-cherry-pick, git-revert, git-checkout-index, git-read-tree; 2.39)
git apply, git am: rewrites
  -p NUM : text
  -C NUM : text
  --directory=ROOT : text
  --exclude=PATH : text
  --include=PATH : text
  --build-fake-ancestor=FILE : writes
git merge, git pull: rewrites
  -m --message=MESSAGE : text
  -F --file=FILE : reads
  -s --strategy=STRATEGY : text
  -X --strategy-option=OPTION : text
  --into-name=BRANCH : text
  --upload-pack=UPLOAD_PACK : runs
git rebase: rewrites
  --onto=NEWBASE : text
  -s --strategy=STRATEGY : text
  -X --strategy-option=OPTION : text
  -x --exec=COMMAND : shell
# man git-fetch, git-ls-remote, git-push, git-send-pack, git-difftool, git-filter-branch (2.39):
# the program git runs on the other side (here for a local remote), difftool's command (git adds
# the two files), filter-branch's filters (each a shell script; a shell script itself, it takes
# no prefix of an option)
git fetch, git ls-remote:
  --upload-pack=UPLOAD_PACK : runs
git push, git send-pack:
  --receive-pack=GIT_RECEIVE_PACK : runs
  --exec=GIT_RECEIVE_PACK : runs
  -o --push-option=OPTION : text
git difftool:
  -x --extcmd=COMMAND : shell
  -t --tool=TOOL : text
git filter-branch: getopt
  --setup=COMMAND : shell
  --env-filter=COMMAND : shell
  --tree-filter=COMMAND : shell
  --index-filter=COMMAND : shell
  --parent-filter=COMMAND : shell
  --msg-filter=COMMAND : shell
  --commit-filter=COMMAND : shell
  --tag-name-filter=COMMAND : shell
  --subdirectory-filter=DIRECTORY : text
  --prune-empty
  --original=NAMESPACE : text
  -d DIRECTORY : write-tree
  -f --force
  --state-branch=BRANCH : text
git cherry-pick, git revert: rewrites
  -m --mainline=PARENT_NUMBER : text
  --strategy=STRATEGY : text
  -X --strategy-option=OPTION : text
git checkout-index: rewrites
  --prefix=STRING : text
  --stage=NUMBER : text
git read-tree: rewrites
  --prefix=PREFIX : text
  --index-output=FILE : writes

# man git-stash, git-worktree, git-bisect, git-sparse-checkout, git-submodule: what changes the
# working tree, and what only looks (stash list, worktree list, bisect log, submodule status)
# (git stash push and save store the changed tracked files and write them back to HEAD, -u the
# files .gitignore does not ignore too, -a every file; drop, clear, create and store touch no file; worktree add, move
# and remove change the worktree they name, not this one)
git stash: rewrites tracked-only
  -q --quiet
  -m --message=MESSAGE : text
  -u --include-untracked : untracked
  -a --all : no-index
  --pathspec-from-file=FILE : reads-list
git stash list, git stash show, git stash drop, git stash clear, git stash create, git stash store: keeps-tree
git worktree: rewrites
  -q --quiet
  -b NEW_BRANCH : text
  -B NEW_BRANCH : text
  --reason=STRING : text
git worktree list, git worktree prune, git worktree lock, git worktree unlock, git worktree repair: keeps-tree
git worktree add: keeps-tree
  -b NEW_BRANCH : text
  -B NEW_BRANCH : text
  --reason=STRING : text
  operands: write-tree text...
git worktree remove, git worktree move: keeps-tree
  operands: write-tree write-tree
git bisect: rewrites
git bisect log, git bisect view, git bisect visualize, git bisect terms: keeps-tree
git sparse-checkout: rewrites
git sparse-checkout list: keeps-tree
git submodule: keeps-tree
  -q --quiet
git submodule add, git submodule update, git submodule init, git submodule deinit, git submodule sync, git submodule absorbgitdirs, git submodule set-branch, git submodule set-url: rewrites
  -b --branch=BRANCH : text
  --name=NAME : text
  --reference=REPOSITORY
  --depth=DEPTH : text
  --jobs=N : text
git submodule status, git submodule summary, git submodule foreach: keeps-tree

# man git-clone, git-init: the directory they make (clone without one: named after the source,
# only known when it runs)
git clone:
  -b --branch=NAME : text
  -o --origin=NAME : text
  -u --upload-pack=UPLOAD_PACK : runs
  --reference=REPOSITORY
  --reference-if-able=REPOSITORY
  --separate-git-dir=GIT_DIR : write-tree
  --template=TEMPLATE_DIRECTORY
  -c --config=KEY_VALUE
  --depth=DEPTH : text
  --shallow-since=DATE : text
  --shallow-exclude=REVISION : text
  --filter=FILTER_SPEC : text
  -j --jobs=N : text
  --bundle-uri=URI : text
  --server-option=OPTION : text
  --recurse-submodules[=PATHSPEC]
  --object-format=FORMAT : text
  operands: text write-tree
git init:
  -q --quiet
  --bare
  --template=TEMPLATE_DIRECTORY
  --separate-git-dir=GIT_DIR : write-tree
  --object-format=FORMAT : text
  -b --initial-branch=BRANCH_NAME : text
  --shared[=PERMISSIONS]
  operands: write-tree default=.

# man git-archive: -o writes the archive
git archive: object-paths
  -o --output=FILE : writes
  --format=FMT : text
  --prefix=PREFIX : text
  --add-file=FILE : reads
  --add-virtual-file=PATH_CONTENT : text
  --remote=REPO : text
  --exec=GIT_UPLOAD_ARCHIVE : runs
  -l --list

# man git-format-patch: -o DIR, else NNNN-*.patch where it runs
git format-patch:
  -o --output-directory=DIR : write-tree
  --stdout : stdout
  --output=FILE : writes
  --cover-letter
  --subject-prefix=PREFIX : text
  --to=EMAIL : text
  --cc=EMAIL : text
  --in-reply-to=MESSAGE_ID : text
  --signature=SIGNATURE : text
  --signature-file=FILE : reads
  --suffix=SUFFIX : text
  -v --reroll-count=N : text
  --start-number=N : text
  --base=COMMIT : text
  --interdiff=PREVIOUS : text
  --range-diff=PREVIOUS : text
  -O ORDERFILE : reads

# man git-bundle: git bundle create FILE REV...
git bundle:
git bundle create:
  -q --quiet
  --progress
  --version=VERSION : text
  operands: writes text...

# man git-config: -f FILE is the file it reads or sets
git config:
  -f --file=FILE : writes
  --blob=BLOB : text
  --global
  --system
  --local
  --worktree
  --type=TYPE : text
  --default=VALUE : text
  operands: text...

# man git-diff, git-log, git-show, git-whatchanged: the diff options (--output=FILE writes,
# -O ORDERFILE reads); they print the history or contents of the paths after --, and of REV:PATH
git diff, git log, git show, git whatchanged: history-paths object-paths
  --output=FILE : writes
  -O ORDERFILE : reads
  -S STRING : text
  -G REGEX : text
  --skip-to=FILE : text
  --rotate-to=FILE : text
  --find-object=OBJECT : text
  -n --max-count=NUMBER : text
  --skip=NUMBER : text
  --since --after=DATE : text
  --until --before=DATE : text
  --author=PATTERN : text
  --committer=PATTERN : text
  --grep=PATTERN : text
  --format --pretty[=FORMAT]
  --date=FORMAT : text
  -L RANGE : text
  --diff-filter=FILTER : text
  --relative[=PATH]
  --src-prefix=PREFIX : text
  --dst-prefix=PREFIX : text
  --line-prefix=PREFIX : text
  -U --unified=N : text

# man git-blame: it prints the file it is given (its last operand); --ignore-revs-file, -S and
# --contents read a file
git blame: object-paths
  --ignore-revs-file=FILE : reads
  --ignore-rev=REV : text
  -S REVS_FILE : reads
  --contents=FILE : reads
  -L RANGE : text
  -C[NUM]
  -M[NUM]
  --date=FORMAT : text
  operands: text... reads

# man git-cat-file
git cat-file: object-paths
  --batch[=FORMAT]
  --batch-check[=FORMAT]
  --path=PATH : text

# man git-grep: it reads every tracked file below its paths (. without one), below -C's
# directory; --untracked also the files .gitignore does not ignore, --no-index every file;
# -O[PAGER] opens the matching files in a pager
git grep: object-paths tracked-only
  -e PATTERN : text first
  -f FILE : reads first
  -A --after-context=NUM : text
  -B --before-context=NUM : text
  -C --context=NUM : text
  -m --max-count=NUM : text
  --max-depth=DEPTH : text
  --threads=NUM : text
  -O[PAGER] --open-files-in-pager[=PAGER] : runs
  --untracked : untracked
  --no-index : no-index
  --exclude-standard
  --recurse-submodules : no-index
  --and --or --not
  operands: text read-tree... default=.

# man git-ls-files: -X reads a file of exclude patterns
git ls-files:
  -X --exclude-from=FILE : reads
  -x --exclude=PATTERN : text
  --exclude-per-directory=FILE : text
  --with-tree=TREE_ISH : text
  --format=FORMAT : text
  --abbrev[=N]

# man git-merge-file: git merge-file CURRENT BASE OTHER writes CURRENT (unless -p)
git merge-file:
  -L LABEL : text
  -p --stdout : stdout
  -q --quiet
  --diff3
  --zdiff3
  --ours
  --theirs
  --union
  --marker-size=N : text
  operands: writes reads reads

# man git-commit, git-tag: their messages are text, -F FILE reads one
git commit:
  -m --message=MESSAGE : text
  -F --file=FILE : reads
  -C --reuse-message=COMMIT : text
  -c --reedit-message=COMMIT : text
  --fixup=COMMIT : text
  --squash=COMMIT : text
  --author=AUTHOR : text
  --date=DATE : text
  -t --template=FILE : reads
  --trailer=TOKEN : text
  --cleanup=MODE : text
  -u --untracked-files[=MODE]
  -S --gpg-sign[=KEYID]
  --pathspec-from-file=FILE : reads-list
git tag:
  -m --message=MESSAGE : text
  -F --file=FILE : reads
  -u --local-user=KEY_ID : text
  --sort=KEY : text
  --format=FORMAT : text
  --contains --no-contains --merged --no-merged --points-at[=COMMIT]
  -n[NUM]

# man git-check-ignore, git-check-attr: they match their paths against the rules, open none
git check-ignore, git check-attr:
  --stdin
  -z
  -n --non-matching
  -v --verbose
  -a --all
  --source=TREE : text
  operands: text...
`;
