/**
 * Builds the command corpus of `deno task false-denies` (`bench/false_denies/corpus/`) from local
 * snapshots of public repositories that hold coding agents' trajectories and session
 * transcripts. Each source names its repository, the commit read and how its files hold
 * commands; the script keeps only the shell commands (never the trajectories), drops those that
 * look like they hold a secret, deduplicates them across sources, keeps at most `perFile`
 * commands of one trajectory and `cap` of one source (a seeded choice, so that one repository
 * does not dominate), and writes `sources.json` and `commands.jsonl`.
 *
 * The snapshots are git directories (`ROOT/owner+name/repo`, as the search tool's `fetch` lays
 * them out); the corpus in the repository is what this script wrote from them, so the benchmark
 * runs offline. Run: `deno run --allow-read --allow-write --allow-run=git
 * scripts/false_denies_corpus.ts ROOT`.
 *
 * @module
 */

/** How a source's files hold commands. */
type Format =
  | "mini-swe-agent" // .traj.json: assistant messages with one ```bash block each
  | "swe-agent" // .traj: trajectory[].action, the agent's own tools left out
  | "claude-jsonl" // Claude Code session .jsonl: tool_use blocks named Bash
  | "claude-console" // a Claude Code terminal copied as text: `⏺ Bash(command)` headers
  | "tool-input-md"; // Markdown exports: `🔧 ... Bash` then `Input: { "command": ... }`

/** One public repository the corpus reads. */
interface Source {
  id: string;
  repo: string;
  agent: string;
  format: Format;
  /** Which of its files to read. */
  files: RegExp;
  /** The directories the agent worked in, as its commands name them (the judge maps them). */
  roots: string[];
  /** At most this many commands from this source. */
  cap: number;
  /** At most this many commands of one of its files (default {@link PER_FILE}). */
  perFile?: number;
}

const SOURCES: readonly Source[] = [
  {
    id: "mini-swe-agent-gemini-3-pro",
    repo: "gruckion/mini-swe-agent",
    agent: "mini-swe-agent 1.15 with Gemini 3 Pro on SWE-bench Verified (500 trajectories)",
    format: "mini-swe-agent",
    files: /^swebench_results\/.*\.traj\.json$/,
    roots: ["/testbed"],
    cap: 700,
  },
  {
    id: "swe-agent-demonstrations",
    repo: "SWE-agent/SWE-agent",
    agent: "SWE-agent's own demonstrations and test trajectories (GPT-4 and others)",
    format: "swe-agent",
    files: /\.traj$/,
    roots: ["/testbed", "/repo"],
    cap: 700,
  },
  {
    id: "swe-agent-claude-qwen",
    repo: "apurv-sawant15/SWE-Agent-Trajectory-Analysis",
    agent: "SWE-agent with Claude Sonnet and Qwen 2.5 Coder on SWE-bench",
    format: "swe-agent",
    files: /\.traj$/,
    roots: ["/testbed"],
    cap: 700,
  },
  {
    id: "swe-agent-claude-4-lm",
    repo: "RLin8103/cs598-swe-agent-trajectory-analysis-group8",
    agent: "SWE-agent with Claude 4 and SWE-agent-LM on SWE-bench",
    format: "swe-agent",
    files: /\.traj$/,
    roots: ["/testbed"],
    cap: 700,
  },
  {
    id: "swe-agent-analysis",
    repo: "lgetter/swe-agent-trajectory-analysis",
    agent: "SWE-agent trajectories on SWE-bench (analysis course project)",
    format: "swe-agent",
    files: /\.traj$/,
    roots: ["/testbed"],
    cap: 700,
  },
  {
    id: "claude-code-bookminder",
    repo: "palimondo/BookMinder",
    agent: "Claude Code, 21 days of a Python project's sessions copied from the terminal",
    format: "claude-console",
    files: /^claude-dev-log-diary\/day-\d+\.md$/,
    roots: ["/Users/palimondo/Developer/BookMinder"],
    cap: 700,
    perFile: 80,
  },
  {
    id: "claude-code-production-patterns",
    repo: "nikblanchet/claude-code-production-patterns",
    agent: "Claude Code sessions exported as Markdown (a TypeScript/Python project)",
    format: "tool-input-md",
    files: /^docs\/transcripts\/.*\.md$/,
    roots: [
      "/Users/nik/Documents/Code/claude-code-production-patterns/main",
      "/Users/nik/Documents/Code/claude-code-production-patterns",
    ],
    cap: 700,
    perFile: 80,
  },
  {
    id: "automaker-pradeep",
    repo: "yinkev/praDeep",
    agent: "Automaker feature runs (Claude Agent SDK and Codex CLI) on a Python/Next.js app",
    format: "tool-input-md",
    files: /^\.automaker\/.*agent-output\.md$/,
    roots: ["/Users/kyin/Projects/praDeep"],
    cap: 700,
  },
  {
    id: "claude-code-session-share",
    repo: "moredip/session-share",
    agent: "Claude Code session transcripts (.jsonl) kept as samples and test fixtures",
    format: "claude-jsonl",
    files: /\.jsonl$/,
    roots: [],
    cap: 700,
  },
];

/** At most this many commands of one trajectory or transcript. */
const PER_FILE = 40;
/** Longer commands are left out (they are file writes by heredoc, and skald asks past 10,000). */
const MAX_LENGTH = 8000;

/** Text that looks like a credential: such a command is dropped, not stored. */
const SECRET =
  /(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_|sk-[A-Za-z0-9_-]{20,}|sk-ant-|AKIA[0-9A-Z]{16}|xox[abposr]-|AIza[0-9A-Za-z_-]{30,}|-----BEGIN [A-Z ]*PRIVATE KEY|Bearer [A-Za-z0-9._~+/-]{20,}|(api[_-]?key|token|secret|passw(or)?d)\s*[=:]\s*['"]?[A-Za-z0-9/+_.~-]{12,})/i;

/** SWE-agent's own tools: commands of the agent's harness, not of a shell user. */
const SWE_AGENT_TOOLS = new Set([
  "str_replace_editor",
  "open",
  "goto",
  "scroll_up",
  "scroll_down",
  "create",
  "edit",
  "search_dir",
  "search_file",
  "find_file",
  "submit",
  "filemap",
  "exit_forfeit",
  "exit_cost",
  "exit_context",
  "exit_format",
  "insert",
  "undo_edit",
]);

function git(dir: string, args: string[]): string {
  const out = new Deno.Command("git", { args: ["-C", dir, ...args], stdout: "piped" })
    .outputSync();
  if (!out.success) throw new Error(`git ${args.join(" ")} failed in ${dir}`);
  return new TextDecoder().decode(out.stdout);
}

/** One shell word's value (`'a b'`, `"a\"b"`, `ab`): for `/bin/zsh -lc 'SCRIPT'` wrappers. */
function unquoteWord(text: string): string | undefined {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      out += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\" && '"\\$`\n'.includes(text[i + 1] ?? "")) i++;
        out += text[i];
        i++;
      }
      if (i >= text.length) return undefined;
      i++;
    } else if (c === "\\") {
      out += text[i + 1] ?? "";
      i += 2;
    } else if (/\s/.test(c)) {
      return undefined; // more than one word
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Codex CLI's `["/bin/zsh", "-lc", SCRIPT]` as a harness printed it: the script. */
function unwrapLoginShell(command: string): string {
  for (;;) {
    const m = /^\/bin\/(?:ba|z)?sh -lc (.*)$/s.exec(command);
    const inner = m === null ? undefined : unquoteWord(m[1]!);
    if (inner === undefined) return command;
    command = inner; // some harness runs wrapped it twice
  }
}

/** Quotes balanced and no trailing ellipsis: the console header holds the whole command. */
function wholeLine(text: string): boolean {
  if (text.endsWith("…")) return false;
  let single = false;
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && !single) i++;
    else if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
  }
  return !single && !double;
}

function fromMiniSweAgent(text: string): string[] {
  const data = JSON.parse(text) as { messages?: { role: string; content: unknown }[] };
  const out: string[] = [];
  for (const m of data.messages ?? []) {
    if (m.role !== "assistant" || typeof m.content !== "string") continue;
    const blocks = [...m.content.matchAll(/```bash\s*\n([\s\S]*?)\n```/g)];
    if (blocks.length === 1) out.push(blocks[0]![1]!);
  }
  return out;
}

function fromSweAgent(text: string): string[] {
  const data = JSON.parse(text) as { trajectory?: { action?: string }[] };
  return (data.trajectory ?? []).flatMap((s) => {
    const action = (s.action ?? "").trim();
    const first = action.split(/\s/, 1)[0] ?? "";
    return action === "" || SWE_AGENT_TOOLS.has(first) ? [] : [action];
  });
}

function fromClaudeJsonl(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes('"Bash"')) continue;
    let entry: { message?: { content?: unknown } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const content = entry.message?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (block?.type === "tool_use" && block.name === "Bash") {
        const command = block.input?.command;
        if (typeof command === "string") out.push(command);
      }
    }
  }
  return out;
}

function fromConsole(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const m = /^⏺ Bash\((.*)\)…?\s*$/.exec(line);
    if (m !== null && wholeLine(m[1]!)) out.push(m[1]!);
  }
  return out;
}

function fromToolInputMarkdown(text: string): string[] {
  const out: string[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (!/^🔧 (Using tool|Tool): Bash\s*$/.test(lines[i]!) || lines[i + 1] !== "Input: {") {
      continue;
    }
    const end = lines.indexOf("}", i + 2);
    if (end < 0) continue;
    try {
      const input = JSON.parse(["{", ...lines.slice(i + 2, end), "}"].join("\n"));
      if (typeof input.command === "string") out.push(unwrapLoginShell(input.command));
    } catch {
      // not JSON after all
    }
  }
  return out;
}

const EXTRACT: Record<Format, (text: string) => string[]> = {
  "mini-swe-agent": fromMiniSweAgent,
  "swe-agent": fromSweAgent,
  "claude-jsonl": fromClaudeJsonl,
  "claude-console": fromConsole,
  "tool-input-md": fromToolInputMarkdown,
};

/** FNV-1a: the seeded order commands are chosen in. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Why a command is left out, or undefined to keep it. */
function leftOut(command: string): string | undefined {
  if (command.trim() === "") return "empty";
  if (command.length > MAX_LENGTH) return "too long";
  if (SECRET.test(command)) return "looks like it holds a secret";
  return undefined;
}

if (import.meta.main) {
  const root = Deno.args[0];
  const out = new URL("../bench/false_denies/corpus/", import.meta.url);
  if (root === undefined) {
    console.error("usage: false_denies_corpus.ts SNAPSHOTS");
    Deno.exit(2);
  }
  const seen = new Set<string>();
  const sources: unknown[] = [];
  const lines: string[] = [];
  for (const [index, source] of SOURCES.entries()) {
    const dir = `${root}/${source.repo.replace("/", "+")}/repo`;
    const commit = git(dir, ["rev-parse", "HEAD"]).trim();
    const paths = git(dir, ["ls-tree", "-r", "--name-only", "HEAD"]).split("\n")
      .filter((p) => source.files.test(p)).sort();
    const files: string[] = [];
    const candidates: { command: string; file: number }[] = [];
    const dropped = new Map<string, number>();
    const taken = new Set<string>(); // this source's commands so far
    for (const path of paths) {
      let text: string;
      try {
        text = git(dir, ["show", `HEAD:${path}`]);
      } catch {
        const why = "file absent from the snapshot";
        dropped.set(why, (dropped.get(why) ?? 0) + 1);
        continue;
      }
      let commands: string[];
      try {
        commands = EXTRACT[source.format](text);
      } catch {
        continue;
      }
      const mine = new Set<string>();
      for (const raw of commands) {
        const command = raw.trim();
        const why = leftOut(command);
        if (why !== undefined) {
          dropped.set(why, (dropped.get(why) ?? 0) + 1);
          continue;
        }
        if (seen.has(command) || taken.has(command)) continue;
        if (mine.size >= (source.perFile ?? PER_FILE)) break;
        mine.add(command);
        taken.add(command);
      }
      if (mine.size === 0) continue;
      files.push(path);
      for (const command of mine) candidates.push({ command, file: files.length - 1 });
    }
    candidates.sort((a, b) =>
      hash(a.command) - hash(b.command) || (a.command < b.command ? -1 : 1)
    );
    const kept = candidates.slice(0, source.cap);
    for (const { command, file } of kept) {
      seen.add(command);
      lines.push(JSON.stringify({ c: command, s: index, f: file }));
    }
    const { files: pattern, cap, perFile: _perFile, ...rest } = source;
    sources.push({
      ...rest,
      commit,
      pattern: pattern.source,
      cap,
      extracted: candidates.length,
      kept: kept.length,
      dropped: Object.fromEntries(dropped),
      paths: files,
    });
    console.error(
      `${source.repo}: ${candidates.length} distinct commands from ${files.length} files, ` +
        `${kept.length} kept; left out: ${JSON.stringify(Object.fromEntries(dropped))}`,
    );
  }
  await Deno.mkdir(out, { recursive: true });
  await Deno.writeTextFile(new URL("sources.json", out), JSON.stringify(sources, null, 2) + "\n");
  await Deno.writeTextFile(new URL("commands.jsonl", out), lines.join("\n") + "\n");
  console.error(`${lines.length} commands from ${SOURCES.length} sources`);
}
