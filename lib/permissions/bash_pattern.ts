/**
 * `Bash(...)` specifiers: `Bash(exact)`, `Bash(prefix:*)` at a word boundary and
 * `Bash(glob with *)`, and how each is held against a command part. An allow rule covers a
 * part as written; a deny or ask rule is held against every candidate of the deny view (see
 * `lib/shell/unwrap.ts`), where a word known only at run time may stand for anything, as
 * written and as its program reads it (`reading_match.ts`: global options off, clusters split,
 * spellings made one, options in any position). Pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import { literalPrefix, wildcardMatch } from "../glob/wildcard.ts";
import { parseShell, type SimpleCommand } from "../shell/parse.ts";
import { KEYWORDS } from "../shell/reserved.ts";
import type { Candidate } from "../shell/unwrap.ts";
import { readCommand } from "./reading/command_reading.ts";
import { globalOptions, type ProgramOptions } from "./reading/global_options.ts";
import { matchReading, readRule, type RuleReading } from "./reading/reading_match.ts";
import { hasSubcommandAliases } from "./reading/subcommand_aliases.ts";
import { namesKubeResources } from "./reading/kube_resources.ts";

/** A parsed Bash specifier. */
export type BashPattern =
  | { kind: "exact"; text: string; words: string[] | undefined }
  | { kind: "prefix"; text: string; words: string[] | undefined }
  | {
    kind: "glob";
    text: string;
    optionalTail: string | undefined;
    /** What deny and ask rules are matched with: quotes taken out, blanks single, and a command path also by its name. */
    forms: { glob: string; tail: string | undefined }[];
    /** `Bash(rm -rf *)`: words, then one trailing `*`; deny and ask rules read them as a prefix. */
    prefixWords?: string[];
  };

/**
 * Words of characters bash gives no meaning (no quote, `$`, `\\`, `?`, `[`, `~`, `#`,
 * operator or brace), one blank apart, and `*` and `=` (a glob word's value is its text, and so
 * is `--author=me`'s): the parser would give the same words. A first word with `=` (an
 * assignment) is left to the parser.
 */
const PLAIN = /^[A-Za-z0-9_@%+:,./*-]+(?: [A-Za-z0-9_@%+:,./*=-]+)*$/;
/** Reserved words: a rule that starts with one is left to the parser, which knows them. */
const NOT_PLAIN_FIRST: ReadonlySet<string> = new Set([
  ...KEYWORDS,
  "case",
  "for",
  "select",
  "function",
  "time",
  "in",
]);

/**
 * The words of a rule's command (quotes removed, `$x` kept as written), or undefined when it
 * is not one simple command: such a rule only matches a whole command as written.
 *
 * @param text the command, as a rule writes it
 * @returns the words
 */
export function plainWords(text: string): string[] | undefined {
  // Most rules are plain words (`git push`, `npm run test`): split them without the shell
  // parser, which the hook would run on every rule at every call; bash_pattern_test.ts holds
  // this against the parser.
  if (PLAIN.test(text) && !NOT_PLAIN_FIRST.has(text.split(" ", 1)[0]!)) return text.split(" ");
  const parse = parseShell(text);
  const only = parse.commands[0];
  if (parse.commands.length !== 1 || parse.opaque.length > 0 || only === undefined) return;
  if (only.redirects.length > 0) return;
  return only.words.map((w) => w.value);
}

/**
 * Parses the text inside `Bash(...)`.
 *
 * @param spec the specifier
 * @returns the pattern, or an error message
 */
export function parseBashSpecifier(spec: string): BashPattern | { error: string } {
  const text = spec.trim();
  if (text === "") return { error: "empty command" };
  if (text.endsWith(":*")) {
    const prefix = text.slice(0, -2).trimEnd();
    if (prefix.includes("*")) return glob(prefix + " *");
    return { kind: "prefix", text: prefix, words: prefix === "" ? [] : plainWords(prefix) };
  }
  if (text.includes("*")) return glob(text);
  return { kind: "exact", text, words: plainWords(text) };
}

/**
 * How deny and ask rules read a pattern's words (`reading_match.ts`), read when first needed:
 * allow rules, most of a policy, never need it. A memo of a pure function of a pattern, which
 * no one changes, so sharing it changes no answer.
 */
const READINGS = new WeakMap<BashPattern, RuleReading | null>();

function ruleReading(pattern: BashPattern): RuleReading | undefined {
  const known = READINGS.get(pattern);
  if (known !== undefined) return known ?? undefined;
  const words = pattern.kind === "glob" ? pattern.prefixWords : pattern.words;
  const reading = words === undefined || words.length === 0 ? undefined : readRule(words);
  READINGS.set(pattern, reading ?? null);
  return reading;
}

function glob(text: string): BashPattern {
  const tail = (g: string) => g.endsWith(" *") ? g.slice(0, -2).trimEnd() : undefined;
  const words = plainWords(text);
  const texts = new Set([text]);
  if (words !== undefined) texts.add(words.join(" "));
  for (const t of [...texts]) {
    const first = t.split(" ", 1)[0]!;
    if (first.includes("/") && !first.includes("*")) {
      texts.add(posix.basename(first) + t.slice(first.length));
    }
  }
  // A quoted command path may hold blanks (`"/opt/my tools/run" *`): its name is its last part.
  const head = words?.[0];
  if (head !== undefined && head.includes("/") && !head.includes("*")) {
    texts.add([posix.basename(head), ...words!.slice(1)].join(" "));
  }
  const forms = [...texts].map((g) => ({ glob: g, tail: tail(g) }));
  const pattern: BashPattern = { kind: "glob", text, optionalTail: tail(text), forms };
  // `Bash(rm -rf *)` is `Bash(rm -rf:*)` for deny and ask rules: words, then one `*`.
  const before = tail(text);
  const prefixWords = before === undefined || before.includes("*") ? undefined : plainWords(before);
  return prefixWords === undefined || prefixWords.length === 0
    ? pattern
    : { ...pattern, prefixWords };
}

/** Operators a glob may span: such a rule is also held against the whole command text. */
const SPANS = /[|&;<>()\n]/;

/**
 * True when a deny or ask rule is held against the whole command as written, not only against
 * its parts: an exact or prefix rule that is not one simple command (`Bash(a && b)`), or a glob
 * over operators (`Bash(curl * | sh)`).
 *
 * @param pattern the rule's pattern
 * @returns whether the rule spans parts
 */
export function spansParts(pattern: BashPattern): boolean {
  return pattern.kind === "glob" ? SPANS.test(pattern.text) : pattern.words === undefined;
}

/**
 * What a rule is filed under in an index: the names its command can have (the last path part
 * of its first word, and of the first blank-separated piece of each glob form); undefined when
 * one of them holds `*` or is empty, so the rule must always be tried.
 *
 * @param pattern the rule's pattern
 * @returns the names, or undefined
 */
export function bashIndexKeys(pattern: BashPattern): string[] | undefined {
  if (pattern.kind !== "glob") {
    // One first word (most rules): its name, without a Set.
    const first = pattern.words?.[0];
    if (first === undefined || first === "" || first.includes("*")) return undefined;
    return [posix.basename(first)];
  }
  const firsts = pattern.forms.map((f) => f.glob.split(" ", 1)[0]!);
  if (firsts.length === 0 || firsts.some((f) => f === "" || f.includes("*"))) return undefined;
  if (firsts.length === 1) return [posix.basename(firsts[0]!)];
  return [...new Set(firsts.map((f) => posix.basename(f)))];
}

/**
 * The names a command is looked up under, to meet every rule {@link bashIndexKeys} filed where
 * it could match: its last path part (and `git` for git's dashed `git-push`), and, for a
 * command word with blanks (a glob form sees the words joined), the first blank-separated
 * piece of the word and of that part.
 *
 * @param head the command word, quotes removed
 * @returns the names
 */
export function bashLookupKeys(head: string): string[] {
  const name = posix.basename(head);
  // `git-push` is `git push` for deny and ask rules (`command_reading.ts`).
  if (/^git-[a-z]/.test(name)) return [name, "git"];
  if (!head.includes(" ")) return [name];
  return [...new Set([name, posix.basename(head.split(" ", 1)[0]!), name.split(" ", 1)[0]!])];
}

/**
 * True when an allow rule's pattern covers one part as written: the exact text, the words of
 * the prefix at its start (quotes removed, no word that expands among them), or the glob over
 * the text.
 *
 * @param pattern the rule's pattern
 * @param part the simple command
 * @returns whether the part is covered
 */
export function coversPart(pattern: BashPattern, part: SimpleCommand): boolean {
  switch (pattern.kind) {
    case "exact":
      return part.text === pattern.text;
    case "prefix": {
      const words = pattern.words;
      if (words === undefined) return false;
      if (part.words.length < words.length) return false;
      return words.every((w, i) => !part.words[i]!.dynamic && part.words[i]!.value === w);
    }
    case "glob":
      return wildcardMatch(pattern.text, part.text) ||
        (pattern.optionalTail !== undefined && pattern.optionalTail === part.text);
    default: {
      const never: never = pattern;
      throw new Error(`unknown Bash pattern ${JSON.stringify(never)}`);
    }
  }
}

/** Compares a rule word with a command word; a rule word with a path also matches by name. */
function sameWord(ruleWord: string, word: string, first: boolean): boolean {
  if (ruleWord === word) return true;
  return first && ruleWord.includes("/") && posix.basename(ruleWord) === posix.basename(word);
}

/**
 * Holds rule words against candidate tokens. A token known only at run time could be any
 * number of words, so meeting one before a mismatch means the rule could match.
 */
function tokensMatch(
  words: string[],
  tokens: readonly (string | null)[],
  exact: boolean,
): boolean {
  let i = 0;
  for (; i < words.length; i++) {
    const t = tokens[i];
    if (t === undefined) return false;
    if (t === null) return true;
    if (!sameWord(words[i]!, t, i === 0)) return false;
  }
  return !exact || tokens.slice(i).every((t) => t === null);
}

/**
 * True when a deny or ask rule's pattern could match a candidate of the deny view.
 *
 * @param pattern the rule's pattern
 * @param candidate a command the part may run
 * @returns whether the rule matches
 */
export function deniesCandidate(pattern: BashPattern, candidate: Candidate): boolean {
  return denyMatch(pattern, candidate) !== undefined;
}

/**
 * How a deny or ask rule's pattern matches a candidate of the deny view: as written (no
 * notes), or read the way the program reads it, with a note for each reading taken
 * (`` `-C .` is a git global option ``, `` `-fr` read as `-f -r` ``).
 *
 * @param pattern the rule's pattern
 * @param candidate a command the part may run
 * @returns the readings taken (empty: as written), or undefined when it does not match
 */
export function denyMatch(pattern: BashPattern, candidate: Candidate): string[] | undefined {
  const tokens = candidate.tokens;
  switch (pattern.kind) {
    case "exact":
    case "prefix": {
      if (pattern.words === undefined) return undefined;
      if (tokensMatch(pattern.words, tokens, pattern.kind === "exact")) return [];
      if (!readsOtherwise(tokens)) return undefined;
      // A rule's `--` is a word it names (`git checkout --` restores files): read otherwise,
      // the command must write one too, or every `git checkout` would be it (issue 23).
      if (pattern.words.includes("--") && !tokens.includes("--") && !tokens.includes(null)) {
        return undefined;
      }
      const reading = ruleReading(pattern);
      return reading === undefined
        ? undefined
        : matchReading(reading, tokens, pattern.kind === "exact");
    }
    case "glob": {
      if (globMatches(pattern, tokens)) return [];
      if (!readsOtherwise(tokens)) return undefined;
      const reading = ruleReading(pattern);
      if (reading !== undefined) return matchReading(reading, tokens, false);
      // `Bash(git * --force)` is also held against the words with git's global options off.
      if (typeof tokens[0] !== "string") return undefined;
      const globals = globalOptions(posix.basename(tokens[0]));
      if (globals === undefined || !tokens.some((t) => mayBeGlobal(globals, t))) return undefined;
      for (const r of readCommand(tokens)) {
        if (r.stripped.length < tokens.length && globMatches(pattern, r.stripped)) {
          return r.notes.filter((n) => n.includes("global option"));
        }
      }
      return undefined;
    }
    default: {
      const never: never = pattern;
      throw new Error(`unknown Bash pattern ${JSON.stringify(never)}`);
    }
  }
}

/**
 * False when the program reads the words as written, so that no reading can match where the
 * words did not: no option-like word (`-x`, `+toolchain`, `:ref`, `NAME=value`), no word known
 * only at run time, not make (every target runs), git's dashed `git-push` nor a program whose
 * subcommands have several names (`docker container rm`).
 */
function readsOtherwise(tokens: readonly (string | null)[]): boolean {
  const head = tokens[0];
  if (typeof head !== "string") return false;
  const name = posix.basename(head);
  if (name === "make" || name === "gmake" || name.startsWith("git-")) return true;
  if (hasSubcommandAliases(name) || namesKubeResources(name)) return true;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === null || t === undefined) return true;
    const c = t[0];
    if (c === "-" || c === "+" || c === ":" || t.includes("=")) return true;
  }
  return false;
}

/** True when a word may be one of the program's global options (`-C`, `--git-dir=x`, `-Cx`). */
function mayBeGlobal(globals: ProgramOptions, t: string | null | undefined): boolean {
  if (typeof t !== "string" || !t.startsWith("-")) return false;
  const eq = t.indexOf("=");
  const name = eq === -1 ? t : t.slice(0, eq);
  return globals.options.has(name) || globals.options.has(t.slice(0, 2));
}

function globMatches(
  pattern: Extract<BashPattern, { kind: "glob" }>,
  tokens: readonly (string | null)[],
): boolean {
  const unknown = tokens.indexOf(null);
  const name = typeof tokens[0] === "string" ? posix.basename(tokens[0]) : null;
  const variants = name === null || name === tokens[0]
    ? [tokens]
    : [tokens, [name, ...tokens.slice(1)]];
  return variants.some((t) => pattern.forms.some((f) => globCould(f.glob, f.tail, t, unknown)));
}

/** A matched command longer than this is cut in a reason (a 100,000-word command). */
const MAX_TEXT = 200;

/**
 * The command a deny or ask rule matched, for a reason: `"rm -rf …" inside bash -c`, where `…`
 * is a word known only at run time; past 200 characters the words are cut, ending in `[…]`.
 *
 * @param candidate the candidate the rule matched
 * @returns its words, quoted, and the wrappers it was found inside
 */
export function candidateText(candidate: Candidate): string {
  const via = candidate.via.length > 0 ? ` inside ${candidate.via.join(", ")}` : "";
  let text = "";
  for (const t of candidate.tokens) {
    text += (text === "" ? "" : " ") + (t ?? "…");
    if (text.length > MAX_TEXT) return `"${text.slice(0, MAX_TEXT)} […]"${via}`;
  }
  return `"${text}"${via}`;
}

/**
 * What a deny or ask rule matched, for a decision's reason: the first candidate it matches,
 * with the readings it took (`` matches "git -C . push": `-C .` is a git global option ``);
 * undefined when it needs no words: it matched the one command as written, no wrapper taken off.
 *
 * @param pattern the rule's pattern
 * @param candidates the candidates of the deny view
 * @param severalParts whether the command has several parts (then the part is named)
 * @returns the words for the reason, or undefined
 */
export function matchedText(
  pattern: BashPattern,
  candidates: readonly Candidate[],
  severalParts: boolean,
): string | undefined {
  for (const c of candidates) {
    const notes = denyMatch(pattern, c);
    if (notes === undefined) continue;
    if (notes.length === 0 && c.via.length === 0 && !severalParts) return undefined;
    return `matches ${candidateText(c)}${notes.length > 0 ? `: ${notes.join("; ")}` : ""}`;
  }
  return undefined;
}

/**
 * True when a glob could match the tokens: exactly when every token is known; else when the
 * known words before the first unknown one agree with the glob's text before its first `*`.
 */
function globCould(
  glob: string,
  tail: string | undefined,
  tokens: readonly (string | null)[],
  unknown: number,
): boolean {
  if (unknown === -1) {
    const text = tokens.join(" ");
    return wildcardMatch(glob, text) || tail === text;
  }
  const head = unknown === 0 ? "" : tokens.slice(0, unknown).join(" ") + " ";
  const lit = literalPrefix(glob);
  return head.startsWith(lit) || lit.startsWith(head);
}

/**
 * True when an exact rule names the whole command as written (the spec's exception for a
 * command of several parts).
 *
 * @param pattern the rule's pattern
 * @param command the whole command text
 * @returns whether the rule is that command
 */
export function isWholeCommand(pattern: BashPattern, command: string): boolean {
  return pattern.kind === "exact" && command.trim() === pattern.text;
}

/**
 * True when a deny or ask rule matches the whole command as written: an exact rule naming it,
 * or a glob over operators (`Bash(curl * | sh)` spans parts). A glob without operators is held
 * against each part only: `Bash(git * x)` does not match `git a; rm x`.
 *
 * @param pattern the rule's pattern
 * @param command the whole command text
 * @returns whether the rule matches the text
 */
export function deniesWholeCommand(pattern: BashPattern, command: string): boolean {
  if (pattern.kind !== "glob") return isWholeCommand(pattern, command);
  return spansParts(pattern) && wildcardMatch(pattern.text, command.trim());
}
