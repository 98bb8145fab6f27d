/**
 * Programs that transform text and files: sed, the awks, perl, ruby, xxd, hexdump, iconv, diff,
 * patch; each one's options from its own help (versions of Debian 12), in the notation of
 * `_notation.ts`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const TEXT = `
# sed --help (GNU sed 4.9): the first operand is the script unless -e or -f gives one;
# --zero-terminated is accepted for -z (sed.c longopts)
sed, gsed: getopt abbreviates
  -n --quiet --silent
  --debug
  -e --expression=SCRIPT : code=sed first
  -f --file=SCRIPT_FILE : code-file first
  --follow-symlinks
  -i[SUFFIX] --in-place[=SUFFIX] : in-place
  -l --line-length=N : text
  --posix
  -E -r --regexp-extended
  -s --separate
  --sandbox : no-exec
  -u --unbuffered
  -z --null-data --zero-terminated
  operands: code=sed reads...

# gawk --help (GNU Awk 5.2.1); awk may be gawk (Debian's alternatives): read as gawk. The options
# end at the program (gawk stops at the first operand); -i inplace writes the files in place
gawk, awk, nawk: getopt abbreviates stops
  -f --file=PROGFILE : code-file first
  -F --field-separator=FS : text
  -v --assign=VAR_VAL : text
  -b --characters-as-bytes
  -c --traditional
  -C --copyright
  -d[FILE] --dump-variables[=FILE] : writes
  -D[FILE] --debug[=FILE] : reads
  -e --source=PROGRAM_TEXT : code=awk first
  -E --exec=FILE : code-file first
  -g --gen-pot
  -i --include=INCLUDEFILE : library
  -I --trace
  -l --load=LIBRARY : library
  -L[FATAL] --lint[=FATAL]
  -M --bignum
  -N --use-lc-numeric
  -n --non-decimal-data
  -o[FILE] --pretty-print[=FILE] : writes
  -O --optimize
  -p[FILE] --profile[=FILE] : writes
  -P --posix
  -r --re-interval
  -s --no-optimize
  -S --sandbox
  -t --lint-old
  operands: code=awk reads...

# mawk -W usage (mawk 1.3.4)
mawk: getopt stops
  -f PROGRAM_FILE : code-file first
  -F VALUE : text
  -v VAR_VALUE : text
  -W VALUE : text
  operands: code=awk reads...

# perl -h (perl 5.36); perlrun: -i[extension] takes the rest of its word (-pie is -p -i e), -l
# and -0 take digits only, -M and -F only glued, -I the next word too; the options end at the
# program file
perl, perl*: getopt stops
  -0[DIGITS]
  -a
  -C[LIST]
  -c
  -d[MOD]
  -D[FLAGS]
  -e COMMANDLINE : code=perl first
  -E COMMANDLINE : code=perl first
  -f
  -F[PATTERN]
  -i[EXTENSION] : in-place
  -I DIRECTORY
  -l[DIGITS]
  -m[MODULE] -M[MODULE] : library
  -n
  -p
  -s
  -S
  -t
  -T
  -u
  -U
  -v : no-exec
  -h : no-exec
  -V[CONFIGVAR] : no-exec
  -w
  -W
  -x[DIRECTORY] : cwd
  -X
  operands: code-file reads...
  env: *PERL5OPT=code=options *PERL5DB=code=perl

# ruby --help (ruby 3.1.2): -C DIR and -r LIB take the next word too; the options end at the
# program file
ruby, ruby*: getopt stops
  -0[DIGITS]
  -a
  -c
  -C DIRECTORY : cwd
  -d --debug
  -e COMMAND : code=ruby first
  -E --encoding=EX_IN : text
  -F[PATTERN]
  -i[EXTENSION] : in-place
  -I DIRECTORY
  -l
  -n
  -p
  -r LIBRARY : library
  -s
  -S
  -v
  -w
  -W[LEVEL]
  -x[DIRECTORY] : cwd
  --jit --mjit --yjit
  --copyright : no-exec
  --version : no-exec
  -h --help : no-exec
  --dump=LIST : text
  --enable=LIST : text
  --disable=LIST : text
  --external-encoding=ENCODING : text
  --internal-encoding=ENCODING : text
  --backtrace-limit=NUM : text
  --verbose
  operands: code-file reads...
  env: *RUBYOPT=code=options

# xxd -h (xxd 2022-01-14): xxd [options] [infile [outfile]]: the outfile is written (with -r
# too); the values of -c, -g, -l, -n, -o, -s may be glued (-c8); -cols, -len, ... are read whole
xxd: single-dash
  -a -autoskip
  -b -bits
  -C -capitalize
  -c -cols COLS : text
  -E -EBCDIC
  -e
  -g -groupsize BYTES : text
  -i -include
  -l -len LEN : text
  -n -name NAME : text
  -o -offset OFF : text
  -p -ps -postscript -plain
  -r -revert
  -d
  -s -seek SEEK : text
  -u
  -v -version
  operands: reads writes

# hexdump --help (util-linux 2.38.1)
hexdump: getopt abbreviates
  -b --one-byte-octal
  -c --one-byte-char
  -C --canonical
  -d --two-bytes-decimal
  -o --two-bytes-octal
  -x --two-bytes-hex
  -L --color[=MODE]
  -e --format=FORMAT : text
  -f --format-file=FILE : reads
  -n --length=LENGTH : text
  -s --skip=OFFSET : text
  -v --no-squeezing
  operands: reads...

# iconv --help (glibc 2.36; argp takes a unique prefix)
iconv: getopt abbreviates
  -f --from-code=NAME : text
  -t --to-code=NAME : text
  -l --list : list
  -c
  -o --output=FILE : writes
  -s --silent
  --verbose
  operands: reads...

# diff --help (GNU diffutils 3.8): --from-file and --to-file name a file compared with each
# operand; it follows links in the trees it compares
diff: getopt abbreviates follows-links
  --normal
  -q --brief
  -s --report-identical-files
  -c
  -C NUM : text
  --context[=NUM]
  -u
  -U NUM : text
  --unified[=NUM]
  -e --ed
  -n --rcs
  -y --side-by-side
  -W --width=NUM : text
  --left-column
  --suppress-common-lines
  -p --show-c-function
  -F --show-function-line=RE : text
  --label=LABEL : text
  -t --expand-tabs
  -T --initial-tab
  --tabsize=NUM : text
  --suppress-blank-empty
  -l --paginate
  -r --recursive : recursive
  --no-dereference : no-follow
  -N --new-file
  --unidirectional-new-file
  --ignore-file-name-case
  --no-ignore-file-name-case
  -x --exclude=PAT : text
  -X --exclude-from=FILE : reads
  -S --starting-file=FILE : text
  --from-file=FILE : reads
  --to-file=FILE : reads
  -i --ignore-case
  -E --ignore-tab-expansion
  -Z --ignore-trailing-space
  -b --ignore-space-change
  -w --ignore-all-space
  -B --ignore-blank-lines
  -I --ignore-matching-lines=RE : text
  -a --text
  --strip-trailing-cr
  -D --ifdef=NAME : text
  --old-group-format=GFMT : text
  --new-group-format=GFMT : text
  --changed-group-format=GFMT : text
  --unchanged-group-format=GFMT : text
  --line-format=LFMT : text
  --old-line-format=LFMT : text
  --new-line-format=LFMT : text
  --unchanged-line-format=LFMT : text
  -d --minimal
  --horizon-lines=NUM : text
  --speed-large-files
  --color[=WHEN]
  --palette=PALETTE : text
  operands: reads reads

# sdiff --help (GNU diffutils 3.8): sdiff [OPTION]... FILE1 FILE2; -o FILE gets the merge, and
# --diff-program names the program it runs to compare
sdiff: getopt abbreviates
  -o --output=FILE : writes
  -i --ignore-case
  -E --ignore-tab-expansion
  -Z --ignore-trailing-space
  -b --ignore-space-change
  -W --ignore-all-space
  -B --ignore-blank-lines
  -I --ignore-matching-lines=RE : text
  --strip-trailing-cr
  -a --text
  -w --width=NUM : text
  -l --left-column
  -s --suppress-common-lines
  -t --expand-tabs
  --tabsize=NUM : text
  -d --minimal
  -H --speed-large-files
  --diff-program=PROGRAM : runs
  -v --version
  operands: reads reads

# diff3 --help (GNU diffutils 3.8): diff3 [OPTION]... MYFILE OLDFILE YOURFILE
diff3: getopt abbreviates
  -A --show-all
  -e --ed
  -E --show-overlap
  -3 --easy-only
  -x --overlap-only
  -X
  -i
  -m --merge
  -a --text
  --strip-trailing-cr
  -T --initial-tab
  --diff-program=PROGRAM : runs
  -L --label=LABEL : text
  -v --version
  operands: reads reads reads

# file --help (file 5.44): -m reads a colon-separated list of magic files (MAGIC names the same),
# -f a file listing the files it examines
file: getopt abbreviates
  -v --version
  -m --magic-file=LIST : reads
  -z --uncompress
  -Z --uncompress-noreport
  -b --brief
  -c --checking-printout
  -e --exclude=TEST : text
  --exclude-quiet=TEST : text
  -f --files-from=FILE : reads-list
  -F --separator=STRING : text
  -i --mime
  --apple
  --extension
  --mime-type
  --mime-encoding
  -k --keep-going
  -l --list
  -L --dereference
  -h --no-dereference
  -n --no-buffer
  -N --no-pad
  -0 --print0
  -p --preserve-date
  -P --parameter=PARAMETER : text
  -r --raw
  -s --special-files
  -S --no-sandbox
  -E
  -C --compile
  -d --debug
  operands: reads...
  env: MAGIC=reads

# patch --help (GNU patch 2.7.6): patch [ORIGFILE [PATCHFILE]]; -d DIR changes the directory
# first, and every file it patches may be below it
patch: getopt abbreviates
  -p --strip=NUM : text
  -F --fuzz=LINES : text
  -l --ignore-whitespace
  -c --context
  -e --ed
  -n --normal
  -u --unified
  -N --forward
  -R --reverse
  -i --input=PATCHFILE : reads
  -o --output=FILE : writes
  -r --reject-file=FILE : writes
  -D --ifdef=NAME : text
  --merge[=STYLE]
  -E --remove-empty-files
  -Z --set-utc
  -T --set-time
  --quoting-style=WORD : text
  -b --backup
  --backup-if-mismatch
  --no-backup-if-mismatch
  -V --version-control=STYLE : text
  -B --prefix=PREFIX : text
  -Y --basename-prefix=PREFIX : text
  -z --suffix=SUFFIX : text
  -g --get=NUM : text
  -t --batch
  -f --force
  -s --quiet --silent
  --verbose
  --dry-run : dry-run
  --posix
  -d --directory=DIR : cwd
  --reject-format=FORMAT : text
  --binary
  --read-only=BEHAVIOR : text
  operands: writes reads

# jq --help and man jq (jq 1.6): jq [options] FILTER [FILES...]; -f FILE gives the filter (the
# first operand is then a file it reads); --slurpfile, --rawfile and --argfile NAME FILE read
# FILE; -L DIR holds the modules a filter imports; jq runs no program and writes no file
jq: getopt
  -c --compact-output
  -n --null-input
  -e --exit-status
  -s --slurp
  -r --raw-output
  -j --join-output
  -a --ascii-output
  -R --raw-input
  -C --color-output
  -M --monochrome-output
  -S --sort-keys
  --tab
  --indent=N : text
  --seq
  --stream
  --unbuffered
  -f --from-file=FILE : code-file first
  -L DIR : read-tree
  --arg NAME VALUE : text
  --argjson NAME TEXT : text
  --slurpfile NAME FILE : reads
  --rawfile NAME FILE : reads
  --argfile NAME FILE : reads
  --args
  --jsonargs
  operands: text reads...
`;
