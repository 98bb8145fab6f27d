/**
 * The commands that run another command without a table of options, so that a deny rule sees
 * what they run: commands whose every later word is tried as the command (`parallel`, `npx`,
 * `pkexec`), runners whose subcommand runs one (`uv run`, `bundle exec`, `docker exec`),
 * commands that read a script from stdin (`at`), and builtins that run a script they are given
 * (`trap`, `alias`). More words tried means more denials, never fewer.
 *
 * @module
 */

/**
 * Commands that run other commands in ways no table describes (`parallel`, `nsenter`, ...):
 * every later word is tried as the command.
 */
export const SCANNED: ReadonlySet<string> = new Set([
  "parallel",
  "nsenter",
  "unshare",
  "runuser",
  "sg",
  "systemd-run",
  "firejail",
  "proot",
  "fakeroot",
  "strace",
  "ltrace",
  "valgrind",
  "gdb",
  "rlwrap",
  "catchsegv",
  "with-contenv",
  "aws-vault",
  "dbus-launch",
  "xvfb-run",
  "torsocks",
  "proxychains",
  "proxychains4",
  "npx",
  "pnpx",
  "bunx",
  "uvx",
  "pkexec",
  "run0",
  "setpriv",
  "su-exec",
  "gosu",
  "chpst",
  "capsh",
  "bwrap",
  "prlimit",
  "numactl",
  "cgexec",
  "flatpak-spawn",
  "wsl",
  "dbus-run-session",
  "dotenv",
  "cross-env",
  "env-cmd",
  "tmux",
  "screen",
  "hyperfine",
  "entr",
  "watchexec",
  "nodemon",
  "concurrently",
  "perf",
  "faketime",
  "corepack",
  "chruby-exec",
]);

/**
 * Commands that run a command after a subcommand (`uv run CMD`, `bundle exec CMD`,
 * `docker exec CONTAINER CMD`): from the first word that is one of these subcommands on,
 * every later word is tried as the command.
 */
export const RUNNERS: Readonly<Record<string, readonly string[]>> = {
  uv: ["run"],
  poetry: ["run"],
  pdm: ["run"],
  hatch: ["run"],
  rye: ["run"],
  pipx: ["run"],
  pipenv: ["run"],
  conda: ["run"],
  mamba: ["run"],
  micromamba: ["run"],
  pixi: ["run", "exec"],
  bundle: ["exec"],
  bundler: ["exec"],
  npm: ["exec", "x", "exe"], // `exe`: npm resolves a unique prefix (npm 11.19)
  pnpm: ["exec", "dlx"],
  yarn: ["exec", "dlx"],
  bun: ["x", "exec"],
  mise: ["exec", "x"],
  rtx: ["exec", "x"],
  asdf: ["exec"],
  direnv: ["exec"],
  volta: ["run"],
  fnm: ["exec"],
  nvm: ["exec", "run"],
  rbenv: ["exec"],
  pyenv: ["exec"],
  nodenv: ["exec"],
  goenv: ["exec"],
  jenv: ["exec"],
  rvm: ["do", "exec"],
  tox: ["exec"],
  nix: ["develop", "shell", "run"],
  "nix-shell": ["--run", "--command"],
  docker: ["exec", "run"],
  podman: ["exec", "run"],
  nerdctl: ["exec", "run"],
  "docker-compose": ["exec", "run"],
  "podman-compose": ["exec", "run"],
  lxc: ["exec"],
  incus: ["exec"],
  multipass: ["exec"],
  kubectl: ["exec", "run", "debug"],
  oc: ["exec", "run", "debug"],
  toolbox: ["run"],
  distrobox: ["enter"],
  op: ["run"],
  doppler: ["run"],
  infisical: ["run"],
  chamber: ["exec"],
  sops: ["exec-env", "exec-file"],
};

/**
 * Commands that read a script from their standard input and run it later through a shell
 * (`echo CMD | at now`): a heredoc or here-string fed to them is read as a script, a pipe
 * hides it.
 */
export const STDIN_RUNNERS: ReadonlySet<string> = new Set(["at", "batch", "crontab"]);

/**
 * Builtins whose option or operand is a script bash runs: `trap 'CMD' SIG`, `alias n='CMD'`
 * (run where the alias is used), `mapfile -C CMD`, `compgen -C CMD`, `complete -C CMD`.
 * The value is the short option that gives the script, or `""` for `trap` and `alias`.
 */
export const SCRIPT_BUILTINS: Readonly<Record<string, string>> = {
  trap: "",
  alias: "",
  mapfile: "C",
  readarray: "C",
  compgen: "C",
  complete: "C",
};
