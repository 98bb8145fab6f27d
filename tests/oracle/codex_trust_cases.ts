/**
 * Codex CLI's hook trust, case by case (issue 16): which `~/.codex/config.toml` makes Codex run
 * skald's hook. `tests/oracle/freeze_codex_trust.ts` asks the real Codex (`hooks/list`);
 * `tests/cli/doctor_agents_test.ts` holds doctor's reading to its answers. In `config`,
 * `{{ROOT}}` is the scratch directory (`{{ROOT}}/proj` the project, `{{ROOT}}/home/.codex`
 * Codex's home), and `TRUSTED_HASH` stands for the hash skald computes for the hook.
 *
 * @module
 */

/** Stands for skald's hash of the case's hook in a case's `config`. */
export const TRUSTED_HASH = "{{TRUSTED_HASH}}";

const COMMAND = "/opt/skald hook --agent codex || { echo 'skald hook could not run' >&2; exit 2; }";
const TRUSTED_PROJECT = '[projects."{{ROOT}}/proj"]\ntrust_level = "trusted"\n';
const state = (where: string, body: string) =>
  `[hooks.state."${where}:pre_tool_use:0:0"]\n${body}\n`;
const PROJECT_KEY = "{{ROOT}}/proj/.codex/hooks.json";
const USER_KEY = "{{ROOT}}/home/.codex/hooks.json";

/** One case. */
export interface CodexTrustCase {
  /** What it shows. */
  name: string;
  /** The hooks file: the project's `.codex/hooks.json` or Codex's home's. */
  where: "project" | "user";
  /** The one matcher group of `hooks.PreToolUse`. */
  group: { matcher?: string; hooks: Record<string, unknown>[] };
  /** `config.toml`. */
  config: string;
  /** Codex's trust status for the hook; `absent` when Codex does not load the file at all. */
  expected: "trusted" | "untrusted" | "modified" | "absent";
}

const GROUP = { matcher: ".*", hooks: [{ type: "command", command: COMMAND }] };

/** The cases. */
export const CODEX_TRUST_CASES: CodexTrustCase[] = [
  {
    name: "a project that is not trusted: Codex does not load its .codex/ at all",
    where: "project",
    group: GROUP,
    config: "",
    expected: "absent",
  },
  {
    name: "a trusted project, the hook never trusted: untrusted (skipped without a word)",
    where: "project",
    group: GROUP,
    config: TRUSTED_PROJECT,
    expected: "untrusted",
  },
  {
    name: "trusted with the hash skald computes: trusted",
    where: "project",
    group: GROUP,
    config: TRUSTED_PROJECT + state(PROJECT_KEY, `trusted_hash = "${TRUSTED_HASH}"`),
    expected: "trusted",
  },
  {
    name: "trusted with another hash (the hook changed since): modified",
    where: "project",
    group: GROUP,
    config: TRUSTED_PROJECT + state(PROJECT_KEY, `trusted_hash = "sha256:${"0".repeat(64)}"`),
    expected: "modified",
  },
  {
    name: "a hook with its own timeout and matcher: skald's hash is still Codex's",
    where: "project",
    group: { matcher: "Bash", hooks: [{ type: "command", command: COMMAND, timeout: 5 }] },
    config: TRUSTED_PROJECT + state(PROJECT_KEY, `trusted_hash = "${TRUSTED_HASH}"`),
    expected: "trusted",
  },
  {
    name: "the user's hooks.json, never trusted: untrusted",
    where: "user",
    group: GROUP,
    config: "",
    expected: "untrusted",
  },
  {
    name: "the user's hooks.json, trusted: trusted",
    where: "user",
    group: GROUP,
    config: state(USER_KEY, `trusted_hash = "${TRUSTED_HASH}"`),
    expected: "trusted",
  },
];
