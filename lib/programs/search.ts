/**
 * Programs that search files and trees: the greps, ripgrep, ag, ack, find; each one's options
 * from its own help or manual (versions below), in the notation of `_notation.ts`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const SEARCH = `
# grep --help (GNU grep 3.8): the first operand is the pattern unless -e or -f gives one; -r
# and -R read the operands whole, . without one; -R follows the links it meets; -X MATCHER is
# grep.c's undocumented matcher (grep -X fgrep), no file (grep -X FILE says "invalid matcher")
grep, egrep, fgrep, zgrep, ggrep: getopt abbreviates
  -E --extended-regexp
  -F --fixed-strings
  -G --basic-regexp
  -P --perl-regexp
  -X MATCHER : text
  -e --regexp=PATTERNS : text first
  -f --file=FILE : reads first
  -i -y --ignore-case
  --no-ignore-case
  -w --word-regexp
  -x --line-regexp
  -z --null-data
  -s --no-messages
  -v --invert-match
  -m --max-count=NUM : text
  -b --byte-offset
  -n --line-number
  --line-buffered
  -H --with-filename
  -h --no-filename
  --label=LABEL : text
  -o --only-matching
  -q --quiet --silent
  --binary-files=TYPE : text
  -a --text
  -I
  -d --directories=ACTION : recursive=recurse
  -D --devices=ACTION : text
  -r --recursive : recursive
  -R --dereference-recursive : recursive follows-links
  --include=GLOB : include-glob
  --exclude=GLOB : exclude-glob
  --exclude-from=FILE : reads
  --exclude-dir=GLOB : exclude-dir-glob
  -L --files-without-match
  -l --files-with-matches
  -c --count
  -T --initial-tab
  -Z --null
  -B --before-context=NUM : text
  -A --after-context=NUM : text
  -C --context=NUM : text
  --group-separator=SEP : text
  --no-group-separator
  --color[=WHEN] --colour[=WHEN]
  -U --binary
  -V --version : info
  --help : info
  operands: text reads... default=.

# rg --help (ripgrep 13.0.0): clap, no prefixes; it always reads its paths whole (. without one),
# skipping hidden names and what .rgignore, .ignore and (in a git repository) .gitignore ignore
# unless told otherwise; --glob overrides both; RIPGREP_CONFIG_PATH names a file of more options
rg: getopt skips-hidden skips-ignored
  -A --after-context=NUM : text
  --auto-hybrid-regex
  -B --before-context=NUM : text
  --binary
  --block-buffered
  -b --byte-offset
  -s --case-sensitive
  --color=WHEN : text
  --colors=COLOR_SPEC : text
  --column
  -C --context=NUM : text
  --context-separator=SEPARATOR : text
  -c --count
  --count-matches
  --crlf
  --debug
  --dfa-size-limit=NUM : text
  -E --encoding=ENCODING : text
  --engine=ENGINE : text
  --field-context-separator=SEPARATOR : text
  --field-match-separator=SEPARATOR : text
  -f --file=PATTERNFILE : reads first
  --files : first info
  -l --files-with-matches
  --files-without-match
  -F --fixed-strings
  -L --follow : follows-links
  -g --glob=GLOB : override-glob
  --glob-case-insensitive
  --heading
  -. --hidden : hidden
  --iglob=GLOB : override-iglob
  -i --ignore-case
  --ignore-file=PATH : reads
  --ignore-file-case-insensitive
  --include-zero
  -v --invert-match
  --json
  --line-buffered
  -n --line-number
  -x --line-regexp
  -M --max-columns=NUM : text
  --max-columns-preview
  -m --max-count=NUM : text
  --max-depth=NUM : text
  --max-filesize=NUM : text
  --mmap
  -U --multiline
  --multiline-dotall
  --no-config : no-config
  -I --no-filename
  --no-heading
  --no-ignore : no-ignore
  --no-ignore-dot : no-ignore
  --no-ignore-exclude : no-ignore
  --no-ignore-files : no-ignore
  --no-ignore-global : no-ignore
  --no-ignore-messages
  --no-ignore-parent : no-ignore
  --no-ignore-vcs : no-ignore
  -N --no-line-number
  --no-messages
  --no-mmap
  --no-pcre2-unicode
  --no-require-git : no-ignore
  --no-unicode
  -0 --null
  --null-data
  --one-file-system
  -o --only-matching
  --passthru
  --path-separator=SEPARATOR : text
  -P --pcre2
  --pcre2-version : info
  --pre=COMMAND : runs
  --pre-glob=GLOB : text
  -p --pretty
  -q --quiet
  --regex-size-limit=NUM : text
  -e --regexp=PATTERN : text first
  -r --replace=REPLACEMENT_TEXT : text
  -z --search-zip
  -S --smart-case
  --sort=SORTBY : text
  --sortr=SORTBY : text
  --stats
  -a --text
  -j --threads=NUM : text
  --trim
  -t --type=TYPE : text
  --type-add=TYPE_SPEC : text
  --type-clear=TYPE : text
  --type-list : first info
  -V --version : info
  -h --help : info
  -T --type-not=TYPE : text
  -u --unrestricted : hidden no-ignore
  --vimgrep
  -H --with-filename
  -w --word-regexp
  operands: text read-tree... default=.
  env: RIPGREP_CONFIG_PATH=code-file

# man ag (the_silver_searcher 2.2.0): -g PATTERN lists the files whose names match; it always
# reads its paths whole (. without one), skipping hidden names unless --hidden or -u
ag: getopt abbreviates skips-hidden
  --hidden : hidden
  -u --unrestricted : hidden no-ignore
  -A --after=LINES : text
  -B --before=LINES : text
  -C --context=LINES : text
  -f --follow : follows-links
  -g PATTERN : text first info
  --version : info
  -h --help : info
  -G --file-search-regex=PATTERN : text
  --ignore=PATTERN : text
  --ignore-dir=NAME : text
  -m --max-count=NUM : text
  -p --path-to-ignore=STRING : reads
  --depth=NUM : text
  --pager=COMMAND : runs
  --workers=NUM : text
  operands: text read-tree... default=.

# man ack (ack 3.6.0): -f lists the files it would search (no pattern); it always reads its
# paths whole (. without one)
ack, ack-grep: getopt abbreviates
  -A --after-context=NUM : text
  -B --before-context=NUM : text
  -C --context=NUM : text
  -f : first info
  --version : info
  --help : info
  --follow : follows-links
  -m --max-count=NUM : text
  --type=TYPE : text
  --ignore-dir=NAME : text
  --ignore-file=FILTER : text
  --match=PATTERN : text first
  --output=EXPR : text
  --pager=COMMAND : runs
  --files-from=FILE : reads-list first
  operands: text read-tree... default=.

# man find (GNU findutils 4.9.0): find [-H] [-L] [-P] [-D debugopts] [-Olevel] [starting-point...]
# [expression]; the primaries that take values, those that write (-fprint FILE, -fls FILE,
# -fprint0 FILE, -fprintf FILE FORMAT), remove (-delete) and run (-exec CMD ... ; or +)
find: single-dash
  -H : leading
  -L : leading follows-links
  -P : leading
  -D DEBUGOPTS : text leading
  -O[LEVEL] : leading
  -follow : follows-links
  -files0-from FILE : reads-list
  -amin N : text
  -atime N : text
  -cmin N : text
  -ctime N : text
  -mmin N : text
  -mtime N : text
  -used N : text
  -anewer FILE
  -cnewer FILE
  -newer FILE
  -samefile FILE
  -neweraa REFERENCE
  -neweraB REFERENCE
  -newerac REFERENCE
  -neweram REFERENCE
  -newerat REFERENCE
  -newerBa REFERENCE
  -newerBB REFERENCE
  -newerBc REFERENCE
  -newerBm REFERENCE
  -newerBt REFERENCE
  -newerca REFERENCE
  -newercB REFERENCE
  -newercc REFERENCE
  -newercm REFERENCE
  -newerct REFERENCE
  -newerma REFERENCE
  -newermB REFERENCE
  -newermc REFERENCE
  -newermm REFERENCE
  -newermt REFERENCE
  -newerta REFERENCE
  -newertB REFERENCE
  -newertc REFERENCE
  -newertm REFERENCE
  -newertt REFERENCE
  -fstype VALUE : text
  -gid VALUE : text
  -group VALUE : text
  -inum VALUE : text
  -links VALUE : text
  -perm VALUE : text
  -size VALUE : text
  -type VALUE : text
  -uid VALUE : text
  -user VALUE : text
  -xtype VALUE : text
  -context VALUE : text
  -name PATTERN : text
  -iname PATTERN : text
  -path PATTERN : text
  -ipath PATTERN : text
  -wholename PATTERN : text
  -iwholename PATTERN : text
  -lname PATTERN : text
  -ilname PATTERN : text
  -regex PATTERN : text
  -iregex PATTERN : text
  -regextype TYPE : text
  -maxdepth LEVELS : text
  -mindepth LEVELS : text
  -delete : removes-sources
  -exec COMMAND...;+ : runs
  -execdir COMMAND...;+ : runs
  -ok COMMAND...;+ : runs
  -okdir COMMAND...;+ : runs
  -fls FILE : writes
  -fprint FILE : writes
  -fprint0 FILE : writes
  -fprintf FILE FORMAT : writes
  -printf FORMAT : text
  operands: default=.
`;
