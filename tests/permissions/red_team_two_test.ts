/**
 * The second red team's findings on the deny view, each run for real before it was fixed (git,
 * wget, curl, sed, sort and mv, in a scratch project): git subcommands that run a command they
 * are given or write files of their own, trees changed by `git bisect`/`sparse-checkout`/
 * `submodule`, braces joined to a glob through a link, and unique prefixes of long options
 * (wget, curl, sed). Both ways: denied where a rule names what runs or is written, kept where not.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { writeTargets } from "../../lib/permissions/effects/write_targets.ts";
import { testEnv } from "../_env.ts";

interface Case {
  name: string;
  command: string;
  verdict: Verdict;
  rule?: string;
}

const policy = new Policy({
  sources: [{
    label: ".claude/settings.json",
    scope: "project",
    deny: ["Bash(rm:*)", "Edit(./src/**)", "Edit(*.json)", "Read(./secrets/**)"],
    allow: ["git", "grep", "cat", "wget", "curl", "sed", "sort", "mv"].map((p) => `Bash(${p}:*)`),
  }],
  env: testEnv(),
});

const CASES: Case[] = [
  // git runs the command it is given.
  {
    name: "difftool -x",
    command: "git difftool -y -x 'rm -f V' HEAD~1",
    verdict: "deny",
    rule: "Bash(rm:*)",
  },
  {
    name: "difftool --extcmd=",
    command: "git difftool --extcmd='rm -f V' HEAD~1",
    verdict: "deny",
  },
  {
    name: "difftool -t TOOL is not a command",
    command: "git difftool -y -t vimdiff HEAD~1",
    verdict: "allow",
  },
  { name: "bisect run", command: "git bisect run rm -f V", verdict: "deny", rule: "Bash(rm:*)" },
  { name: "rebase -x", command: "git rebase -x 'rm V' HEAD~2", verdict: "deny" },
  { name: "rebase --exec=", command: "git rebase --exec='rm V' HEAD~2", verdict: "deny" },
  { name: "submodule foreach", command: "git submodule foreach 'rm -rf x'", verdict: "deny" },
  {
    name: "submodule foreach --recursive",
    command: "git submodule foreach --recursive rm -rf x",
    verdict: "deny",
  },
  {
    name: "filter-branch --tree-filter",
    command: "git filter-branch --tree-filter 'rm -f x' HEAD",
    verdict: "deny",
  },
  // git writes files of its own.
  {
    name: "format-patch -o DIR",
    command: "git format-patch -o src -1",
    verdict: "deny",
    rule: "Edit(./src/**)",
  },
  { name: "format-patch -oDIR", command: "git format-patch -osrc -1", verdict: "deny" },
  {
    name: "format-patch --output-directory=",
    command: "git format-patch --output-directory=src -1",
    verdict: "deny",
  },
  { name: "format-patch where it runs", command: "git format-patch -1", verdict: "allow" },
  { name: "bundle create FILE", command: "git bundle create src/b.bundle HEAD", verdict: "deny" },
  {
    name: "config -f FILE",
    command: "git config -f new.json a.b c",
    verdict: "deny",
    rule: "Edit(*.json)",
  },
  { name: "config --file=FILE", command: "git config --file=src/cfg a.b c", verdict: "deny" },
  // git changes the working tree.
  { name: "bisect start checks out", command: "git bisect start evil main", verdict: "deny" },
  { name: "bisect log only looks", command: "git bisect log", verdict: "allow" },
  { name: "sparse-checkout disable", command: "git sparse-checkout disable", verdict: "deny" },
  {
    name: "sparse-checkout list only looks",
    command: "git sparse-checkout list",
    verdict: "allow",
  },
  { name: "submodule update", command: "git submodule update --init", verdict: "deny" },
  { name: "submodule status only looks", command: "git submodule status", verdict: "allow" },
  // Braces joined to a glob: bash makes each alternative a glob (`/proj/link-secrets` is a link).
  {
    name: "braces then a glob",
    command: "cat {link-secrets,x}/*",
    verdict: "deny",
    rule: "Read(./secrets/**)",
  },
  // Unique prefixes of long options.
  {
    name: "wget --output-doc",
    command: "wget -q --output-doc=src/o.txt https://x.org/a",
    verdict: "deny",
  },
  {
    name: "wget --directory-p",
    command: "wget -q --directory-p=src https://x.org/a",
    verdict: "deny",
  },
  {
    name: "wget --content-disp",
    command: "wget -q --content-disp https://x.org/",
    verdict: "deny",
  },
  { name: "wget --inp", command: "wget -q --inp=urls.txt", verdict: "deny" },
  {
    name: "curl --remote-na (curl takes it)",
    command: "curl -s --remote-na https://x.org/x.json",
    verdict: "deny",
  },
  { name: "curl -K: a file's options", command: "curl -s -K cfg https://x.org/", verdict: "deny" },
  {
    name: "sed --in-pl",
    command: "sed --in-pl s/a/b/ src/a.ts",
    verdict: "deny",
    rule: "Edit(./src/**)",
  },
  { name: "sort --out=", command: "sort --out=src/s.txt a.txt", verdict: "deny" },
  { name: "mv --target-dir=", command: "mv --target-dir=src f", verdict: "deny" },
  { name: "sed without -i", command: "sed -n p src/a.ts", verdict: "allow" },
];

Deno.test("red team two: each finding denied, each twin kept", () => {
  const failures = CASES.flatMap((c) => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    const bad = d.verdict !== c.verdict || (c.rule !== undefined && d.rule !== c.rule);
    return bad ? [`${c.name}: ${c.command} -> ${d.verdict} ${d.rule ?? ""} (${d.reason})`] : [];
  });
  assert.deepEqual(failures, []);
});

Deno.test("red team two: what git format-patch and bundle write", () => {
  assert.deepEqual(writeTargets(["git", "format-patch", "-1"]).paths, [
    "[0-9][0-9][0-9][0-9]-*.patch",
  ]);
  assert.deepEqual(writeTargets(["git", "format-patch", "--stdout", "-1"]).paths, []);
  assert.deepEqual(writeTargets(["git", "-C", "sub", "format-patch", "-o", "out"]).trees, [
    "sub/out",
  ]);
  assert.deepEqual(writeTargets(["git", "bundle", "create", "b.bundle", "HEAD"]).paths, [
    "b.bundle",
  ]);
});
