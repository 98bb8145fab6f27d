/**
 * The functions inline code is read for, language by language (for `_inline_code.ts`): those
 * that start a process, those that remove files, those that run code or call what they are
 * given at run time, and the names that need a qualifier (`subprocess.run`, not
 * `asyncio.run`). A table, because each language's names are its own. Pure.
 *
 * @module
 */

import type { Lang } from "./_code_lexer.ts";

/** A language's functions, by the last part of their name (and, for some, the parts before). */
export interface Table {
  /** Functions that start a process. */
  spawn: ReadonlySet<string>;
  /** Functions that remove files. */
  remove: ReadonlySet<string>;
  /** Functions that run code or call what they are given at run time. */
  dynamic: ReadonlySet<string>;
  /** Names that need one of these before them (`subprocess.run`, not `asyncio.run`). */
  qualified: Readonly<Record<string, readonly string[]>>;
  /** Calls written without parentheses (`system "rm x"`). */
  bare: boolean;
}

const set = (s: string) => new Set(s.split(" "));

let made: Readonly<Record<Lang, Table>> | undefined;

/**
 * Each language's table, made on first use (a hook call without inline code builds none).
 *
 * @returns the tables
 */
export const codeTables = (): Readonly<Record<Lang, Table>> =>
  made ??= {
    py: {
      spawn: set(
        "system popen popen2 popen3 popen4 spawnl spawnle spawnlp spawnlpe spawnv spawnve spawnvp " +
          "spawnvpe execl execle execlp execlpe execv execve execvp execvpe posix_spawn " +
          "posix_spawnp Popen check_output check_call getoutput getstatusoutput run call spawn " +
          "create_subprocess_exec create_subprocess_shell startfile",
      ),
      remove: set("remove unlink rmdir removedirs rmtree"),
      dynamic: set(
        "eval exec compile execfile getattr setattr __import__ import_module __builtins__ " +
          "builtins __dict__ __getattribute__ globals locals vars ctypes cffi run_path " +
          "run_module",
      ),
      qualified: {
        run: ["subprocess"],
        call: ["subprocess"],
        spawn: ["pty", "os"],
        remove: ["os", "posix"],
        unlink: ["os", "posix", ")"],
        rmdir: ["os", "posix", ")"],
      },
      bare: false,
    },
    js: {
      spawn: set(
        "exec execSync execFile execFileSync spawn spawnSync fork Command run $ execa execaSync execaCommand " +
          "doShellScript",
      ),
      remove: set("rm rmSync unlink unlinkSync rmdir rmdirSync remove removeSync rimraf"),
      dynamic: set(
        "eval Function runInThisContext runInNewContext runInContext compileFunction Script " +
          "binding dlopen Reflect",
      ),
      qualified: {
        run: ["Deno"],
        Command: ["Deno"],
        $: ["Bun", ""],
        remove: ["Deno"],
        removeSync: ["Deno"],
      },
      bare: false,
    },
    pl: {
      spawn: set("system exec readpipe open2 open3 spawn"),
      remove: set("unlink rmdir rmtree remove_tree"),
      dynamic: set("eval do require"),
      qualified: {},
      bare: true,
    },
    rb: {
      spawn: set(
        "system exec spawn popen popen2 popen2e popen3 capture2 capture2e capture3 pipeline " +
          "pipeline_r pipeline_w pipeline_rw pipeline_start",
      ),
      remove: set(
        "rm rm_r rm_rf rm_f rmdir rmtree remove remove_dir remove_entry remove_entry_secure " +
          "remove_file safe_unlink delete unlink",
      ),
      dynamic: set(
        "eval instance_eval class_eval module_eval instance_exec send __send__ public_send method " +
          "const_get binding load",
      ),
      qualified: { delete: ["File", "Dir"], unlink: ["File", "Dir"], remove: ["FileUtils"] },
      bare: true,
    },
    php: {
      spawn: set("shell_exec exec system passthru proc_open popen pcntl_exec"),
      remove: set("unlink rmdir"),
      dynamic: set(
        "eval assert create_function call_user_func call_user_func_array include require include_once require_once dl",
      ),
      qualified: {},
      bare: false,
    },
    lua: {
      spawn: set("execute popen"),
      remove: set("remove"),
      dynamic: set("load loadstring dofile loadfile require _G _ENV debug setfenv getfenv"),
      qualified: { execute: ["os"], popen: ["io"], remove: ["os"] },
      bare: false,
    },
    applescript: {
      spawn: set("doShellScript"),
      remove: set(""),
      dynamic: set("run load"),
      qualified: {},
      bare: false,
    },
  };

/** Python modules whose aliases are followed (`import subprocess as sp`). */
let modules: ReadonlySet<string> | undefined;

/**
 * Python's modules that run programs, made on first use.
 *
 * @returns the modules
 */
export const pyModules = (): ReadonlySet<string> =>
  modules ??= set("os subprocess shutil pathlib pty posix asyncio commands");
