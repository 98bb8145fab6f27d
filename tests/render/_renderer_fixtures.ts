/**
 * The renderer's tests' world as data: an entry, files and directories by path, a runner that
 * records what it ran, and a renderer over a policy of the given rules (root `/proj`).
 *
 * @module
 */

import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import type { FileAttacher } from "../../lib/render/attachments.ts";
import { Renderer, type RendererOptions, type Runner } from "../../lib/render/renderer.ts";
import type { RunResult } from "../../lib/exec/run_command.ts";
import type { Entry } from "../../lib/skills/entry.ts";
import { testEnv } from "../_env.ts";

export function entry(
  fields: Partial<Entry> & { frontmatter?: Record<string, unknown> } = {},
): Entry {
  return {
    name: "review",
    kind: "command",
    description: "",
    dir: "/proj/.claude/commands",
    file: "/proj/.claude/commands/review.md",
    source: ".claude/commands",
    frontmatter: {},
    modelInvocable: true,
    userInvocable: true,
    ...fields,
  };
}

/** Files as data: path -> content, or DIR for a directory. */
export const DIR = Symbol("dir");
export function attacher(
  files: Record<string, string | typeof DIR>,
  realPath: (p: string) => string = testEnv().realPath,
): FileAttacher {
  return {
    kind: (p) => files[p] === undefined ? undefined : files[p] === DIR ? "directory" : "file",
    realPath,
    readFile: (p) => {
      const t = files[p] as string;
      return Promise.resolve({
        text: t.split("\n").map((l, i) => `${i + 1}\t${l}`).join("\n"),
        bytes: new TextEncoder().encode(t),
        partial: false,
      });
    },
    listDir: (p, hides) =>
      Promise.resolve({
        text: Object.keys(files).filter((k) => k.startsWith(p + "/") && !hides(k))
          .map((k) => k.slice(p.length + 1)).join("\n"),
      }),
  };
}

export function recorder(
  outputs: Record<string, RunResult> = {},
): { runner: Runner; ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    runner: (command) => {
      ran.push(command);
      return Promise.resolve(outputs[command] ?? { exitCode: 0, output: `out(${command})` });
    },
  };
}

export function renderer(
  rules: Partial<PolicySource>,
  extra: Partial<RendererOptions> = {},
  files: Record<string, string | typeof DIR> = {},
) {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", ...rules }],
    env: testEnv(),
  });
  const rec = recorder();
  const r = new Renderer({
    root: "/proj",
    policy,
    runner: rec.runner,
    files: attacher(files),
    ...extra,
  });
  return { r, ran: rec.ran, policy };
}
export const FILES = {
  "/proj/src/App.pm": "package App;\n1;\n",
  "/proj/notes.txt": "note",
  "/proj/dir with space/f.txt": "spaced",
  "/proj/src": DIR,
  "/proj/secrets/key.txt": "SECRET",
  "/outside/o.txt": "outside",
  "/proj/src-link-out.txt": "via link",
} as const;
