import { describe, expect, it } from 'vitest';
import { forEachBounded } from '../../src/platform/bounded.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('running a step over many items with a bound', () => {
  it('visits every item once and never has more than the limit in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachBounded([...Array(100).keys()], 7, async (i) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await tick();
      seen.push(i);
      inFlight--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(100).keys()]);
    expect(peak).toBe(7);
  });

  it('starts no new item once asked to stop', async () => {
    const seen: number[] = [];
    let stop = false;
    await forEachBounded(
      [...Array(50).keys()],
      3,
      async (i) => {
        seen.push(i);
        if (i === 10) stop = true;
        await tick();
      },
      () => stop,
    );
    expect(seen.length).toBeLessThanOrEqual(13);
    expect(seen).toContain(10);
  });

  it('handles an empty list', async () => {
    await expect(forEachBounded([], 4, async () => {})).resolves.toBeUndefined();
  });
});
