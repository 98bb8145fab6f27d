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
import { script, value } from "./_option_scripts.ts";
import { readWords } from "./_spec_commands.ts";
import { programSpec } from "../../programs/lookup.ts";

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
  /^gpg\.ssh\.defaultkeycommand$/,
  /^core\.alternaterefscommand$/,
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

/**
 * A remote `ext::CMD ARGS`: the program and arguments git runs (git-remote-ext: the words split
 * at blanks, `% ` a blank inside a word, `%%` a `%`; `%s`, `%S`, `%G`, `%V` are git's own).
 */
function extCommand(url: string, label: string): Inner {
  const words: string[] = [];
  let word = "";
  for (let i = 5; i < url.length; i++) {
    const c = url[i]!;
    if (c === "%" && i + 1 < url.length) word += url[++i] === " " ? " " : url[i] === "%" ? "%" : "";
    else if (c === " ") {
      if (word !== "") words.push(word);
      word = "";
    } else word += c;
  }
  if (word !== "") words.push(word);
  return { kind: "argv", words: words.map(literal), label };
}

/** What a git configuration value runs. */
function gitValue(key: string, v: Word, label: string): Inner[] {
  const k = gitKey(key);
  // A URL git rewrites into `ext::CMD` (`url.ext::CMD.insteadOf=https://x`), or a remote's URL
  // that is one (`remote.origin.url=ext::CMD`, `submodule.x.url`): git runs CMD when it fetches
  // or pushes there (with `protocol.ext.allow`).
  const rewrite = /^url\.(ext::.*)\.(insteadof|pushinsteadof)$/i.exec(key);
  if (rewrite !== null) {
    return [extCommand(rewrite[1]!, `${label} ${key}`)];
  }
  if (v.dynamic && /^["']?ext::/.test(v.raw)) {
    return [{ kind: "hidden", reason: `${label} ${key} is set to ${v.raw}, a command git runs` }];
  }
  if (!v.dynamic && /^ext::/i.test(v.value)) {
    return [extCommand(v.value, `${label} ${key}`)];
  }
  if (!GIT_COMMAND_KEYS.some((re) => re.test(k))) return [];
  if (/^(core\.hookspath|include)/.test(k)) {
    // Hooks or a file from `/dev/null` (the usual way to skip hooks): nothing runs from it.
    if (!v.dynamic && /^(\/dev\/null)?$/.test(v.value)) return [];
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
  // git's global options, read as git reads them (`lib/programs/git.ts`).
  const r = readWords(programSpec("git")!, words);
  const spec = r.path[0]!;
  for (const o of r.options) {
    if (o.command !== spec) continue;
    const config = o.option.id === "-c" || o.option.id === "--config-env";
    if (o.value === null && config) {
      const w = words[(o.at[1] ?? -1) + 1];
      out.push({
        kind: "hidden",
        reason: `git ${o.spelling} ${w?.raw ?? ""} is only known when it runs`,
      });
      continue;
    }
    if (o.value === undefined || o.value === null) continue;
    if (o.option.id === "-c") {
      const eq = o.value.indexOf("=");
      if (eq !== -1) {
        out.push(...gitValue(o.value.slice(0, eq), literal(o.value.slice(eq + 1)), "git -c"));
      }
    } else if (o.option.id === "--config-env") {
      const key = o.value.slice(0, o.value.indexOf("="));
      if (gitValue(key, { ...literal(""), dynamic: true, raw: "$ENV" }, "git").length > 0) {
        out.push({
          kind: "hidden",
          reason: `git --config-env=${key} runs a command from the environment`,
        });
      }
    } else if (o.option.uses.some((u) => u.kind === "cwd")) repoAt("-C", o.value);
    else if (o.option.id === "--git-dir" || o.option.uses.some((u) => u.kind === "work-tree")) {
      repoAt(o.option.id, o.value);
    }
  }
  // A word only known when it runs where git's options or its subcommand stand.
  const first = r.path.length === 1 ? r.operands[0] : undefined;
  if (first !== undefined && first.word === null) {
    out.push({
      kind: "hidden",
      reason: `git is given ${words[first.at + 1]!.raw}, only known when it runs`,
    });
    return out;
  }
  const j = r.wordsAt[0] === undefined ? words.length : r.wordsAt[0] + 1;
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
  // The options of a subcommand that run a command (`git difftool -x CMD`, `git rebase --exec`,
  // filter-branch's filters, `--upload-pack`, `git grep -O`) are in git's spec, read by
  // `_spec_commands.ts`; bisect's `run CMD ARGS...` runs a command as its words.
  // A remote `ext::CMD ARGS` is a command git runs (with protocol.ext.allow).
  for (const w of rest) {
    if (w.dynamic && /^["']?ext::/.test(w.raw)) {
      out.push({
        kind: "hidden",
        reason: `git is given ${w.raw}, a command only known when it runs`,
      });
    } else if (!w.dynamic && w.value.startsWith("ext::")) {
      out.push(extCommand(w.value, "git ext::"));
    }
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
