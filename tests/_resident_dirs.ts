/**
 * Temporary resident directories (`skald hook --resident=DIR`) for tests and benches: made
 * closed to others, and at the end every resident decider in them stopped and the directory
 * removed.
 *
 * @module
 */

/** The processes whose command line names the directory: its deciders and their launchers. */
function naming(dir: string): number[] {
  let listing: string;
  try {
    const ps = new Deno.Command("ps", {
      args: ["-A", "-ww", "-o", "pid=,args="],
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    listing = new TextDecoder().decode(ps.stdout);
  } catch {
    return []; // no ps: the session files are all there is to go by
  }
  return listing.split("\n").flatMap((line) => {
    const m = /^\s*(\d+) (.*)$/.exec(line);
    return m !== null && m[2]!.includes(dir) && Number(m[1]) !== Deno.pid ? [Number(m[1])] : [];
  });
}

/** Waits, holding the thread (an unload handler cannot wait otherwise). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Stops the resident deciders of a directory and removes it. A call that ended just before may
 * have left a launch under way (its launcher makes the directory again when it is gone, and its
 * decider would run for its idle time): every process whose command line names the directory
 * (launchers and deciders) is stopped, until none has been seen for two looks 100 ms apart (5 s
 * at most).
 *
 * @param dir the directory
 */
export function stopAndRemove(dir: string): void {
  for (let quiet = 0, looks = 0; quiet < 2 && looks < 50; looks++) {
    const pids = naming(dir);
    for (const pid of pids) {
      try {
        Deno.kill(pid, "SIGTERM");
      } catch {
        // ended meanwhile
      }
    }
    quiet = pids.length === 0 ? quiet + 1 : 0;
    pause(100);
  }
  Deno.removeSync(dir, { recursive: true });
}

/**
 * A resident directory closed to others, stopped and removed when the program ends.
 *
 * @param prefix its name's start
 * @returns its path
 */
export function residentDirUntilUnload(prefix = "skald-resident-"): string {
  const dir = Deno.makeTempDirSync({ prefix });
  Deno.chmodSync(dir, 0o700);
  globalThis.addEventListener("unload", () => stopAndRemove(dir));
  return dir;
}
