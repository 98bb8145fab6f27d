/**
 * The fifth red team's findings (file tools, WebFetch, MCP): an IPv4-mapped IPv6 address
 * reached a server bound to 127.0.0.1 past `WebFetch(domain:127.0.0.1)` (curl and Deno's fetch
 * both returned its page), and so did `0.0.0.0`; a deny rule `mcp__x__del*` named no tool and
 * denied nothing. Both ways.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({
  sources: [{
    label: ".claude/settings.json",
    scope: "project",
    deny: ["WebFetch(domain:127.0.0.1)", "WebFetch(domain:169.254.169.254)", "mcp__x__del*"],
    allow: ["WebFetch", "mcp__x", "mcp__y__del*"],
  }],
  env: testEnv(),
});

const CASES: { name: string; tool: string; input: Record<string, unknown>; verdict: Verdict }[] = [
  {
    name: "IPv4-mapped, dotted",
    tool: "WebFetch",
    input: { url: "http://[::ffff:127.0.0.1]:8/" },
    verdict: "deny",
  },
  {
    name: "IPv4-mapped, hex",
    tool: "WebFetch",
    input: { url: "http://[::ffff:7f00:1]/" },
    verdict: "deny",
  },
  {
    name: "IPv4-mapped, long form",
    tool: "WebFetch",
    input: { url: "http://[0:0:0:0:0:ffff:127.0.0.1]/" },
    verdict: "deny",
  },
  {
    name: "the metadata address, mapped",
    tool: "WebFetch",
    input: { url: "http://[::ffff:a9fe:a9fe]/" },
    verdict: "deny",
  },
  {
    name: "0.0.0.0 is the machine",
    tool: "WebFetch",
    input: { url: "http://0.0.0.0:8/" },
    verdict: "deny",
  },
  {
    name: "[::1] is the machine",
    tool: "WebFetch",
    input: { url: "http://[::1]/" },
    verdict: "deny",
  },
  {
    name: "another address",
    tool: "WebFetch",
    input: { url: "http://127.0.0.2/" },
    verdict: "allow",
  },
  { name: "a name", tool: "WebFetch", input: { url: "https://docs.example/" }, verdict: "allow" },
  { name: "mcp deny with a wildcard", tool: "mcp__x__delete", input: {}, verdict: "deny" },
  { name: "mcp deny wildcard, exact prefix", tool: "mcp__x__del", input: {}, verdict: "deny" },
  { name: "mcp, another tool", tool: "mcp__x__list", input: {}, verdict: "allow" },
  // An allow rule's `*` after a literal server is a wildcard too, as Claude Code 2.1.332 reads it
  // (oracle: allow `mcp__srv__get_*` allowed get_a and get_b, and put_c asked).
  {
    name: "mcp allow wildcard after the server",
    tool: "mcp__y__delete",
    input: {},
    verdict: "allow",
  },
  { name: "mcp allow wildcard, another tool", tool: "mcp__y__list", input: {}, verdict: "ask" },
];

Deno.test("red team five: each finding denied, each twin kept", () => {
  const failures = CASES.flatMap((c) => {
    const d = policy.decide({ tool: c.tool, input: c.input });
    return d.verdict === c.verdict ? [] : [`${c.name}: ${c.tool} -> ${d.verdict} ${d.rule ?? ""}`];
  });
  assert.deepEqual(failures, []);
});
