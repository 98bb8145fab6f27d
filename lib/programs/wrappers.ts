/**
 * The commands that run another command after their options (`timeout 5 CMD`, `nice -n 5 CMD`,
 * `xargs CMD`, `watch 'CMD'`, ...), in the notation of `_notation.ts`: their options, the operands
 * before the command, and the options after which no command runs or a shell starts. `env`,
 * `sudo`, `doas`, `flock`, `time` are in `shell.ts`. The deny view reads each wrapper with its
 * spec (`lib/shell/_wrapper_options.ts`). Pure data.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const WRAPPERS = `
# timeout --help (GNU coreutils 9.1): timeout [OPTION] DURATION COMMAND [ARG]...
timeout: getopt abbreviates stops
  --preserve-status
  --foreground
  -k --kill-after=DURATION : text
  -s --signal=SIGNAL : text
  -v --verbose
  operands: text runs...

# nice --help (GNU coreutils 9.1): nice [OPTION] [COMMAND [ARG]...]; -N is -n N (the old form)
nice: getopt abbreviates stops
  -n --adjustment=N : text
  -0 -1 -2 -3 -4 -5 -6 -7 -8 -9
  operands: runs...

# nohup --help (GNU coreutils 9.1): nohup COMMAND [ARG]...; it writes nohup.out where it runs
nohup: getopt abbreviates stops
  operands: runs...

# stdbuf --help (GNU coreutils 9.1)
stdbuf: getopt abbreviates stops
  -i --input=MODE : text
  -o --output=MODE : text
  -e --error=MODE : text
  operands: runs...

# ionice --help (util-linux 2.38.1): ionice [options] <command>; -p, -P, -u act on running
# processes (no command)
ionice: getopt abbreviates stops
  -c --class=CLASS : text
  -n --classdata=NUM : text
  -p --pid=PID : text no-exec
  -P --pgid=PGRP : text no-exec
  -t --ignore
  -u --uid=UID : text no-exec
  -h --help : no-exec
  -V --version : no-exec
  operands: runs...

# setsid --help (util-linux 2.38.1): setsid [options] <program> [arguments ...]
setsid: getopt abbreviates stops
  -c --ctty
  -f --fork
  -w --wait
  -h --help : no-exec
  -V --version : no-exec
  operands: runs...

# taskset --help (util-linux 2.38.1): taskset [options] [mask | cpu-list] [pid|cmd [args...]];
# -p acts on a running process (no command)
taskset: getopt abbreviates stops
  -a --all-tasks
  -p --pid : no-exec
  -c --cpu-list
  -h --help : no-exec
  -V --version : no-exec
  operands: text runs...

# chrt --help (util-linux 2.38.1): chrt [options] <priority> <command> [<arg>...]
chrt: getopt abbreviates stops
  -b --batch
  -d --deadline
  -f --fifo
  -i --idle
  -o --other
  -r --rr
  -R --reset-on-fork
  -T --sched-runtime=NS : text
  -P --sched-period=NS : text
  -D --sched-deadline=NS : text
  -a --all-tasks
  -m --max : no-exec
  -p --pid : no-exec
  -v --verbose
  -h --help : no-exec
  -V --version : no-exec
  operands: text runs...

# chroot --help (GNU coreutils 9.1): chroot [OPTION] NEWROOT [COMMAND [ARG]...]
chroot: getopt abbreviates stops
  --groups=G_LIST : text
  --userspec=USER_GROUP : text
  --skip-chdir
  operands: text runs...

# setarch --help (util-linux 2.38.1): setarch <arch> [options] [<program> [<argument>...]]: the
# architecture first, then the options (read anywhere here)
setarch: getopt abbreviates
  -B --32bit
  -F --fdpic-funcptrs
  -I --short-inode
  -L --addr-compat-layout
  -R --addr-no-randomize
  -S --whole-seconds
  -T --sticky-timeouts
  -X --read-implies-exec
  -Z --mmap-page-zero
  -3 --3gb
  --4gb
  --uname-2.6
  -v --verbose
  --list : no-exec
  -h --help : no-exec
  -V --version : no-exec
  operands: text runs...

# setarch --help (util-linux 2.38.1): linux32 and linux64 are setarch with their architecture (the
# same options; no architecture word)
linux32, linux64: getopt abbreviates stops
  -B --32bit
  -F --fdpic-funcptrs
  -I --short-inode
  -L --addr-compat-layout
  -R --addr-no-randomize
  -S --whole-seconds
  -T --sticky-timeouts
  -X --read-implies-exec
  -Z --mmap-page-zero
  -3 --3gb
  -v --verbose
  operands: runs...

# watch --help (procps-ng 4.0.2): watch [options] command; the words are joined and run with
# sh -c (with -x, run as they are)
watch: getopt abbreviates stops
  -b --beep
  -c --color
  -d[PERMANENT] --differences[=PERMANENT]
  -e --errexit
  -g --chgexit
  -q --equexit=CYCLES : text
  -n --interval=SECS : text
  -p --precise
  -t --no-title
  -w --no-wrap
  -x --exec
  -h --help : no-exec
  -v --version : no-exec
  operands: shell...

# xargs --help (GNU findutils 4.9.0): xargs [OPTION]... COMMAND [INITIAL-ARGS]...; -a FILE is
# read for the arguments; -i, -l, -e take their value only glued
xargs: getopt abbreviates stops
  -0 --null
  -a --arg-file=FILE : reads
  -d --delimiter=CHARACTER : text
  -E END : text
  -e[END] --eof[=END]
  -I R : text
  -i[R] --replace[=R]
  -L MAX_LINES : text
  -l[MAX_LINES] --max-lines[=MAX_LINES]
  -n --max-args=MAX_ARGS : text
  -o --open-tty
  -P --max-procs=MAX_PROCS : text
  -p --interactive
  --process-slot-var=VAR : text
  -r --no-run-if-empty
  -s --max-chars=MAX_CHARS : text
  --show-limits
  -t --verbose
  -x --exit
  --help : no-exec
  --version : no-exec
  operands: runs...

# bash 5.2 help command: command [-pVv] command [arg ...] (-v and -V only say what it is)
command: getopt stops
  -p
  -v : no-exec
  -V : no-exec
  operands: runs...

# bash 5.2 help builtin: builtin [shell-builtin [arg ...]]
builtin: getopt stops
  operands: runs...

# bash 5.2 help exec: exec [-cl] [-a name] [command [argument ...]]
exec: getopt stops
  -c
  -l
  -a NAME : text
  operands: runs...

# busybox --help (BusyBox 1.36), toybox --help (0.8.9): the applet, then its arguments
busybox, toybox: getopt stops
  --list : no-exec
  --list-full : no-exec
  --install : no-exec
  operands: runs...

# ssh-agent (OpenSSH 9.2): ssh-agent [-c | -s] [-Dd] [-a bind_address] [-E fingerprint_hash]
# [-O option] [-P allowed_providers] [-t life] [command [arg ...]]; -k kills the agent
ssh-agent: getopt stops
  -a BIND_ADDRESS : text
  -c
  -D
  -d
  -E FINGERPRINT_HASH : text
  -k : no-exec
  -O OPTION : text
  -P ALLOWED_PROVIDERS : text
  -s
  -t LIFE : text
  operands: runs...

# man unbuffer (expect 5.45): unbuffer [-p] program [args]
unbuffer: getopt stops
  -p
  operands: runs...

# man caffeinate (macOS 14): caffeinate [-disu] [-t timeout] [-w pid] [utility arguments...]
caffeinate: getopt stops
  -d
  -i
  -m
  -s
  -u
  -t TIMEOUT : text
  -w PID : text
  operands: runs...
`;
