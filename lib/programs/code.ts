/**
 * Programs that run code of their own language: python, node, bun, php, lua, osascript, vim; their
 * options, the script
 * they run and the variables that give them code, in the notation of `_notation.ts` (perl, ruby,
 * sed and awk are in `text.ts`). What the code does is read by the deny view's inline-code reader
 * (`lib/shell/programs/_inline_code.ts`). Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const CODE = `
# python3 --help and --help-env (CPython 3.11): the options end at the first operand (-c CMD and
# -m MOD end them too); the script, then its arguments, which the script may read or write; the
# variables that give it code (a start-up file, the breakpoint() hook: PYTHONBREAKPOINT=0 names
# none)
python, python*, pypy, pypy*: getopt stops
  -b
  -B
  -c CMD : code=py
  -d
  -E
  -h -? --help : no-exec
  -i
  -I
  -m MOD : library
  -O
  -P
  -q
  -s
  -S
  -u
  -v
  -V --version : no-exec
  -W ARG : text
  -x
  -X OPT : text
  --check-hash-based-pycs=MODE : text
  --help-env : no-exec
  --help-xoptions : no-exec
  --help-all : no-exec
  operands: code-file any...
  env: *PYTHONSTARTUP=code-file *PYTHONINSPECT=code=options *PYTHONBREAKPOINT=code=py

# node --help (Node.js 20): the options end at the script; -e and -p run code, -r, --import and
# --loader load a module first, --env-file reads variables from a file; NODE_OPTIONS gives more
# options
node, nodejs: getopt stops
  -e --eval=SCRIPT : code=js
  -p --print=SCRIPT : code=js
  -c --check
  -i --interactive
  -r --require=MODULE : library
  --import=MODULE : library
  --loader --experimental-loader=MODULE : library
  --input-type=TYPE : text
  -C --conditions=CONDITION : text
  --title=TITLE : text
  --env-file=FILE : reads
  -v --version : no-exec
  -h --help : no-exec
  operands: code-file any...
  env: *NODE_OPTIONS=code=options

# bun --help (Bun 1.1): bun [flags] <file or script>; -e and -p run code, -r/--preload load a
# module first, --cwd the directory it runs in, --env-file and -c read a file
bun: getopt stops
  -e --eval=SCRIPT : code=js
  -p --print=SCRIPT : code=js
  -r --preload --require=MODULE : library
  --cwd=DIR : cwd
  --env-file=FILE : reads
  -c --config=PATH : reads
  -v --version : no-exec
  -h --help : no-exec
  operands: code-file any...

# php -h (PHP 8.2): -r CODE runs code, -B, -R, -E run code before, for each line of, after the
# input; -f FILE and -F FILE run a file; -c names php.ini, -z a Zend extension it loads
php, php*: getopt stops
  -r --run=CODE : code=php
  -B --process-begin=CODE : code=php
  -R --process-code=CODE : code=php
  -E --process-end=CODE : code=php
  -f --file=FILE : code-file
  -F --process-file=FILE : code-file
  -d --define=FOO_BAR : text
  -c --php-ini=PATH : reads
  -z --zend-extension=FILE : library
  -t DOCROOT : read-tree
  -S ADDR_PORT : text
  -a --interactive
  -C --no-chdir
  -e --profile-info
  -H --hide-args
  -l --syntax-check
  -n --no-php-ini
  -q --no-header
  -s --syntax-highlight --syntax-highlighting
  -w --strip
  -i --info : no-exec
  -m --modules : no-exec
  -v --version : no-exec
  -h --help : no-exec
  operands: code-file any...

# lua -h (Lua 5.4): lua [options] [script [args]]; -e STAT runs a statement, -l NAME loads a
# library; luajit reads its options alike
lua, lua*, luajit: getopt stops
  -e STAT : code=lua
  -l NAME : library
  -i
  -v : no-exec
  -E
  -W
  operands: code-file any...

# man osascript (macOS 14): osascript [-l language] [-i] [-s flags] [-e statement | programfile]
# [argument ...]; every -e is one line of the script
osascript: getopt stops
  -e STATEMENT : code=applescript
  -l LANGUAGE : text
  -i
  -s FLAGS : text
  operands: code-file any...

# vim --help (VIM 9.0): vim [arguments] [file ..]; -c, +CMD and --cmd run ex commands (read by the
# deny view), -S and -u source a file of them, -w and -W write the keys typed to a file, -i names
# the viminfo file it reads and writes; it may write every file it edits; :! and :sh run $SHELL
vim, vi, nvim, ex, view, vimdiff, gvim, evim, rvim, rview: getopt
  -c COMMAND : code=ex
  --cmd=COMMAND : code=ex
  -S FILE : code-file
  -u VIMRC : code-file
  -U GVIMRC : code-file
  -i VIMINFO : reads writes
  -w SCRIPTOUT : writes
  -W SCRIPTOUT : writes
  -T TERMINAL : text
  -t TAG : text
  -q ERRORFILE : reads
  -r
  -L
  -R
  -Z
  -m
  -M
  -b
  -l
  -C
  -N
  -V[N]
  -D
  -n
  -o[N]
  -O[N]
  -p[N]
  -d
  -e
  -E
  -s
  -y
  -g
  -f
  -x
  -X
  -h --help
  --version
  --noplugin
  --clean
  operands: writes...
  env: SHELL=runs *VIMINIT=code=ex *EXINIT=code=ex *MYVIMRC=code-file
`;
