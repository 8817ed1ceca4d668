/**
 * `work` on each item, in order, at most `lanes` at a time, each lane taking the next item when it is done;
 * a lane stops taking items once `stop(lane)` holds (lanes are numbered from 0). The results in the items'
 * order (undefined for an item never taken). For many requests to a distant target: their waits overlap,
 * and the target sees no more than `lanes`. Every lane ends before a failure is thrown (as
 * fixtures/concurrently.ts, and for its reason): no request is still on its way when the caller goes on.
 */
export async function inLanes<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T, index: number) => Promise<R>,
  stop: (lane: number) => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array<R | undefined>(items.length).fill(undefined);
  let next = 0;
  const lane = async (_: unknown, number: number) => {
    while (next < items.length && !stop(number)) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(lanes, items.length) }, lane));
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return results;
}
