import { describe, expect, it } from 'vitest';
import { pollStatus } from './poll-status';

function clock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('pollStatus', () => {
  it('asks until the status is the one waited for, telling each answer on the way', async () => {
    const statuses = [1, 2, 2, 8, 3];
    const seen: number[] = [];
    let calls = 0;
    const { now, sleep } = clock();
    const result = await pollStatus({ load: async () => statuses[calls++]!, statusOf: (s) => s, until: (s) => s === 3, onAnswer: (s) => seen.push(s), now, sleep });
    expect(result).toEqual({ value: 3, settled: true });
    expect(calls).toBe(5);
    expect(seen).toEqual([1, 2, 2, 8]);
  });

  it('gives up after about 30 s with the last answer, retrying failed look-ups', async () => {
    let calls = 0;
    const { now, sleep } = clock();
    const result = await pollStatus({
      load: async () => {
        calls += 1;
        if (calls % 2) throw new Error('offline');
        return 2;
      },
      statusOf: (s) => s,
      until: (s) => s === 3,
      now,
      sleep,
    });
    expect(result).toEqual({ value: 2, settled: false });
    expect(calls).toBe(21); // at 0, 1.5, ... 30 s
  });

  it('stops at a failure no retry can change, and retries the others', async () => {
    let calls = 0;
    const { now, sleep } = clock();
    const result = await pollStatus({
      load: async () => {
        calls += 1;
        throw new Error(calls < 3 ? 'offline' : 'not found');
      },
      statusOf: (s: number) => s,
      until: () => true,
      isFinalFailure: (error) => (error as Error).message === 'not found',
      now,
      sleep,
    });
    expect(result).toEqual({ value: undefined, settled: false });
    expect(calls).toBe(3);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await pollStatus({ load: async () => 0, statusOf: (s) => s, until: () => true, signal: controller.signal });
    expect(result).toEqual({ value: undefined, settled: false });
  });
});
