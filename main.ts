#!/usr/bin/env -S deno run --allow-read --allow-env --allow-run=bash --allow-write
/**
 * The skald CLI. Wiring only: arguments -> `lib/cli` -> output, and the exit codes.
 *
 * Exit codes: 0 allow (or success), 1 error, 2 deny, 3 ask, 4 lint findings.
 *
 * @module
 */

import { runCli } from "./lib/cli/app.ts";
import type { Io, Outcome } from "./lib/cli/io.ts";

/** The exit code of each outcome. */
export const EXIT_CODES: Readonly<Record<Outcome, number>> = {
  ok: 0,
  allow: 0,
  error: 1,
  deny: 2,
  ask: 3,
  findings: 4,
};

const encoder = new TextEncoder();

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

const io: Io = {
  out: (text) => Deno.stdout.writeSync(encoder.encode(text)) && undefined,
  err: (text) => Deno.stderr.writeSync(encoder.encode(text)) && undefined,
  lines: stdinLines,
  cwd: Deno.cwd(),
  env: (name) => Deno.env.get(name),
};

if (import.meta.main) {
  try {
    Deno.exit(EXIT_CODES[await runCli(Deno.args, io)]);
  } catch (e) {
    io.err(`skald: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    Deno.exit(1);
  }
}
