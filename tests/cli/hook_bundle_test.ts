/**
 * `lib/_generated/hook.bundle.js`, what `skald hook` loads: built from the current sources, not edited
 * by hand, loading no package at start-up, and answering as the sources do.
 */

import assert from "node:assert/strict";
import {
  bodyDigest,
  BUNDLE,
  bundleParts,
  moduleGraph,
  REPO,
  sourcesDigest,
  yamlSpecifier,
} from "../../scripts/bundle_hook.ts";
import type { Outcome } from "../../lib/cli/io.ts";
import { memoryIo } from "./_memory_io.ts";
import * as source from "../../lib/cli/hook.ts";

const STALE = "run `deno task bundle-hook` and commit lib/_generated/hook.bundle.js";
const bundleText = () => Deno.readTextFileSync(`${REPO}${BUNDLE}`);

Deno.test("hook bundle: built from the current sources (its header's digest)", async () => {
  assert.equal(bundleParts(bundleText()).sources, await sourcesDigest(), STALE);
});

Deno.test("hook bundle: its body is as generated (its header's digest)", async () => {
  const parts = bundleParts(bundleText());
  assert.equal(parts.body, await bodyDigest(parts.text), STALE);
});

Deno.test("hook bundle: imports no module when loaded; the YAML parser only on first use", async () => {
  const text = bundleText();
  assert.doesNotMatch(text, /^import\s/m);
  assert.deepEqual(text.match(/import\("[^"]*"\)/g), [`import("${await yamlSpecifier()}")`]);
});

Deno.test("hook bundle: a hook call starts by loading main.ts, read_all.ts and the bundle only", async () => {
  // Deno reads the graph of every import with a literal specifier when a program starts (type
  // imports aside): one more such import in main.ts, and every hook call pays for its modules.
  const bySpecifier = new Map((await moduleGraph("main.ts")).map((m) => [m.specifier, m]));
  const loaded = new Set<string>();
  const visit = (specifier: string) => {
    if (loaded.has(specifier)) return;
    loaded.add(specifier);
    for (const d of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (d.code === undefined) continue;
      visit(d.specifier.startsWith("npm:") ? d.specifier : new URL(d.specifier, specifier).href);
    }
  };
  const base = new URL("../../", import.meta.url).href;
  visit(new URL("main.ts", base).href);
  assert.deepEqual(
    [...loaded].map((s) => s.replace(base, "")).sort(),
    ["lib/_generated/hook.bundle.js", "lib/fs/read_all.ts", "main.ts", await yamlSpecifier()],
  );
});

/** Runs a `hookMain` on an input, in memory. */
async function answer(
  hookMain: typeof source.hookMain,
  stdin: string,
  files: string[],
): Promise<{ outcome: Outcome; out: string; err: string }> {
  const io = memoryIo(stdin);
  const outcome = await hookMain({ settings: files, authoritative: false }, io);
  return { outcome, out: io.output(), err: io.errors() };
}

const project = `${REPO}examples/project`;
const call = (tool: string, input: unknown, mode = "default") =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd: project,
    permission_mode: mode,
    tool_name: tool,
    tool_input: input,
  });

const CASES: { name: string; stdin: string; files?: string[] }[] = [
  { name: "deny inside a wrapper", stdin: call("Bash", { command: "sudo rm -rf /" }) },
  { name: "deny in a nested script", stdin: call("Bash", { command: "bash -c 'curl x'" }) },
  { name: "ask", stdin: call("Bash", { command: "git push origin main" }) },
  { name: "allowed by a rule: no opinion", stdin: call("Bash", { command: "git status" }) },
  { name: "no rule: no opinion", stdin: call("Bash", { command: "make deploy" }) },
  { name: "Read deny", stdin: call("Read", { file_path: `${project}/secrets/k` }) },
  { name: "Bash reading a denied file", stdin: call("Bash", { command: "cat secrets/k" }) },
  { name: "WebFetch deny", stdin: call("WebFetch", { url: "https://a.evil.example/x" }) },
  { name: "dontAsk turns ask into deny", stdin: call("Bash", { command: "git push" }, "dontAsk") },
  { name: "malformed input", stdin: "{" },
  { name: "no tool_name", stdin: "{}" },
  {
    name: "inline --settings",
    stdin: call("Bash", { command: "make deploy" }),
    files: ['{"permissions":{"deny":["Bash(make:*)"]}}'],
  },
];

Deno.test("hook bundle: answers every case as the sources do", async (t) => {
  const bundle: typeof source = await import("../../lib/_generated/hook.bundle.js");
  const yaml = await Deno.makeTempFile({ suffix: ".yml" });
  await Deno.writeTextFile(yaml, "permissions:\n  deny:\n    - Bash(ls:*)\n");
  const cases = [...CASES, {
    name: "YAML --settings (the parser loaded on first use)",
    stdin: call("Bash", { command: "ls -la" }),
    files: [yaml],
  }];
  for (const c of cases) {
    await t.step(c.name, async () => {
      const want = await answer(source.hookMain, c.stdin, c.files ?? []);
      const got = await answer(bundle.hookMain, c.stdin, c.files ?? []);
      assert.deepEqual(got, want);
      assert.ok(want.out !== "" || want.err !== "" || c.name.includes("no opinion"), c.name);
    });
  }
  await Deno.remove(yaml);
});
