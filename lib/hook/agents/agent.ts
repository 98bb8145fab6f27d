/**
 * What every agent adapter of `skald hook --agent NAME` is: a pure pair of functions, the
 * agent's hook input read into skald's (the tool calls in Claude Code's names and input
 * shapes, where they run, the mode), and skald's decision (or an error) turned into the agent's
 * answer: what goes to stdout and stderr and how the process ends. `run_hook.ts` is the edge
 * they share. Each agent blocks a call in its own way, so each adapter has its own refusal,
 * used for every error path. Pure.
 *
 * @module
 */

import type { Decision } from "../../permissions/verdict.ts";
import type { HookEvent } from "../hook_input.ts";

/** The agents whose hooks skald answers. */
export const AGENT_NAMES = ["claude", "gemini", "codex", "copilot"] as const;

/** An agent whose hooks skald answers. */
export type AgentName = typeof AGENT_NAMES[number];

/**
 * Whether a name is an agent skald answers.
 *
 * @param name a name
 * @returns true for `claude`, `gemini`, `codex` and `copilot`
 */
export function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

/** One call to decide, in skald's vocabulary. */
export interface MappedCall {
  /**
   * Claude Code's tool name (`Bash`, `Read`, `mcp__server__tool`, ...), or undefined for a tool
   * of the agent's that skald has no counterpart for (no rule of skald's can name it).
   */
  tool: string | undefined;
  /** The tool's name as the agent calls it, for messages. */
  agentTool: string;
  /** The input, in the shape of Claude Code's tool. */
  input: Record<string, unknown>;
  /** Where the call runs (absolute); undefined: the request's `cwd`. */
  cwd?: string;
  /** The MCP server, when the agent names it apart from the tool. */
  server?: string;
  /**
   * A directory whose every file the tool reads (a recursive search, a read of many files):
   * besides the call itself, each Read rule that names a path below it applies, as for
   * `grep -r` over it.
   */
  readsTree?: string;
  /**
   * Which rules the tree is held against: every one (the default), or only those of the sources
   * the agent itself does not read (Claude Code's Grep leaves out what its own rules name).
   */
  treeRules?: "all" | "skald's own";
}

/** An agent's hook input, read. */
export interface AgentRequest {
  /** The event, in Claude Code's terms. */
  event: HookEvent;
  /** The calls to decide: one, or several for one tool call that touches several things. */
  calls: MappedCall[];
  /** The directory the call runs in (absolute); undefined when the input gave none. */
  cwd: string | undefined;
  /** The permission mode's name (see `modes.ts`: one skald does not know is `default`). */
  mode: string;
}

/** How the hook process ends: what it prints, and whether it exits 0 or 2. */
export interface AgentReply {
  /** Standard output. */
  stdout: string;
  /** Standard error. */
  stderr: string;
  /** `ok` exits 0, `block` exits 2. */
  outcome: "ok" | "block";
}

/** What the answer depends on besides the decision. */
export interface AnswerOptions {
  /** skald's policy is the whole policy: every verdict is sent. */
  authoritative: boolean;
  /** What an ask becomes: `deny` (the default: headless agents cannot ask), or `ask`. */
  askAs: "deny" | "ask";
}

/** One agent's hook contract. */
export interface AgentAdapter {
  /** The agent. */
  name: AgentName;
  /** Reads the hook input; an error when anything in it cannot be read. */
  read(text: string): AgentRequest | { error: string };
  /** The answer for a decision. */
  answer(decision: Decision, request: AgentRequest, options: AnswerOptions): AgentReply;
  /** The answer for anything that went wrong: a reply that blocks the call in this agent. */
  refuse(error: string): AgentReply;
}

/**
 * The reason skald gives for a decision.
 *
 * @param decision the decision
 * @returns `skald: ` and the decision's reason
 */
export function skaldReason(decision: Decision): string {
  return `skald: ${decision.reason}`;
}

/** Hook output is one line: whatever an error held. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/**
 * The one-line reason of an error that blocks a call.
 *
 * @param error what went wrong
 * @returns `skald: <error>; the call is blocked`
 */
export function blockedReason(error: string): string {
  return `skald: ${oneLine(error)}; the call is blocked`;
}

/**
 * What a verdict becomes for an agent that has no answer of Claude Code's own to leave the call
 * to: `silent` (the agent decides as it would without skald: an allow, or an ask only because
 * no rule speaks, unless authoritative), else the verdict to send, an ask turned into a deny
 * unless the agent may ask.
 *
 * @param decision skald's decision
 * @param options authoritative, and what an ask becomes
 * @param canAsk whether the agent can ask the user at all
 * @returns the verdict to send, or `silent`
 */
export function verdictToSend(
  decision: Decision,
  options: AnswerOptions,
  canAsk: boolean,
): "allow" | "ask" | "deny" | "silent" {
  const { verdict } = decision;
  if (!options.authoritative && (verdict === "allow" || decision.basis === "default")) {
    return "silent";
  }
  if (verdict === "ask" && (!canAsk || options.askAs === "deny")) return "deny";
  return verdict;
}

/**
 * The reason sent with a verdict: skald's, saying so when an ask was turned into a deny.
 *
 * @param decision skald's decision
 * @param sent the verdict sent
 * @param agent the agent's name, for the message
 * @returns the reason
 */
export function reasonSent(decision: Decision, sent: string, agent: string): string {
  const reason = skaldReason(decision);
  return decision.verdict === "ask" && sent === "deny"
    ? `${reason} (${agent} cannot ask from skald's hook here, so skald denies)`
    : reason;
}

/**
 * The JSON object of a hook input, or an error.
 *
 * @param text standard input
 * @returns the object (as `doc`: a key of the input never reads as the error), or an error
 */
export function jsonObject(text: string): { doc: Record<string, unknown> } | { error: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { error: `The hook input is not JSON: ${(e as Error).message}` };
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    return { error: "The hook input is not a JSON object" };
  }
  return { doc: doc as Record<string, unknown> };
}
