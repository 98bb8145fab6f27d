/**
 * The adapter of each agent other than Claude Code (whose hook is `run_hook.ts`'s own path).
 *
 * @module
 */

import type { AgentAdapter } from "./agent.ts";
import { CODEX } from "./codex.ts";
import { COPILOT } from "./copilot.ts";
import { GEMINI } from "./gemini.ts";

/** The adapters, by agent. */
export const ADAPTERS: Readonly<Record<"gemini" | "codex" | "copilot", AgentAdapter>> = {
  gemini: GEMINI,
  codex: CODEX,
  copilot: COPILOT,
};
