/**
 * Compilers, binutils and sqlite3: each one's options from its own help or manual (GCC 12,
 * GNU Binutils 2.40, SQLite 3.40.1; Debian 12), in the notation of `_notation.ts`. GCC and
 * binutils read a response file given as a word `@FILE` (libiberty's `expandargv`), anywhere in
 * their words: the trait `response-files`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const BUILD = `
# gcc --help and man gcc (GCC 12.2): single-dash options, -oFILE and -IDIR glued too
gcc, cc, c++, g++, gcc-*, g++-*, clang, clang++, clang-*: single-dash response-files
  -o FILE : writes
  -x LANGUAGE : text
  -I DIR
  -L DIR
  -l LIBRARY : text
  -D MACRO : text
  -U MACRO : text
  -include FILE : reads
  -imacros FILE : reads
  -isystem DIR
  -iquote DIR
  -idirafter DIR
  -isysroot DIR
  -iprefix PREFIX
  -iwithprefix DIR
  -iwithprefixbefore DIR
  -MF FILE : writes
  -MT TARGET : text
  -MQ TARGET : text
  -T SCRIPT : reads
  -Xlinker OPTION : text
  -Xassembler OPTION : text
  -Xpreprocessor OPTION : text
  -e ENTRY : text
  -u SYMBOL : text
  -z KEYWORD : text
  -wrapper PROGRAM : runs
  -B PREFIX
  -aux-info FILE : writes
  --param PARAMETER : text
  operands: reads...

# ld --help (GNU ld 2.40): getopt_long_only, so -Map and -soname are long options too
ld, ld.bfd, ld.gold, ld.lld: getopt abbreviates response-files
  -o --output=FILE : writes
  -T --script=FILE : reads
  -dT --default-script=FILE : reads
  -c --mri-script=FILE : reads
  -R --just-symbols=FILE : reads
  -Map FILE : writes
  --dependency-file=FILE : writes
  --out-implib=FILE : writes
  --version-script=FILE : reads
  --dynamic-list=FILE : reads
  --retain-symbols-file=FILE : reads
  --export-dynamic-symbol-list=FILE : reads
  -h -soname=FILENAME : text
  -e --entry=ADDRESS : text
  -L --library-path=DIRECTORY
  -l --library=NAMESPEC : text
  -m EMULATION : text
  -u --undefined=SYMBOL : text
  -y --trace-symbol=SYMBOL : text
  -z KEYWORD : text
  -A --architecture=ARCH : text
  -b --format=TARGET : text
  -F --filter=NAME : text
  -f --auxiliary=NAME : text
  -G --gpsize=SIZE : text
  -Y PATH : text
  --defsym=SYMBOL_EXPRESSION : text
  --sysroot=DIRECTORY
  -rpath PATH : text
  -rpath-link PATH : text
  operands: reads...

# as --help (GNU as 2.40)
as, gas: getopt abbreviates response-files
  -o OBJFILE : writes
  -I DIR
  --MD=FILE : writes
  -a[LISTING]
  --defsym=SYM_VAL : text
  operands: reads...

# strings --help (GNU strings 2.40)
strings: getopt abbreviates response-files
  -a --all
  -d --data
  -f --print-file-name
  -n --bytes=NUMBER : text
  -t --radix=RADIX : text
  -w --include-all-whitespace
  -o
  -T --target=BFDNAME : text
  -e --encoding=ENCODING : text
  -U --unicode=MODE : text
  -s --output-separator=STRING : text
  operands: reads...

# objdump --help (GNU objdump 2.40)
objdump: getopt abbreviates response-files
  -a --archive-headers
  -f --file-headers
  -p --private-headers
  -P --private=OPTS : text
  -h --headers --section-headers
  -x --all-headers
  -d
  -D --disassemble-all
  --disassemble[=SYM]
  -S --source
  --source-comment[=TXT]
  -s --full-contents
  -g --debugging
  -e --debugging-tags
  -G --stabs
  -W[SECTIONS] --dwarf[=SECTIONS]
  -L --process-links
  --ctf[=SECTION]
  --sframe[=SECTION]
  -t --syms
  -T --dynamic-syms
  -r --reloc
  -R --dynamic-reloc
  -i --info
  -b --target=BFDNAME : text
  -m --architecture=MACHINE : text
  -j --section=NAME : text
  -M --disassembler-options=OPT : text
  -EB -EL
  --endian=ENDIAN : text
  --file-start-context
  -I --include=DIR
  -l --line-numbers
  -F --file-offsets
  -C[STYLE] --demangle[=STYLE]
  --recurse-limit
  --no-recurse-limit
  -w --wide
  -U[MODE] --unicode=MODE : text
  -z --disassemble-zeroes
  --start-address=ADDR : text
  --stop-address=ADDR : text
  --no-addresses
  --prefix-addresses
  --show-raw-insn
  --no-show-raw-insn
  --insn-width=WIDTH : text
  --adjust-vma=OFFSET : text
  --show-all-symbols
  --special-syms
  --inlines
  --prefix=PREFIX : text
  --prefix-strip=LEVEL : text
  --dwarf-depth=N : text
  --dwarf-start=N : text
  --dwarf-check
  --ctf-parent=NAME : text
  --visualize-jumps[=MODE]
  --disassembler-color=MODE : text
  operands: reads...

# nm --help (GNU nm 2.40)
nm: getopt abbreviates response-files
  -a --debug-syms
  -A -o --print-file-name
  -B
  -C[STYLE] --demangle[=STYLE]
  --no-demangle
  -D --dynamic
  -f --format=FORMAT : text
  -g --extern-only
  --ifunc-chars=CHARS : text
  -j --just-symbols
  -l --line-numbers
  -n --numeric-sort
  -p --no-sort
  -P --portability
  -r --reverse-sort
  --plugin=NAME : text
  -S --print-size
  -s --print-armap
  --size-sort
  -t --radix=RADIX : text
  --target=BFDNAME : text
  -u --undefined-only
  -U --defined-only
  --unicode=MODE : text
  -W --no-weak
  operands: reads...

# readelf --help (GNU readelf 2.40)
readelf: getopt abbreviates response-files
  -a --all
  -h --file-header
  -l --program-headers --segments
  -S --section-headers --sections
  -g --section-groups
  -t --section-details
  -e --headers
  -s --syms --symbols
  --dyn-syms
  --lto-syms
  --sym-base=BASE : text
  -C[STYLE] --demangle[=STYLE]
  -U[MODE] --unicode=MODE : text
  -n --notes
  -r --relocs
  -u --unwind
  -d --dynamic
  -V --version-info
  -A --arch-specific
  -c --archive-index
  -D --use-dynamic
  -L --lint --enable-checks
  -x --hex-dump=SECTION : text
  -p --string-dump=SECTION : text
  -R --relocated-dump=SECTION : text
  -z --decompress
  -w[SECTIONS] --debug-dump[=SECTIONS]
  -P --process-links
  --dwarf-depth=N : text
  --dwarf-start=N : text
  --ctf=SECTION : text
  --ctf-parent=NAME : text
  --ctf-symbols=SECTION : text
  --ctf-strings=SECTION : text
  --sframe[=NAME]
  -I --histogram
  -W --wide
  -T --silent-truncation
  operands: reads...

# size --help and addr2line --help (GNU Binutils 2.40)
size: getopt abbreviates response-files
  -A -B -G
  --format=FORMAT : text
  -o -d -x
  --radix=RADIX : text
  --common
  -t --totals
  --target=BFDNAME : text
  operands: reads...

# addr2line --help (GNU Binutils 2.40)
addr2line: getopt abbreviates response-files
  -a --addresses
  -b --target=BFDNAME : text
  -e --exe=FILE : reads
  -i --inlines
  -j --section=NAME : text
  -p --pretty-print
  -s --basenames
  -f --functions
  -C[STYLE] --demangle[=STYLE]
  -R --recurse-limit
  -r --no-recurse-limit
  operands: text...

# strip --help and objcopy --help (GNU Binutils 2.40): strip changes its files (or writes -o
# FILE); objcopy IN [OUT] writes OUT, else IN
strip: getopt abbreviates response-files
  -I --input-target=BFDNAME : text
  -O --output-target=BFDNAME : text
  -F --target=BFDNAME : text
  -p --preserve-dates
  -D --enable-deterministic-archives
  -U --disable-deterministic-archives
  -R --remove-section=NAME : text
  --remove-relocations=NAME : text
  -s --strip-all
  -g -S -d --strip-debug
  -N --strip-symbol=NAME : text
  -K --keep-symbol=NAME : text
  --keep-section=NAME : text
  -w --wildcard
  -x --discard-all
  -X --discard-locals
  -o FILE : writes
  operands: writes...

# objcopy --help (GNU Binutils 2.40)
objcopy: getopt abbreviates response-files
  -I --input-target=BFDNAME : text
  -O --output-target=BFDNAME : text
  -B --binary-architecture=ARCH : text
  -F --target=BFDNAME : text
  -j --only-section=NAME : text
  -R --remove-section=NAME : text
  --add-gnu-debuglink=FILE : reads
  --add-section=NAME_FILE : text
  --update-section=NAME_FILE : text
  --dump-section=NAME_FILE : text
  --rename-section=OLD_NEW : text
  -N --strip-symbol=NAME : text
  -K --keep-symbol=NAME : text
  -L --localize-symbol=NAME : text
  -G --keep-global-symbol=NAME : text
  -W --weaken-symbol=NAME : text
  --redefine-sym=OLD_NEW : text
  --redefine-syms=FILE : reads
  --strip-symbols=FILE : reads
  --keep-symbols=FILE : reads
  --localize-symbols=FILE : reads
  --globalize-symbols=FILE : reads
  --weaken-symbols=FILE : reads
  --add-symbol=SPEC : text
  -b --byte=NUM : text
  -i --interleave[=NUM]
  --gap-fill=VAL : text
  --pad-to=ADDR : text
  --set-start=ADDR : text
  --change-section-lma=SPEC : text
  --change-section-vma=SPEC : text
  --set-section-flags=SPEC : text
  --set-section-alignment=SPEC : text
  --prefix-symbols=PREFIX : text
  --prefix-sections=PREFIX : text
  operands: reads writes

# ar --help (GNU ar 2.40): ar KEYLETTERS ARCHIVE MEMBER...; the archive is made or changed
ar: getopt response-files
  --plugin=NAME : text
  --target=BFDNAME : text
  --output=DIRNAME : write-tree
  operands: text writes reads...

# sqlite3 -help (SQLite 3.40.1): sqlite3 [OPTIONS] FILENAME [SQL]: a new database is created;
# each option is also spelled with two dashes
sqlite3: single-dash
  -A ARGS...; : text
  -append
  -ascii
  -bail
  -batch
  -box
  -column
  -cmd COMMAND : code=sql
  -csv
  -deserialize
  -echo
  -init FILENAME : code-file
  -header
  -noheader
  -help
  -html
  -interactive
  -json
  -line
  -list
  -lookaside SIZE N : text
  -markdown
  -maxsize N : text
  -memtrace
  -mmap N : text
  -newline SEP : text
  -nofollow
  -nonce STRING : text
  -nullvalue TEXT : text
  -pagecache SIZE N : text
  -quote
  -readonly : list
  -safe
  -separator SEP : text
  -stats
  -table
  -tabs
  -version
  -vfs NAME : text
  -zip
  operands: writes code=sql...
`;
