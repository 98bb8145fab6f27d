/**
 * A large session transcript, generated in Claude Code 2.1.332's shape (the lines of
 * `tests/fixtures/audit/`, with the bulk real lines carry: usage blocks, `toolUseResult`,
 * attachments, `api-request` lines; about 3.6 KB a call), for the audit's speed test and
 * benchmark. Deterministic: a seeded generator picks the calls (the everyday commands of
 * `ordinary_commands.ts`, some that the typical deny rules stop, `cd`s into subfolders, file
 * tools, WebFetch, Agent) and what Claude Code did with them (most ran, some denied or asked).
 *
 * @module
 */

import { random } from "../exec_oracle/_generator.ts";
import { ORDINARY_COMMANDS, TYPICAL_DENY_RULES } from "../permissions/ordinary_commands.ts";

/** The policy the generated calls are meant for: the typical deny rules and a few allows. */
export const GENERATED_SETTINGS = {
  permissions: {
    deny: [
      ...TYPICAL_DENY_RULES,
      "Read(./.env)",
      "Read(./secrets/**)",
      "WebFetch(domain:evil.example)",
    ],
    ask: ["Bash(git push:*)"],
    allow: [
      "Bash(npm run test:*)",
      "Bash(git:*)",
      "Edit(./src/**)",
      "WebFetch(domain:docs.example)",
    ],
  },
};

const DANGEROUS = [
  "rm -rf build",
  "git push --force origin main",
  "cat ../.env",
  "git reset --hard HEAD~3",
  "npm publish",
];

const USAGE = {
  input_tokens: 5693,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 40213,
  output_tokens: 87,
  server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
  service_tier: "standard",
  cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
};

/** What one generated call is. */
interface Made {
  tool: string;
  input: Record<string, unknown>;
  /** The directory after it, when it changes it. */
  cd?: string;
}

/**
 * Writes a generated transcript.
 *
 * @param path the file to write
 * @param calls how many tool calls
 * @param root the project the session runs in (its `cwd`s are there and below)
 * @param seed the generator's seed
 * @returns how many bytes were written
 */
export function writeGeneratedTranscript(
  path: string,
  calls: number,
  root = "/work/app",
  seed = 15,
): number {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const session = "9a1b2c3d-0000-4000-8000-0000000000a1";
  const file = Deno.openSync(path, { write: true, create: true, truncate: true });
  const encoder = new TextEncoder();
  let bytes = 0;
  let buffer: string[] = [];
  const flush = () => {
    const data = encoder.encode(buffer.join(""));
    let at = 0;
    while (at < data.length) at += file.writeSync(data.subarray(at));
    bytes += data.length;
    buffer = [];
  };
  const line = (o: unknown) => {
    buffer.push(JSON.stringify(o) + "\n");
    if (buffer.length >= 2048) flush();
  };
  const envelope = (cwd: string, n: number) => ({
    parentUuid: `00000000-0000-4000-8000-${String(n - 1).padStart(12, "0")}`,
    isSidechain: false,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    timestamp: new Date(1_780_000_000_000 + n * 1000).toISOString(),
    userType: "external",
    entrypoint: "cli",
    cwd,
    sessionId: session,
    version: "2.1.332",
    gitBranch: "main",
  });
  let cwd = root;
  line({ type: "queue-operation", operation: "dequeue", sessionId: session });
  line({ type: "user", ...envelope(cwd, 0), message: { role: "user", content: "(prompt)" } });
  const make = (): Made => {
    const r = next();
    if (r < 0.55) return { tool: "Bash", input: { command: pick(ORDINARY_COMMANDS) } };
    if (r < 0.58) return { tool: "Bash", input: { command: pick(DANGEROUS) } };
    if (r < 0.61) {
      const to = cwd === root ? `${root}/${pick(["src", "lib", "tests"])}` : root;
      return { tool: "Bash", input: { command: `cd ${to}` }, cd: to };
    }
    if (r < 0.75) {
      return { tool: "Read", input: { file_path: `${root}/src/m${Math.floor(next() * 500)}.ts` } };
    }
    if (r < 0.82) {
      return {
        tool: "Edit",
        input: {
          file_path: `${root}/src/m${Math.floor(next() * 500)}.ts`,
          old_string: "const a = 1;",
          new_string: "const a = 2;",
        },
      };
    }
    if (r < 0.88) {
      return { tool: "Grep", input: { pattern: "TODO", path: "src", output_mode: "content" } };
    }
    if (r < 0.92) return { tool: "Glob", input: { pattern: "**/*.test.ts" } };
    if (r < 0.95) {
      return {
        tool: "WebFetch",
        input: {
          url: `https://${pick(["docs.example", "evil.example", "news.example"])}/p`,
          prompt: "read",
        },
      };
    }
    if (r < 0.97) {
      return {
        tool: "Write",
        input: {
          file_path: `${root}/notes/n${Math.floor(next() * 50)}.md`,
          content: "# Notes\n".repeat(20),
        },
      };
    }
    if (r < 0.99) {
      return { tool: "TodoWrite", input: { todos: [{ content: "x", status: "pending" }] } };
    }
    return {
      tool: "Agent",
      input: { subagent_type: "Explore", description: "look", prompt: "look around" },
    };
  };
  let n = 1;
  for (let i = 0; i < calls; i++) {
    const made = make();
    const id = `toolu_gen_${i.toString(36).padStart(8, "0")}`;
    line({
      ...envelope(cwd, n++),
      type: "assistant",
      message: {
        id: `msg_gen_${i}`,
        type: "message",
        role: "assistant",
        model: "claude-opus-5-5",
        content: [{ type: "tool_use", id, name: made.tool, input: made.input }],
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: USAGE,
      },
      requestId: `req_gen_${i}`,
    });
    if (i === calls - 1 && calls > 10) break; // the last call has no result: the session ended
    const r = next();
    const refused = r < 0.04 ? "denied" : r < 0.08 ? "asked" : undefined;
    const text = refused === "denied"
      ? `Permission to use ${made.tool} has been denied.`
      : refused === "asked"
      ? `Claude requested permissions to use ${made.tool}, but you haven't granted it yet.`
      : "src/app.ts\nsrc/lib/util.ts\n" + "ok line of output\n".repeat(12);
    if (made.cd !== undefined && refused === undefined) cwd = made.cd;
    line({
      ...envelope(cwd, n++),
      type: "user",
      message: {
        role: "user",
        content: [{
          tool_use_id: id,
          type: "tool_result",
          content: text,
          is_error: refused !== undefined,
        }],
      },
      toolUseResult: refused === undefined
        ? { stdout: text, stderr: "", interrupted: false, isImage: false }
        : `Error: ${text}`,
      sourceToolAssistantUUID: "00000000-0000-4000-8000-000000000000",
      ...(refused === undefined
        ? { permissionDecision: { decision: "accept", source: "config", reasonType: "rule" } }
        : {
          toolDenialKind: refused === "denied" ? "permission-rule" : "user-rejected",
          permissionDecision: { decision: "reject", source: "config", reasonType: "rule" },
        }),
    });
    if (i % 3 === 0) {
      line({
        ...envelope(cwd, n++),
        type: "attachment",
        attachment: { type: "todo_reminder", content: [], itemCount: 0 },
        rendered: [{ content: "(reminder) ".repeat(120), role: "user" }],
      });
    }
    line({
      type: "api-request",
      sessionId: session,
      id: `req-${i}`,
      timestamp: new Date(1_780_000_000_000 + n * 1000).toISOString(),
      version: "2.1.332",
      querySource: "sdk",
      shapeHash: "7f77f83dd14d62b22c79336faa7a0184ad5515732ad37b9f102ae0388859661a",
      params: { model: "claude-opus-5-5", max_tokens: 128000, betas: ["claude-code-20250219"] },
      keep: 11,
      tail: Array.from({ length: 8 }, (_, k) => `${k}`.repeat(64)),
      requestDigest: "01768d7fae34c52650a9188f5951a1ae9a7a02918978a1ddbcb21825033d46c2",
    });
  }
  flush();
  file.close();
  return bytes;
}
