/**
 * Temporary resident directories (`skald hook --resident=DIR`) for tests and benches: made
 * closed to others, and at the end every resident decider their session files name stopped and
 * the directory removed.
 *
 * @module
 */

/**
 * Stops the resident deciders a directory's session files name (its subdirectory `under`, when
 * given), and removes the directory.
 *
 * @param dir the directory
 * @param under where the session files are in it (`.cache/skald` for a home)
 */
export function stopAndRemove(dir: string, under = ""): void {
  const sessions = under === "" ? dir : `${dir}/${under}`;
  try {
    for (const entry of Deno.readDirSync(sessions)) {
      if (!entry.isFile) continue; // the launcher's FIFO: reading it would wait for a writer
      try {
        Deno.kill(JSON.parse(Deno.readTextFileSync(`${sessions}/${entry.name}`)).pid, "SIGTERM");
      } catch {
        // not a session file, or the decider has ended
      }
    }
  } catch {
    // no decider was started
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
