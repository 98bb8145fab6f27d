/**
 * Blow-up guards in CPU time (issue 25, point 3). A unit test bounds a computation's cost only
 * to catch a blow-up (a quadratic walk, an exponential expansion, a read that never ends), never
 * to claim a speed: speed figures live in `bench/` and the README. The bound is at least
 * {@link ROOM} times the cost measured on the 2-core machine the suite is held to, and it is
 * counted in CPU time (user and system), which a busy machine does not stretch the way it
 * stretches wall-clock time: the CPU time of the thread the test runs on (`deno test --parallel`
 * runs other test modules on other threads of the same process; Deno counts a thread's time in
 * ticks of 10 ms), or of the whole process where the runtime cannot tell a thread's.
 *
 * A test names what it expects (`expectedMs`, measured there, in CPU time, cold, as the test
 * runs it); the bound is {@link ROOM} times that, and never below {@link FLOOR_MS}: under it, a
 * garbage collection or a compilation in the middle of a call would be noise, and a blow-up costs
 * seconds to hours.
 *
 * @module
 */

import assert from "node:assert/strict";
import process from "node:process";

type Usage = { user: number; system: number };

const threadUsage = (process as unknown as { threadCpuUsage?: (previous?: Usage) => Usage })
  .threadCpuUsage;

/** The CPU time used since `previous`: this thread's, or this process's. */
const used: (previous: Usage) => Usage = threadUsage === undefined
  ? (previous) => process.cpuUsage(previous)
  : (previous) => threadUsage.call(process, previous);

/** The CPU time used so far: this thread's, or this process's. */
const now: () => Usage = threadUsage === undefined
  ? () => process.cpuUsage()
  : () => threadUsage.call(process);

/** How many times the expected cost a guard allows. */
export const ROOM = 10;
/** The least bound of a guard, in CPU milliseconds. */
export const FLOOR_MS = 200;

/**
 * The CPU milliseconds (user and system) a function takes.
 *
 * @param f the function
 * @returns its result and its cost
 */
export function cpuMs<T>(f: () => T): { value: T; ms: number } {
  const start = now();
  const value = f();
  const u = used(start);
  return { value, ms: (u.user + u.system) / 1000 };
}

/**
 * The CPU milliseconds an asynchronous function takes from its start to its end (whatever else
 * the thread does meanwhile counts: a test runs alone on it; work done on other threads, such
 * as an asynchronous read's, does not).
 *
 * @param f the function
 * @returns its result and its cost
 */
export async function cpuMsAsync<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = now();
  const value = await f();
  const u = used(start);
  return { value, ms: (u.user + u.system) / 1000 };
}

/** The bound a guard puts on a cost expected to be `expectedMs`. */
export function boundMs(expectedMs: number): number {
  return Math.max(ROOM * expectedMs, FLOOR_MS);
}

function check(ms: number, expectedMs: number, what: string): void {
  const bound = boundMs(expectedMs);
  assert.ok(
    ms <= bound,
    `${what}: ${ms.toFixed(0)} ms of CPU, a blow-up (expected about ${expectedMs} ms; ` +
      `bound ${bound} ms)`,
  );
}

/**
 * Runs a function and fails if it takes more than {@link ROOM} times the expected CPU time.
 *
 * @param expectedMs its cost as measured (CPU milliseconds)
 * @param f the function
 * @param what what it does, for the message
 * @returns its result
 */
export function withinCpu<T>(expectedMs: number, f: () => T, what = "the call"): T {
  const { value, ms } = cpuMs(f);
  check(ms, expectedMs, what);
  return value;
}

/**
 * {@link withinCpu} for an asynchronous function.
 *
 * @param expectedMs its cost as measured (CPU milliseconds)
 * @param f the function
 * @param what what it does, for the message
 * @returns its result
 */
export async function withinCpuAsync<T>(
  expectedMs: number,
  f: () => Promise<T>,
  what = "the call",
): Promise<T> {
  const { value, ms } = await cpuMsAsync(f);
  check(ms, expectedMs, what);
  return value;
}
