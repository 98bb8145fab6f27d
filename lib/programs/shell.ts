/**
 * Builtins and wrappers whose words change where a command works or what it writes: cd, pushd,
 * env, sudo, flock, time, history, script, su; and the variables of every program (`(any)`); in
 * the notation of `_notation.ts`. Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const SHELL = `
# bash 5.2 help cd, help pushd: cd [-L|[-P [-e]] [-@]] [dir]; pushd [-n] [+N | -N | dir]
cd, pushd: getopt stops
  -L
  -P
  -e
  -@
  -n
  operands: cwd

# env --help (GNU coreutils 9.1): the options end at the first operand (NAME=VALUE, then the
# command); a lone - is -i
env: getopt abbreviates stops
  - -i --ignore-environment
  -0 --null
  -u --unset=NAME : text
  -C --chdir=DIR : cwd
  -S --split-string=S : runs
  --block-signal[=SIG]
  --default-signal[=SIG]
  --ignore-signal[=SIG]
  --list-signal-handling
  -v --debug
  operands: runs...

# sudo -h and man sudo (sudo 1.9.13): getopt "+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv";
# -D DIR runs the command in DIR; -e, -l, -v, -V run none; -s, -i start a shell (reading standard
# input when no command follows)
sudo: getopt abbreviates stops
  -A --askpass
  -a --auth-type=TYPE : text
  -B --bell
  -b --background
  -C --close-from=NUM : text
  -c --login-class=CLASS : text
  -D --chdir=DIRECTORY : cwd
  -E
  --preserve-env[=LIST]
  -e --edit : no-exec
  -g --group=GROUP : text
  -H --set-home
  -h[HOST]
  --host=HOST : text
  -i --login : starts-shell
  -K --remove-timestamp
  -k --reset-timestamp
  -l --list : no-exec
  -N --no-update
  -n --non-interactive
  -P --preserve-groups
  -p --prompt=PROMPT : text
  -R --chroot=DIRECTORY
  -r --role=ROLE : text
  -S --stdin
  -s --shell : starts-shell
  -T --command-timeout=TIMEOUT : text
  -t --type=TYPE : text
  -U --other-user=USER : text
  -u --user=USER : text
  -V --version : no-exec
  -v --validate : no-exec
  operands: runs...

# man doas (OpenBSD 7.4): doas [-Lns] [-C config] [-u user] command [arg ...]
doas: getopt stops
  -C CONFIG : reads
  -L : no-exec
  -n
  -s : starts-shell
  -u USER : text
  operands: runs...

# flock --help (util-linux 2.38.1): flock [options] FILE COMMAND... or FILE -c COMMAND; it creates
# FILE (a number is a descriptor, no file); -c runs COMMAND with $SHELL -c (flock.c reads its
# options, then FILE, then -c or --command as the word right after FILE)
flock: getopt abbreviates stops
  -s --shared
  -x -e --exclusive
  -u --unlock
  -n --nb --nonblock
  -w --wait --timeout=SECS : text
  -E --conflict-exit-code=NUMBER : text
  -o --close
  -c --command=COMMAND : shell
  -F --no-fork
  --verbose
  operands: writes runs...
  env: SHELL=runs

# /usr/bin/time --help (GNU time 1.9): time [options] COMMAND [ARG]...; -o FILE gets its report
time: getopt abbreviates stops
  -a --append
  -f --format=FORMAT : text
  -o --output=FILE : writes
  -p --portability
  -q --quiet
  -v --verbose
  operands: runs...
# The variables of every program, held against every command that sets them (a program may run
# another that reads them): the C library's (glibc 2.36, tzset(3), ld.so(8), iconv_open(3): the
# zone file TZ names, the directory TZDIR and LOCPATH name, the modules GCONV_PATH and the loader's
# variables load), the start-up files a shell runs (bash(1): BASH_ENV, ENV), and the conventions
# for the programs others run (environ(7), less(1), git(1), cvs(1), svn(1): PAGER, EDITOR, ...; a
# value LESSOPEN='|CMD %s' without its pipes)
(any): getopt
  env: TZ=reads TZDIR=read-tree LOCPATH=read-tree NLSPATH=reads GCONV_PATH=library
  env: LD_PRELOAD=library LD_LIBRARY_PATH=library LD_AUDIT=library BASH_ENV=code-file
  env: ENV=code-file XDG_CONFIG_HOME=code-file PAGER=shell MANPAGER=shell SYSTEMD_PAGER=shell
  env: EDITOR=shell VISUAL=shell FCEDIT=shell BROWSER=shell LESSOPEN=shell LESSCLOSE=shell
  env: SSH_ASKPASS=runs CVS_RSH=runs SVN_SSH=shell

# bash 5.2 help test: test [expr], [ expr ]; the file operators (-e, -f, -r, -s, -nt, ...) look a
# file up, none opens it; every other word is a string, a number or an operator
test, [: single-dash
  -a -b -c -d -e -f -g -h -k -p -r -s -t -u -w -x -G -L -N -O -S -z -n -o -v -R
  -nt -ot -ef -eq -ne -lt -le -gt -ge
  operands: text...

# bash 5.2 help shopt: shopt [-pqsu] [-o] [optname ...]; -s sets each OPTNAME (SHOPT_GLOBS,
# SHOPT_CDABLE below), -u unsets it, -p and -q only print or test
shopt: getopt
  -p : list
  -q : list
  -s
  -u
  -o
  operands: text...

# bash 5.2 help history: history [-c] [-d offset] [n], history -anrw [filename], history -ps arg...;
# -r and -n read FILENAME (else HISTFILE), -a and -w write it
history: getopt
  -c
  -d OFFSET : text
  -a : in-place
  -n
  -r
  -w : in-place
  -p
  -s
  operands: reads...
  env: HISTFILE=reads,writes

# script --help (util-linux 2.38.1): script [options] [file]; it writes the typescript to FILE; -c
# runs COMMAND with $SHELL -c (the shell itself without it)
script: getopt abbreviates
  -I --log-in=FILE : writes
  -O --log-out=FILE : writes
  -B --log-io=FILE : writes
  -T --log-timing=FILE : writes
  -t[FILE] --timing[=FILE] : writes
  -m --logging-format=NAME : text
  -a --append
  -c --command=COMMAND : shell
  -e --return
  -f --flush
  --force
  -E --echo=WHEN : text
  -o --output-limit=SIZE : text
  -q --quiet
  -h --help
  -V --version
  operands: writes
  env: SHELL=runs

# su --help (util-linux 2.38.1): su [options] [-] [USER [ARGUMENT...]]; the user's shell (or -s
# SHELL, or $SHELL with -m) runs -c COMMAND, or the arguments
su: getopt abbreviates
  -m -p --preserve-environment
  -w --whitelist-environment=LIST : text
  -g --group=GROUP : text
  -G --supp-group=GROUP : text
  -l --login
  -c --command=COMMAND : shell
  --session-command=COMMAND : shell
  -f --fast
  -s --shell=SHELL : runs
  -P --pty
  -h --help
  -V --version
  operands: text any...
  env: SHELL=runs

`;

/**
 * The options of bash's `shopt -s` that let a glob match names its text does not show (bash 5.2,
 * "The Shopt Builtin"): `nocaseglob` (`.EN?` matches `.env`), `extglob` (`.@(env)`),
 * `nocasematch`, `globasciiranges` (`[a-z]` in the C locale's order).
 */
export const SHOPT_GLOBS: ReadonlySet<string> = new Set([
  "nocaseglob",
  "extglob",
  "nocasematch",
  "globasciiranges",
]);

/** The option of `shopt -s` that lets `cd NAME` go where a variable NAME points. */
export const SHOPT_CDABLE = "cdable_vars";
