/**
 * The false denies on ordinary commands: every command of `ORDINARY_COMMANDS` decided under
 * `TYPICAL_DENY_RULES` (with a bare `Bash` allow rule, so that only a deny rule can refuse),
 * against this checkout or another one given as a path (to compare before and after a change).
 *
 * Run: `deno run --allow-read bench/false_denies.ts [ROOT]`
 *
 * @module
 */

import { ORDINARY_COMMANDS, TYPICAL_DENY_RULES } from "../tests/permissions/ordinary_commands.ts";

const root = Deno.args[0] === undefined
  ? new URL("..", import.meta.url)
  : new URL(`file://${Deno.realPathSync(Deno.args[0])}/`);
const { Policy } = await import(new URL("lib/permissions/policy.ts", root).href);
const policy = new Policy({
  sources: [{ label: "d", scope: "project", deny: [...TYPICAL_DENY_RULES], allow: ["Bash"] }],
  env: { root: "/proj", home: "/home/u", realPath: (p: string) => p },
});
const denied = ORDINARY_COMMANDS.flatMap((command) => {
  const d = policy.decide({ tool: "Bash", input: { command } });
  return d.verdict === "deny" ? [`${command}  <- ${d.rule}`] : [];
});
console.log(
  `${denied.length} false denies of ${ORDINARY_COMMANDS.length} ordinary commands under ` +
    `${TYPICAL_DENY_RULES.length} deny rules (${root.pathname})`,
);
for (const line of denied) console.log(`  ${line}`);
