/**
 * What git runs from its words (class 5 of issue 10): command-valued configuration given with
 * `-c alias.x='!CMD'`, `--config-env`, `core.pager`, `core.fsmonitor`, `core.sshCommand`, ...
 * (also set by `git config` for later runs), and `git grep -O CMD`. For
 * `_program_commands.ts`. Pure.
 *
 * @module
 */

import type { Word } from "../parse.ts";
import type { Inner } from "../_inner.ts";
import { literal, type ProgramKnowledge } from "../_walk.ts";
import { optionArgs, script, value } from "./_option_scripts.ts";

/** git configuration keys whose value is a command (section and key in lower case). */
const GIT_COMMAND_KEYS = [
  /^alias\./,
  /^core\.(pager|editor|sshcommand|fsmonitor|askpass|gitproxy)$/,
  /^pager\./,
  /^sequence\.editor$/,
  /^diff\.external$/,
  /^diff\..+\.(textconv|command)$/,
  /^merge\..+\.driver$/,
  /^filter\..+\.(clean|smudge|process)$/,
  /^credential\.(.+\.)?helper$/,
  /^gpg\.(.+\.)?program$/,
  /^uploadpack\.packobjectshook$/,
  /^sendemail\..*(cmd|command)$/,
  /^interactive\.difffilter$/,
  /^(web|browser\..+)\.(browser|cmd|path)$/,
  /^(difftool|mergetool|man)\..+\.(cmd|path)$/,
  /^remote\..+\.(receivepack|uploadpack)$/,
  /^core\.hookspath$/,
  /^include(if\..+)?\.path$/,
];

/** A git key as git compares it: section and key in lower case, the subsection kept. */
function gitKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first === -1) return key.toLowerCase();
  return key.slice(0, first).toLowerCase() + key.slice(first, last) +
    key.slice(last).toLowerCase();
}

/** What a git configuration value runs. */
function gitValue(key: string, v: Word, label: string): Inner[] {
  const k = gitKey(key);
  if (!GIT_COMMAND_KEYS.some((re) => re.test(k))) return [];
  if (/^(core\.hookspath|include)/.test(k)) {
    return [{
      kind: "hidden",
      reason: `${label} ${key} runs programs from a file skald cannot see`,
    }];
  }
  if (v.dynamic) {
    return [{
      kind: "hidden",
      reason: `${label} ${key} is set to ${v.raw}, only known when it runs`,
    }];
  }
  const text = v.value;
  if (/^core\.fsmonitor$/.test(k) && /^(true|false|yes|no|on|off|0|1)?$/i.test(text)) return [];
  if (k.startsWith("alias.")) {
    // `!CMD` is a shell command; else more git words (`alias.p=push` runs `git push`), each
    // with the words after the alias where it is used (`git()` adds them).
    if (text.startsWith("!")) return [script(v, `${label} ${key}`, text.slice(1))];
    return [{ kind: "script", word: literal(`git ${text}`), label: `${label} ${key}` }];
  }
  return [script(v, `${label} ${key}`, text.replace(/^!/, ""))];
}

/**
 * git: `-c KEY=VALUE`, `--config-env`, `git config KEY VALUE`, `git grep -O CMD`, and an alias
 * of git's configuration files (`known.gitAlias`) where the subcommand is not one of git's own
 * (git runs its own command, never an alias of the same name; an alias given with `-c` wins).
 *
 * @param words git and its words
 * @param known what the machine says (git's configured aliases)
 * @returns what they run, or hidden parts
 */
export function git(words: Word[], known: ProgramKnowledge = {}): Inner[] {
  const out: Inner[] = [];
  // The directories whose repository git reads (`-C a -C b` is `a/b`), as written.
  const dirs: string[] = [];
  let cwd = "";
  const repoAt = (option: string, dir: string) => {
    if (option === "-C") {
      cwd = cwd === "" || dir.startsWith("/") ? dir : `${cwd}/${dir}`;
      dirs.push(cwd);
    } else dirs.push(dir.startsWith("/") || cwd === "" ? dir : `${cwd}/${dir}`);
  };
  let j = 1;
  for (; j < words.length; j++) {
    const v = value(words[j]);
    if (v === undefined) {
      out.push({
        kind: "hidden",
        reason: `git is given ${words[j]!.raw}, only known when it runs`,
      });
      return out;
    }
    if (v === "-c" || v.startsWith("-c")) {
      const pair = v === "-c" ? words[++j] : literal(v.slice(2));
      if (pair === undefined) break;
      const eq = pair.dynamic ? -1 : pair.value.indexOf("=");
      if (pair.dynamic) {
        out.push({ kind: "hidden", reason: `git -c ${pair.raw} is only known when it runs` });
      } else if (eq !== -1) {
        out.push(...gitValue(pair.value.slice(0, eq), literal(pair.value.slice(eq + 1)), "git -c"));
      }
    } else if (v === "--config-env" || v.startsWith("--config-env=")) {
      const pair = v === "--config-env" ? value(words[++j]) : v.slice(13);
      const key = pair?.slice(0, pair.indexOf("=")) ?? "";
      if (gitValue(key, { ...literal(""), dynamic: true, raw: "$ENV" }, "git").length > 0) {
        out.push({
          kind: "hidden",
          reason: `git --config-env=${key} runs a command from the environment`,
        });
      }
    } else if (v === "-C" || v === "--git-dir" || v === "--work-tree") {
      // Where git runs, or its repository: its aliases are that repository's.
      const dir = value(words[++j]);
      if (dir !== undefined) repoAt(v, dir);
    } else if (/^--(git-dir|work-tree)=/.test(v)) {
      repoAt(v.slice(0, v.indexOf("=")), v.slice(v.indexOf("=") + 1));
    } else if (["--namespace", "--exec-path"].includes(v)) j++;
    else if (!v.startsWith("-")) break;
  }
  const sub = value(words[j]);
  const rest = words.slice(j + 1);
  const given = (x: Inner) =>
    x.kind === "script" && x.label.toLowerCase() === `git -c alias.${sub!.toLowerCase()}`;
  // An alias of git's configuration files: as if given with `-c` (`[alias] p = push`).
  if (sub !== undefined && !isGitCommand(sub) && !out.some(given)) {
    const configured = known.gitAlias?.(sub.toLowerCase(), dirs);
    if (configured !== undefined) {
      out.push(
        ...gitValue(`alias.${sub}`, literal(configured), "git -c").map((x) =>
          x.kind === "script" ? { ...x, label: `git's configured alias.${sub}` } : x
        ),
      );
    }
  }
  // An alias used here runs with the words after it: `git -c alias.p=push p --force`.
  const tail = rest.map((w) => w.raw).join(" ");
  const alias = (x: Inner) =>
    given(x) || (x.kind === "script" && x.label === `git's configured alias.${sub}`);
  for (const x of sub === undefined || tail === "" ? [] : [...out]) {
    if (x.kind === "script" && alias(x)) {
      out.push({ kind: "script", word: literal(`${x.word.value} ${tail}`), label: x.label });
    }
  }
  if (sub === "config") {
    const operands = rest.filter((w) => w.dynamic || !w.value.startsWith("-"));
    const [a, b, c] = operands;
    const set = value(a) === "set" || value(a) === "--add" ? [b, c] : [a, b];
    if (set[0] !== undefined && set[1] !== undefined) {
      const key = value(set[0]);
      if (key === undefined) {
        out.push({
          kind: "hidden",
          reason: `git config sets ${set[0].raw}, only known when it runs`,
        });
      } else out.push(...gitValue(key, set[1], "git config"));
    }
  }
  if (sub === "grep") {
    out.push(...optionArgs(words.slice(j), "O", ["open-files-in-pager"], "git grep"));
  }
  // Subcommands that run a command they are given (the red team's `git difftool -x 'rm -f V'`):
  // difftool's `-x`/`--extcmd` (git adds the two files), rebase's `-x`/`--exec`, filter-branch's
  // filters, a shell script each; bisect's `run CMD ARGS...`, a command as its words.
  // Options that name the program git runs on the other side (run here for a local remote):
  // `--upload-pack`, `-u` of clone, `--receive-pack`/`--exec` of push, archive's `--exec`.
  if (sub === "fetch" || sub === "ls-remote" || sub === "pull" || sub === "clone") {
    const short = sub === "clone" ? "u" : "";
    out.push(...optionArgs(words.slice(j), short, ["upload-pack"], `git ${sub}`));
  }
  if (sub === "push" || sub === "send-pack") {
    out.push(...optionArgs(words.slice(j), "", ["receive-pack", "exec"], `git ${sub}`));
  }
  if (sub === "archive") out.push(...optionArgs(words.slice(j), "", ["exec"], "git archive"));
  // A remote `ext::CMD ARGS` is a command git runs (with protocol.ext.allow).
  for (const w of rest) {
    if (w.dynamic && /^["']?ext::/.test(w.raw)) {
      out.push({
        kind: "hidden",
        reason: `git is given ${w.raw}, a command only known when it runs`,
      });
    } else if (!w.dynamic && w.value.startsWith("ext::")) {
      out.push({
        kind: "script",
        word: literal(w.value.slice(5).replace(/%(.)/g, "$1")),
        label: "git ext::",
      });
    }
  }
  if (sub === "difftool") {
    out.push(...optionArgs(words.slice(j), "x", ["extcmd"], "git difftool", "t"));
  }
  if (sub === "rebase") out.push(...optionArgs(words.slice(j), "x", ["exec"], "git rebase", "sXC"));
  if (sub === "filter-branch") {
    const filters = ["env", "tree", "index", "parent", "msg", "commit", "tag-name"]
      .map((f) => `${f}-filter`);
    out.push(...optionArgs(words.slice(j), "", filters, "git filter-branch"));
  }
  if (sub === "bisect" && value(rest[0]) === "run" && rest.length > 1) {
    out.push({ kind: "argv", words: rest.slice(1), label: "git bisect run" });
  }
  if (sub === "submodule" && rest.some((w) => value(w) === "foreach")) {
    // git runs its words joined by blanks with sh, in every submodule.
    const k = rest.findIndex((w) => value(w) === "foreach");
    const words = rest.slice(k + 1).filter((w) => value(w) !== "--recursive");
    if (words.some((w) => w.dynamic)) {
      out.push({
        kind: "hidden",
        reason: "git submodule foreach runs a command only known when it runs",
      });
    } else if (words.length > 0) {
      const text = words.map((w) => w.value).join(" ");
      out.push({ kind: "script", word: literal(text), label: "git submodule foreach" });
    }
  }
  return out;
}

/**
 * git's own commands (git 2.39's `git --list-cmds=main,builtins`): git runs these, never an alias
 * of the same name, so their names are not looked up.
 */
/** Made on first use: a hook call that runs no git builds no table (issue 25.2). */
let commands: ReadonlySet<string> | undefined;
const gitCommands = (): ReadonlySet<string> =>
  commands ??= new Set(
    `add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr
  check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick clean
  clone column commit commit-graph commit-tree config count-objects credential credential-cache
  credential-store daemon describe diagnose diff diff-files diff-index diff-tree difftool
  fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo
  format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep hash-object help hook
  http-backend http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers
  log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file
  merge-index merge-octopus merge-one-file merge-ours merge-recursive merge-resolve merge-subtree
  merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes pack-objects pack-redundant
  pack-refs patch-id pickaxe prune prune-packed pull push quiltimport range-diff read-tree rebase
  receive-pack reflog remote repack replace request-pull rerere reset restore rev-list rev-parse
  revert rm send-pack shell shortlog show show-branch show-index show-ref sparse-checkout stage
  stash status stripspace submodule subtree switch symbolic-ref tag unpack-file unpack-objects
  update-index update-ref update-server-info upload-archive upload-pack var verify-commit
  verify-pack verify-tag version whatchanged worktree write-tree`.split(/\s+/),
  );

/**
 * True when git runs its own command of that name, not an alias.
 *
 * @param name the word after git's global options
 * @returns whether it is one of git's commands
 */
export function isGitCommand(name: string): boolean {
  return gitCommands().has(name);
}
