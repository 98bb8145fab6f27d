/**
 * skald from a URL: the repository served over a loopback HTTP server, `deno run` of
 * `http://127.0.0.1:PORT/main.ts` in an empty directory, where the repository's import map
 * does not apply.
 */

import assert from "node:assert/strict";
import { FLAGS, REPO } from "./_run.ts";

Deno.test({
  name: "url: deno run http://127.0.0.1:PORT/main.ts works from an empty directory",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      async (req) => {
        const path = decodeURIComponent(new URL(req.url).pathname);
        if (path.includes("..")) return new Response("no", { status: 403 });
        try {
          const body = await Deno.readFile(`${REPO}${path}`);
          const type = path.endsWith(".json")
            ? "application/json"
            : path.endsWith(".js")
            ? "application/javascript"
            : "application/typescript";
          return new Response(body, { headers: { "content-type": type } });
        } catch {
          return new Response("not found", { status: 404 });
        }
      },
    );
    const empty = await Deno.makeTempDir({ prefix: "skald-url-" });
    try {
      const port = server.addr.port;
      const run = async (args: string[], stdin?: string) => {
        const child = new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--quiet",
            ...FLAGS,
            `--allow-import=127.0.0.1:${port}`,
            `http://127.0.0.1:${port}/main.ts`,
            ...args,
          ],
          cwd: empty,
          env: { NO_COLOR: "1", HOME: empty, DENO_NO_UPDATE_CHECK: "1" },
          stdin: stdin === undefined ? "null" : "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        if (stdin !== undefined) {
          const w = child.stdin.getWriter();
          await w.write(new TextEncoder().encode(stdin));
          await w.close();
        }
        const out = await child.output();
        return {
          code: out.code,
          stdout: new TextDecoder().decode(out.stdout),
          stderr: new TextDecoder().decode(out.stderr),
        };
      };
      const list = await run(["list", "--root", `${REPO}/examples/project`]);
      assert.equal(list.code, 0, list.stderr);
      assert.match(list.stdout, /\/pdf\s+skill/);
      const check = await run([
        "check",
        "--json",
        "--root",
        `${REPO}/examples/project`,
        "Bash",
        "sudo rm -rf /",
      ]);
      assert.equal(check.code, 2, check.stderr);
      assert.equal(JSON.parse(check.stdout).rule, "Bash(rm:*)");
      // The hook's one-file bundle, and the CLI library imported by a computed specifier, load
      // from the URL too.
      const hook = await run(
        ["hook"],
        JSON.stringify({
          hook_event_name: "PreToolUse",
          cwd: `${REPO}/examples/project`,
          tool_name: "Bash",
          tool_input: { command: "bash -c 'rm -rf src'" },
        }),
      );
      assert.equal(hook.code, 0, hook.stderr);
      assert.equal(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision, "deny");
      const version = await run(["--version"]);
      assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
    } finally {
      await server.shutdown();
      await Deno.remove(empty, { recursive: true });
    }
  },
});
