/**
 * Running independent cases a few at a time: a table whose every case runs a process (bash as
 * the judge, a program under strace) keeps both cores busy instead of one.
 *
 * @module
 */

/**
 * Runs `f` over `items`, `n` at a time, the results in the items' order.
 *
 * @param items the cases
 * @param n how many run at once
 * @param f what runs for a case (its index given too)
 * @returns the results
 */
export async function pool<T, R>(
  items: readonly T[],
  n: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: n }, worker));
  return out;
}
