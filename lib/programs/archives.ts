/**
 * Archivers and compressors: tar, zip, unzip, gzip, bzip2, xz, zstd; each one's options from
 * its own help or manual (versions of Debian 12), in the notation of `_notation.ts`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const ARCHIVES = `
# tar --help (GNU tar 1.34); bsdtar (libarchive 3.6.2) takes the same modes and -f, -C, -T, -X;
# a first word without a dash is old-style letters (tar cbf 20 out.tar: -c -b 20 -f out.tar);
# -C DIR is the directory the operands after it are taken in, when creating as when extracting
tar, gtar, bsdtar: getopt abbreviates letters
  -A --catenate --concatenate : append
  -c --create : create
  --delete : update
  -d --diff --compare : list
  -r --append : append
  --test-label : list
  -t --list : list
  -u --update : update
  -x --extract --get : extract
  --check-device
  -g --listed-incremental=FILE : reads writes
  -G --incremental
  --hole-detection=TYPE : text
  --ignore-failed-read
  --level=NUMBER : text
  --no-check-device
  --no-seek
  -n --seek
  --occurrence[=NUMBER]
  --sparse-version=VERSION : text
  -S --sparse
  --add-file=FILE
  -C --directory=DIR : cwd
  --exclude=PATTERN : text
  --exclude-backups
  --exclude-caches
  --exclude-caches-all
  --exclude-caches-under
  --exclude-ignore=FILE : text
  --exclude-ignore-recursive=FILE : text
  --exclude-tag=FILE : text
  --exclude-tag-all=FILE : text
  --exclude-tag-under=FILE : text
  --exclude-vcs
  --exclude-vcs-ignores
  --no-null
  --no-recursion
  --no-unquote
  --no-verbatim-files-from
  --null
  --recursion
  -T --files-from=FILE : reads-list
  --unquote
  --verbatim-files-from
  -X --exclude-from=FILE : reads
  --anchored
  --ignore-case
  --no-anchored
  --no-ignore-case
  --no-wildcards
  --no-wildcards-match-slash
  --wildcards
  --wildcards-match-slash
  --keep-directory-symlink
  --keep-newer-files
  -k --keep-old-files
  --no-overwrite-dir
  --one-top-level[=DIR]
  --overwrite
  --overwrite-dir
  --recursive-unlink
  --remove-files : removes-sources
  --skip-old-files
  -U --unlink-first
  -W --verify
  --ignore-command-error
  --no-ignore-command-error
  -O --to-stdout : stdout
  --to-command=COMMAND : shell stdout
  --atime-preserve[=METHOD]
  --clamp-mtime
  --delay-directory-restore
  --group=NAME : text
  --group-map=FILE : reads
  --mode=CHANGES : text
  --mtime=DATE_OR_FILE
  -m --touch
  --no-delay-directory-restore
  --no-same-owner
  --no-same-permissions
  --numeric-owner
  --owner=NAME : text
  --owner-map=FILE : reads
  -p --preserve-permissions --same-permissions
  --same-owner
  --sort=ORDER : text
  -s --preserve-order --same-order
  --acls
  --no-acls
  --no-selinux
  --no-xattrs
  --selinux
  --xattrs
  --xattrs-exclude=MASK : text
  --xattrs-include=MASK : text
  --force-local
  -f --file=ARCHIVE : archive
  -F --info-script --new-volume-script=NAME : shell
  -L --tape-length=NUMBER : text
  -M --multi-volume
  --rmt-command=COMMAND : runs
  --rsh-command=COMMAND : runs
  --volno-file=FILE : writes
  -b --blocking-factor=BLOCKS : text
  -B --read-full-records
  -i --ignore-zeros
  --record-size=NUMBER : text
  -H --format=FORMAT : text
  --old-archive --portability
  --pax-option=OPTIONS : text
  --posix
  -V --label=TEXT : text
  -a --auto-compress
  -I --use-compress-program=PROG : shell
  -j --bzip2
  -J --xz
  --lzip
  --lzma
  --lzop
  --no-auto-compress
  --zstd
  -z --gzip --gunzip --ungzip
  -Z --compress --uncompress
  --backup[=CONTROL]
  --hard-dereference
  -h --dereference : follows-links
  -K --starting-file=MEMBER_NAME : text
  --newer-mtime=DATE : text
  -N --newer --after-date=DATE_OR_FILE
  --one-file-system
  -P --absolute-names
  --suffix=STRING : text
  --strip-components=NUMBER : text
  --transform --xform=EXPRESSION : text
  --checkpoint[=NUMBER]
  --checkpoint-action=ACTION : shell=exec=
  --full-time
  --index-file=FILE : writes
  -l --check-links
  --no-quote-chars=STRING : text
  --quote-chars=STRING : text
  --quoting-style=STYLE : text
  -R --block-number
  --show-defaults
  --show-omitted-dirs
  --show-snapshot-field-ranges
  --show-transformed-names --show-stored-names
  --totals[=SIGNAL]
  --utc
  -v --verbose
  --warning=KEYWORD : text
  -w --interactive --confirmation
  -o
  --restrict
  env: *TAR_OPTIONS=code=options

# man zip (Zip 3.0): zip [options] zipfile [file...]; zip reads a unique prefix of a long option
# (it refuses --recurse-pa: ambiguous); -m removes the files it stores; it stores what a link
# leads to unless -y
zip: getopt abbreviates follows-links
  -a --ascii
  -A --adjust-sfx
  -AC --archive-clear
  -AS --archive-set
  -B --binary
  -b --temp-path=PATH : write-tree
  -c --entry-comments
  -C --preserve-case
  -d --delete
  -db --display-bytes
  -dc --display-counts
  -dd --display-dots
  -df --datafork
  -dg --display-globaldots
  -ds --dot-size=SIZE : text
  -du --display-usize
  -dv --display-volume
  -D --no-dir-entries
  -DF --dif --difference-archive
  -e --encrypt
  -E --longnames
  -f --freshen
  -F --fix
  -FF --fixfix
  -FI --fifo
  -FS --filesync
  -g --grow
  -i --include=FILES : text
  -I --no-image
  -ic --ignore-case
  -j --junk-paths
  -jj --absolute-path
  -J --junk-sfx
  -k --DOS-names
  -l --to-crlf
  -la --log-append
  -lf --logfile-path=LOGFILEPATH : writes
  -li --log-info
  -ll --from-crlf
  -L --license
  -m --move : removes-sources
  -MM --must-match
  -n --suffixes=SUFFIXES : text
  -nw --no-wild
  -N --notes
  -o --latest-time
  -O --output-file --out=OUTPUT_FILE : writes
  -p --paths
  -P --password=PASSWORD : text
  -q --quiet
  -Q --Q-flag=N : text
  -r --recurse-paths : recursive
  -R --recurse-patterns : recursive
  -RE --regex
  -s --split-size=SPLITSIZE : text
  -sb --split-bell
  -sc --show-command
  -sf --show-files : list
  -so --show-options
  -sp --split-pause
  -su --show-unicode
  -sU --show-just-unicode
  -sv --split-verbose
  -S --system-hidden
  -t --from-date=MMDDYYYY : text
  -tt --before-date=MMDDYYYY : text
  -T --test
  -TT --unzip-command=CMD : shell
  -u --update
  -U --copy-entries
  -UN --unicode=V : text
  -v --verbose
  -V --VMS-portable
  -VV --VMS-specific
  -w --VMS-versions
  -ww --VMS-dot-versions
  -ws --wild-stop-dirs
  -x --exclude=FILES : text
  -X --no-extra
  -y --symlinks : no-follow
  -z --archive-comment
  -Z --compression-method=CM : text
  -@ --names-stdin
  operands: writes reads...

# unzip -h (UnZip 6.00): unzip [-Z] [-opts] file[.zip] [list] [-x xlist] [-d exdir]; it extracts
# into exdir, or where it runs
unzip: getopt
  -p : stdout
  -c : stdout
  -l : list
  -t : list
  -z : list
  -v : list
  -Z : list
  -f
  -u
  -T
  -x XLIST : text
  -d EXDIR : write-tree
  -n
  -q
  -o
  -a
  -j
  -U
  -C
  -L
  -X
  -V
  -K
  -M
  -P PASSWORD : text
  operands: reads text...

# gzip --help (gzip 1.12); gunzip and zcat are gzip -d and gzip -dc
gzip, gunzip: getopt abbreviates
  -c --stdout --to-stdout : stdout
  -d --decompress --uncompress
  -f --force
  -k --keep
  -l --list : list
  -L --license
  -n --no-name
  -N --name
  -q --quiet
  -r --recursive : recursive
  --rsyncable
  -S --suffix=SUF : text
  --synchronous
  -t --test : list
  -v --verbose
  -1 --fast
  -9 --best
  operands: writes...

# bzip2 --help (bzip2 1.0.8)
bzip2, bunzip2: getopt
  -d --decompress
  -z --compress
  -k --keep
  -f --force
  -t --test : list
  -c --stdout : stdout
  -q --quiet
  -v --verbose
  -L --license
  -s --small
  --fast
  --best
  operands: writes...

# xz --long-help (XZ Utils 5.4.1); unxz is xz -d
xz, unxz, lzma, unlzma: getopt abbreviates
  -z --compress
  -d --decompress --uncompress
  -t --test : list
  -l --list : list
  -k --keep
  -f --force
  -c --stdout --to-stdout : stdout
  --single-stream
  --no-sparse
  -S --suffix=SUF : text
  --files[=FILE] : reads-list
  --files0[=FILE] : reads-list
  -F --format=FMT : text
  -C --check=CHECK : text
  --ignore-check
  -e --extreme
  -T --threads=NUM : text
  --block-size=SIZE : text
  --block-list=SIZES : text
  --flush-timeout=TIMEOUT : text
  --memlimit-compress=LIMIT : text
  --memlimit-decompress=LIMIT : text
  --memlimit-mt-decompress=LIMIT : text
  -M --memlimit --memory=LIMIT : text
  --no-adjust
  --lzma1[=OPTS]
  --lzma2[=OPTS]
  --x86[=OPTS]
  --arm[=OPTS]
  --armthumb[=OPTS]
  --arm64[=OPTS]
  --powerpc[=OPTS]
  --ia64[=OPTS]
  --sparc[=OPTS]
  --delta[=OPTS]
  -q --quiet
  -v --verbose
  -Q --no-warn
  --robot
  --info-memory
  operands: writes...

# zstd -H (zstd 1.5.4): -o OUTPUT writes one file; --output-dir-flat and --output-dir-mirror
# write into a directory; -# and -T#, -B#, -M# are glued numbers
zstd, unzstd, zstdmt: getopt
  -o OUTPUT : output
  -k --keep
  --rm : removes-sources
  -d --decompress --uncompress
  -D DICT : reads
  -f --force
  -c --stdout : stdout
  -v --verbose
  -q --quiet
  --trace=LOG : writes
  -r : recursive
  --filelist=LIST : reads-list
  --output-dir-flat=DIR : write-tree
  --output-dir-mirror=DIR : write-tree
  --ultra
  --fast[=LEVEL]
  --adapt
  --long[=WINDOW_LOG]
  --patch-from=REF : reads
  --single-thread
  --auto-threads=MODE : text
  --rsyncable
  --exclude-compressed
  --stream-size=SIZE : text
  --size-hint=SIZE : text
  --target-compressed-block-size=SIZE : text
  --no-dictID
  --format=FORMAT : text
  -l --list : list
  -t --test : list
  --train
  --maxdict=SIZE : text
  --dictID=ID : text
  operands: writes...
`;
