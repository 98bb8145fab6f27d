/**
 * Builtins and wrappers whose words change where a command works or what it writes: cd, pushd,
 * env, sudo, flock, time; in the notation of `_notation.ts`. Pure data.
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
# command)
env: getopt abbreviates stops
  -i --ignore-environment
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
# -D DIR runs the command in DIR
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
  -e --edit
  -g --group=GROUP : text
  -H --set-home
  -h[HOST]
  --host=HOST : text
  -i --login
  -K --remove-timestamp
  -k --reset-timestamp
  -l --list
  -N --no-update
  -n --non-interactive
  -P --preserve-groups
  -p --prompt=PROMPT : text
  -R --chroot=DIRECTORY
  -r --role=ROLE : text
  -S --stdin
  -s --shell
  -T --command-timeout=TIMEOUT : text
  -t --type=TYPE : text
  -U --other-user=USER : text
  -u --user=USER : text
  -V --version
  -v --validate
  operands: runs...

# man doas (OpenBSD 7.4): doas [-Lns] [-C config] [-u user] command [arg ...]
doas: getopt stops
  -C CONFIG : reads
  -L
  -n
  -s
  -u USER : text
  operands: runs...

# flock --help (util-linux 2.38.1): flock [options] FILE COMMAND...; it creates FILE (a number
# is a descriptor, no file)
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

# /usr/bin/time --help (GNU time 1.9): time [options] COMMAND [ARG]...; -o FILE gets its report
time: getopt abbreviates stops
  -a --append
  -f --format=FORMAT : text
  -o --output=FILE : writes
  -p --portability
  -q --quiet
  -v --verbose
  operands: runs...
`;
