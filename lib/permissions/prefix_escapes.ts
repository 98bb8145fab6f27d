/**
 * Options through which a command runs other programs or writes files, which a prefix or glob
 * allow rule (`Bash(find:*)`) does not cover: Claude Code asks for them, and so does skald.
 * Pure.
 *
 * @module
 */

import { readArgv } from "../programs/argv.ts";
import { programSpec } from "../programs/lookup.ts";

/**
 * find's actions that run a program, remove or write a file, as find's spec says
 * (`lib/programs/search.ts`: `-exec`, `-execdir`, `-ok`, `-okdir`, `-delete`, `-fprint`,
 * `-fprint0`, `-fprintf`, `-fls`).
 *
 * @returns the action names
 */
export function findActions(): ReadonlySet<string> {
  if (FIND_ACTIONS !== undefined) return FIND_ACTIONS;
  const names = programSpec("find")!.options.filter((o) =>
    o.uses.some((u) => u.kind === "runs" || u.kind === "shell" || u.kind === "writes") ||
    o.traits.some((t) => t.trait === "removes-sources")
  ).flatMap((o) => o.names);
  return FIND_ACTIONS = new Set(names);
}

let FIND_ACTIONS: ReadonlySet<string> | undefined;

/** The option of a command given that runs a program, as its spec says (`sort --compress-prog`). */
function runningOption(argv: readonly string[]): string | undefined {
  const spec = programSpec(argv[0] ?? "");
  if (spec === undefined) return undefined;
  const r = readArgv(spec, argv.slice(1));
  return r.options.find((o) => o.option.uses.some((u) => u.kind === "runs" || u.kind === "shell"))
    ?.option.id;
}

/** A sed script that runs (`e`, `s///e`) or writes (`w`, `W`, `s///w`) anything. */
const SED_DANGER = /(^|[;{}\n]|\d|\$|\/)\s*[eEwW](\s|$)|^\s*[eEwW]\b|s(.).*\3.*\3[gpiImM0-9]*[ewW]/;
/** An awk program that runs a command or writes through a pipe or into a file. */
const AWK_DANGER = /\bsystem\s*\(|\|\s*getline|\bgetline\s*</;
const AWK_REDIRECT = /print[f]?[^;{}]*[|>]/;

/**
 * Why a prefix or glob allow rule does not cover this command, or undefined when it may.
 *
 * @param argv the part's words (quotes removed)
 * @returns the reason
 */
export function escapesPrefixRule(argv: readonly string[]): string | undefined {
  const name = (argv[0] ?? "").replace(/^.*\//, "");
  const args = argv.slice(1);
  switch (name) {
    case "find": {
      const actions = findActions();
      const action = args.find((a) => actions.has(a));
      return action === undefined
        ? undefined
        : `find with '${action}' executes commands or modifies files: a prefix rule does not cover it`;
    }
    case "sed":
      return args.some((a) => !a.startsWith("-") && SED_DANGER.test(a)) ||
          args.some((a) => /^-[a-zA-Z]*f/.test(a) || a.startsWith("--file"))
        ? "sed with a command that runs programs or writes files: a prefix rule does not cover it"
        : undefined;
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
      return args.some((a) => AWK_DANGER.test(a) || AWK_REDIRECT.test(a)) ||
          args.some((a) => a === "-f" || a.startsWith("--file"))
        ? "awk with a program that runs commands or writes files: a prefix rule does not cover it"
        : undefined;
    case "sort": {
      const option = runningOption(argv);
      return option === undefined
        ? undefined
        : `sort ${option} runs a program: a prefix rule does not cover it`;
    }
    default:
      return undefined;
  }
}
