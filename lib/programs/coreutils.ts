/**
 * GNU coreutils' programs that write, and those whose options read a file: each one's options
 * from its `--help` (GNU coreutils 9.1, Debian 12), in the notation of `_notation.ts`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const COREUTILS = `
# cp --help (GNU coreutils 9.1); man cp: -a is -dR --preserve=all
cp: getopt abbreviates
  -a --archive : recursive
  --attributes-only
  --backup[=CONTROL]
  -b
  --copy-contents
  -d
  -f --force
  -i --interactive
  -H
  -l --link
  -L --dereference : follows-links
  -n --no-clobber
  -P --no-dereference
  -p
  --preserve[=ATTR_LIST]
  --no-preserve=ATTR_LIST
  --parents
  -R -r --recursive : recursive
  --reflink[=WHEN]
  --remove-destination
  --sparse=WHEN
  --strip-trailing-slashes
  -s --symbolic-link
  -S --suffix=SUFFIX
  -t --target-directory=DIRECTORY : into
  -T --no-target-directory
  -u --update
  -v --verbose
  -x --one-file-system
  -Z
  --context[=CTX]
  operands: reads... writes

# mv --help (GNU coreutils 9.1): the sources are removed, a directory with all below it
mv: getopt abbreviates recursive
  --backup[=CONTROL]
  -b
  -f --force
  -i --interactive
  -n --no-clobber
  --strip-trailing-slashes
  -S --suffix=SUFFIX
  -t --target-directory=DIRECTORY : into
  -T --no-target-directory
  -u --update
  -v --verbose
  -Z --context
  operands: writes... writes

# ln --help (GNU coreutils 9.1): the targets are not read, the links are made
ln: getopt abbreviates
  --backup[=CONTROL]
  -b
  -d -F --directory
  -f --force
  -i --interactive
  -L --logical
  -n --no-dereference
  -P --physical
  -r --relative
  -s --symbolic : symbolic
  -S --suffix=SUFFIX
  -t --target-directory=DIRECTORY : into
  -T --no-target-directory
  -v --verbose
  operands: any... writes

# install --help (GNU coreutils 9.1)
install: getopt abbreviates
  --backup[=CONTROL]
  -b
  -c
  -C --compare
  -d --directory : directory
  -D
  -g --group=GROUP
  -m --mode=MODE
  -o --owner=OWNER
  -p --preserve-timestamps
  -s --strip
  --strip-program=PROGRAM : runs
  -S --suffix=SUFFIX
  -t --target-directory=DIRECTORY : into
  -T --no-target-directory
  -v --verbose
  --preserve-context
  -Z
  --context[=CTX]
  operands: reads... writes

# rm --help (GNU coreutils 9.1)
rm: getopt abbreviates
  -f --force
  -i
  -I
  --interactive[=WHEN]
  --one-file-system
  --no-preserve-root
  --preserve-root[=ALL]
  -r -R --recursive : recursive
  -d --dir
  -v --verbose
  operands: writes...

# rmdir --help (GNU coreutils 9.1)
rmdir: getopt abbreviates
  --ignore-fail-on-non-empty
  -p --parents
  -v --verbose
  operands: writes...

# unlink --help (GNU coreutils 9.1)
unlink: getopt
  operands: writes

# shred --help (GNU coreutils 9.1)
shred: getopt abbreviates
  -f --force
  -n --iterations=N
  --random-source=FILE : reads
  -s --size=N
  -u
  --remove[=HOW]
  -v --verbose
  -x --exact
  -z --zero
  operands: writes...

# touch --help (GNU coreutils 9.1)
touch: getopt abbreviates
  -a
  -c --no-create
  -d --date=STRING : text
  -f
  -h --no-dereference
  -m
  -r --reference=FILE
  -t STAMP : text
  --time=WORD : text
  operands: writes...

# mkdir --help (GNU coreutils 9.1)
mkdir: getopt abbreviates
  -m --mode=MODE : text
  -p --parents
  -v --verbose
  -Z
  --context[=CTX]
  operands: writes...

# mkfifo --help (GNU coreutils 9.1)
mkfifo: getopt abbreviates
  -m --mode=MODE : text
  -Z
  --context[=CTX]
  operands: writes...

# mknod --help (GNU coreutils 9.1): NAME TYPE [MAJOR MINOR]
mknod: getopt abbreviates
  -m --mode=MODE : text
  -Z
  --context[=CTX]
  operands: writes text...

# truncate --help (GNU coreutils 9.1)
truncate: getopt abbreviates
  -c --no-create
  -o --io-blocks
  -r --reference=RFILE
  -s --size=SIZE : text
  operands: writes...

# chmod --help (GNU coreutils 9.1): --reference gives the mode
chmod: getopt abbreviates
  -c --changes
  -f --silent --quiet
  -v --verbose
  --no-preserve-root
  --preserve-root
  --reference=RFILE : first
  -R --recursive : recursive
  operands: text writes...

# chown --help (GNU coreutils 9.1): --reference gives the owner
chown: getopt abbreviates
  -c --changes
  -f --silent --quiet
  -v --verbose
  --dereference
  -h --no-dereference
  --from=CURRENT_OWNER : text
  --no-preserve-root
  --preserve-root
  --reference=RFILE : first
  -R --recursive : recursive
  -H
  -L
  -P
  operands: text writes...

# chgrp --help (GNU coreutils 9.1): --reference gives the group
chgrp: getopt abbreviates
  -c --changes
  -f --silent --quiet
  -v --verbose
  --dereference
  -h --no-dereference
  --no-preserve-root
  --preserve-root
  --reference=RFILE : first
  -R --recursive : recursive
  -H
  -L
  -P
  operands: text writes...

# tee --help (GNU coreutils 9.1)
tee: getopt abbreviates
  -a --append
  -i --ignore-interrupts
  -p
  --output-error[=MODE]
  operands: writes...

# mktemp --help (GNU coreutils 9.1): it makes one file (or directory, -d) named by its template
# (default tmp.XXXXXXXXXX), its trailing Xs random; -p DIR and --tmpdir[=DIR] (optional) make it
# in DIR
mktemp: getopt abbreviates
  -d --directory
  -u --dry-run : dry-run
  -q --quiet
  --suffix=SUFF : text
  -p DIR : into
  --tmpdir[=DIR] : into
  -t
  operands: prefix

# dd --help (GNU coreutils 9.1): its operands are NAME=VALUE (of=FILE writes, if=FILE reads)
dd: getopt

# du --help (GNU coreutils 9.1): it lists names and sizes, it reads no file's content
du: getopt abbreviates
  -0 --null
  -a --all
  --apparent-size
  -B --block-size=SIZE : text
  -b --bytes
  -c --total
  -D --dereference-args
  -d --max-depth=N : text
  --files0-from=F : reads
  -H
  -h --human-readable
  --inodes
  -k
  -L --dereference
  -l --count-links
  -m
  -P --no-dereference
  -S --separate-dirs
  --si
  -s --summarize
  -t --threshold=SIZE : text
  --time[=WORD]
  --time-style=STYLE : text
  -X --exclude-from=FILE : reads
  --exclude=PATTERN : text
  -x --one-file-system

# wc --help (GNU coreutils 9.1)
wc: getopt abbreviates
  -c --bytes
  -m --chars
  -l --lines
  --files0-from=F : reads-list
  -L --max-line-length
  -w --words
  operands: reads...

# sort --help (GNU coreutils 9.1)
sort: getopt abbreviates
  -b --ignore-leading-blanks
  -d --dictionary-order
  -f --ignore-case
  -g --general-numeric-sort
  -i --ignore-nonprinting
  -M --month-sort
  -h --human-numeric-sort
  -n --numeric-sort
  -R --random-sort
  --random-source=FILE : reads
  -r --reverse
  --sort=WORD : text
  --batch-size=NMERGE : text
  -c -C
  --check[=DIAGNOSE]
  --compress-program=PROG : runs
  --debug
  --files0-from=F : reads-list
  -k --key=KEYDEF : text
  -m --merge
  -o --output=FILE : writes
  -s --stable
  -S --buffer-size=SIZE : text
  -t --field-separator=SEP : text
  -T --temporary-directory=DIR : write-tree
  --parallel=N : text
  -u --unique
  -V --version-sort
  -z --zero-terminated
  operands: reads...

# shuf --help (GNU coreutils 9.1)
shuf: getopt abbreviates
  -e --echo
  -i --input-range=LO_HI : text
  -n --head-count=COUNT : text
  -o --output=FILE : writes
  --random-source=FILE : reads
  -r --repeat
  -z --zero-terminated
  operands: reads...

# uniq --help (GNU coreutils 9.1): uniq [INPUT [OUTPUT]]
uniq: getopt abbreviates
  -c --count
  -d --repeated
  -D
  --all-repeated[=METHOD]
  -f --skip-fields=N : text
  --group[=METHOD]
  -i --ignore-case
  -s --skip-chars=N : text
  -u --unique
  -z --zero-terminated
  -w --check-chars=N : text
  operands: reads writes

# split --help (GNU coreutils 9.1): split [FILE [PREFIX]], the pieces PREFIXaa, PREFIXab, ...
split: getopt abbreviates
  -a --suffix-length=N : text
  --additional-suffix=SUFFIX : text
  -b --bytes=SIZE : text
  -C --line-bytes=SIZE : text
  -d
  --numeric-suffixes[=FROM]
  -x
  --hex-suffixes[=FROM]
  -e --elide-empty-files
  --filter=COMMAND : shell
  -l --lines=NUMBER : text
  -n --number=CHUNKS : text
  -t --separator=SEP : text
  -u --unbuffered
  --verbose
  operands: reads prefix

# csplit --help (GNU coreutils 9.1): the pieces PREFIX00, PREFIX01, ... (xx without -f)
csplit: getopt abbreviates
  -b --suffix-format=FORMAT : text
  -f --prefix=PREFIX : prefix
  -k --keep-files
  --suppress-matched
  -n --digits=DIGITS : text
  -s --quiet --silent
  -z --elide-empty-files
  operands: reads text...
`;
