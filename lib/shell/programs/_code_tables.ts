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

export const TABLES: Readonly<Record<Lang, Table>> = {
  py: {
    spawn: set(
      "system popen popen2 popen3 popen4 spawnl spawnle spawnlp spawnlpe spawnv spawnve spawnvp " +
        "spawnvpe execl execle execlp execlpe execv execve execvp execvpe posix_spawn " +
        "posix_spawnp Popen check_output check_call getoutput getstatusoutput run call spawn " +
        "create_subprocess_exec create_subprocess_shell startfile get GenericBrowser " +
        "BackgroundBrowser pipepager pipe_pager tempfilepager tempfile_pager",
    ),
    remove: set("remove unlink rmdir removedirs rmtree"),
    dynamic: set(
      "eval exec compile execfile getattr setattr __import__ import_module __builtins__ " +
        "builtins __dict__ __getattribute__ globals locals vars ctypes cffi run_path " +
        "run_module timeit repeat autorange Timer runsource runcode push runeval runcall runctx",
    ),
    qualified: {
      run: ["subprocess"],
      call: ["subprocess"],
      spawn: ["pty", "os", "distutils"],
      // `webbrowser.get("CMD %s")` runs CMD; pydoc's pagers run the command they are given.
      get: ["webbrowser"],
      GenericBrowser: ["webbrowser"],
      BackgroundBrowser: ["webbrowser"],
      pipepager: ["pydoc"],
      pipe_pager: ["pydoc"],
      tempfilepager: ["pydoc"],
      tempfile_pager: ["pydoc"],
      // Code in a string: `timeit.timeit("CODE")`, `code.InteractiveInterpreter().runsource(CODE)`,
      // `pdb.runeval`, `cProfile.runctx`.
      timeit: ["timeit"],
      repeat: ["timeit"],
      autorange: [")"],
      Timer: ["timeit"],
      runsource: [")", "code"],
      runcode: [")", "code"],
      push: [")"],
      runeval: ["pdb", ")"],
      runcall: ["pdb", "profile", "cProfile", ")"],
      runctx: ["pdb", "profile", "cProfile", ")"],
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
    // IPC::Cmd's `run`, `run_forked`; IPC::Run's `run`, `start`, `harness`, `run3` (IPC::Run3);
    // IPC::System::Simple's `systemx`, `capture`, `capturex`, `runx`.
    spawn: set(
      "system exec readpipe open2 open3 spawn run run_forked start harness run3 systemx capture " +
        "capturex runx",
    ),
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
export const PY_MODULES = set(
  "os subprocess shutil pathlib pty posix asyncio commands webbrowser pydoc timeit code pdb " +
    "profile cProfile distutils",
);

/** Python modules whose `run(CODE)` runs a string of code (`cProfile.run("...")`). */
export const PY_CODE_RUN = set("pdb profile cProfile trace");
