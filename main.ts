#!/usr/bin/env -S deno run -R -E=HOME,CLAUDE_PROJECT_DIR,SKALD_MANAGED_SETTINGS,SLASH_COMMAND_TOOL_CHAR_BUDGET,CLICOLOR_FORCE,LOG_STREAM,LOG_TOKENS --allow-run=bash -W=.claude/settings.json,.claude/settings.local.json --v8-flags=--no-lazy,--no-sparkplug
/**
 * The skald CLI. Wiring only: arguments -> `lib/cli` -> output, and the exit codes.
 *
 * Exit codes: 0 allow (or success), 1 error, 2 deny (and, for `hook`, malformed input or an
 * internal error: Claude Code blocks the call), 3 ask, 4 lint findings.
 *
 * `skald hook [--settings FILE] [--authoritative]` runs without loading the CLI library: a hook
 * starts on every tool call, so its start-up time matters. It loads the generated
 * `lib/_generated/hook.bundle.js`, `lib/cli/hook.ts` and its imports in one file (`deno task
 * bundle-hook` builds it; a test fails when it is stale). With `--resident[=DIR]` it first asks
 * the resident decider (`lib/hook/resident_client.ts`), and loads the bundle only when that
 * gives no answer (then it starts one). Only `hook --help` goes through the full CLI; a wrong
 * option blocks (exit 2).
 *
 * @module
 */

import type { Io, Outcome } from "./lib/cli/io.ts";

export type { Outcome } from "./lib/cli/io.ts";

/** The exit code of each outcome. */
export const EXIT_CODES: Readonly<Record<Outcome, number>> = {
  ok: 0,
  allow: 0,
  error: 1,
  deny: 2,
  block: 2,
  ask: 3,
  findings: 4,
};

const encoder = new TextEncoder();

/** Writes all of the text: one `writeSync` may write only part of a large buffer. */
function writeAll(file: { writeSync(p: Uint8Array): number }, text: string): void {
  let data = encoder.encode(text);
  while (data.length > 0) data = data.subarray(file.writeSync(data));
}

async function* stdinLines(): AsyncIterable<string> {
  const decoder = new TextDecoderStream();
  let buffer = "";
  for await (const chunk of Deno.stdin.readable.pipeThrough(decoder)) {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) !== -1) {
      yield buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
    }
  }
  if (buffer !== "") yield buffer;
}

let stdin: Promise<string> | undefined;

/**
 * The resident decider's client, the input reader and the hook bundle's digest, in one small
 * generated file (`deno task bundle-hook`): all a hook call loads before it is answered.
 */
const client = (): Promise<typeof import("./lib/cli/hook_client_bundled.ts")> =>
  import("./lib/_generated/hook_client.js");

const io: Io = {
  out: (text) => writeAll(Deno.stdout, text),
  err: (text) => writeAll(Deno.stderr, text),
  lines: stdinLines,
  // Read with plain asynchronous reads: this turn of the event loop is also when Deno stores
  // the code cache of the modules just loaded (`Deno.exit` skips what is still pending). Read
  // once: a call the resident decider did not answer is decided here on the same input.
  stdin: () =>
    stdin ??= client().then(({ readAll }) => readAll(Deno.stdin)).then((bytes) =>
      new TextDecoder().decode(bytes)
    ),
  cwd: Deno.cwd(),
  env: (name) => Deno.env.get(name),
};

async function main(args: string[]): Promise<Outcome> {
  const revoke = (...names: ("write" | "net" | "sys")[]) =>
    names.forEach((name) => Deno.permissions.revokeSync({ name }));
  // Only `init` writes (the files the flags name), and only the hook talks to its resident
  // decider (on its socket, which the flags name, in a directory that must be the user's):
  // every other subcommand gives those permissions up before it reads anything.
  if (args[0] !== "hook") revoke("net", "sys", ...(args[0] === "init" ? [] : ["write" as const]));
  if (args[0] === "hook") {
    const rest = args.slice(1);
    const resident = rest.some((a) => a === "--resident" || a.startsWith("--resident="));
    const help = rest.includes("--help") || rest.includes("-h");
    const serve = rest.includes("--serve");
    let launch: ((command: (dir: string) => string[]) => void) | undefined;
    let digest = "";
    if (resident && !help) {
      // The resident decider's client, without the bundle (docs/hook.md, "The resident decider").
      const { callResident, HOOK_BUNDLE_SHA256 } = await client();
      digest = HOOK_BUNDLE_SHA256;
      const asked = serve ? {} : await callResident(rest, io, digest);
      // A hook ends in `ok` or `block` only (exit 1 would let Claude Code go on): anything else
      // is decided here.
      if ("outcome" in asked && (asked.outcome === "ok" || asked.outcome === "block")) {
        io.out(asked.stdout);
        io.err(asked.stderr);
        return asked.outcome;
      }
      if ("launch" in asked) launch = asked.launch;
    }
    // Decided here: the socket is done with (the decider itself keeps it).
    if (!serve) revoke("write", "net", "sys");
    const hook: typeof import("./lib/cli/hook.ts") = await import(
      `./lib/_generated/hook.bundle.js${""}`
    );
    const options = hook.fastHookArgs(rest);
    if (options !== undefined && "serve" in options && options.serve) {
      return await hook.serveHook(rest, io, digest);
    }
    if (options !== undefined) {
      const outcome = await hook.hookMain(options, io);
      // A binary made by `deno compile` starts none (its flags are those of where it was built),
      // nor does doctor's sample call.
      if (launch !== undefined && !Deno.build.standalone && hook.startsDecider(await io.stdin())) {
        launch((dir) => hook.residentCommand(dir, import.meta.url));
      }
      return outcome;
    }
  }
  // A template literal, not a plain string: Deno reads the module graph of a string specifier
  // when the program starts, the CLI library's ~100 modules for a hook call too (+4 ms), and
  // does not read a template's; `deno publish` still analyzes it (relative: nothing to rewrite,
  // no warning), and `deno compile --include lib/cli/app.ts` embeds the library.
  // tests/cli/hook_bundle_test.ts watches what a hook call opens.
  const cli: typeof import("./lib/cli/app.ts") = await import(`./lib/cli/app.ts${""}`);
  return await cli.runCli(args, io);
}

if (import.meta.main) {
  try {
    Deno.exit(EXIT_CODES[await main(Deno.args)]);
  } catch (e) {
    io.err(`skald: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    // A hook that fails must block the call (exit 2), not let Claude Code go on (exit 1).
    Deno.exit(EXIT_CODES[Deno.args[0] === "hook" ? "block" : "error"]);
  }
}
