import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_INTERVAL_MS, isNewBuild, startUpdateCheck } from './version-check';

describe('isNewBuild', () => {
  it('prompts only for another real build id', () => {
    expect(isNewBuild('abc123', 'def456')).toBe(true);
    expect(isNewBuild('abc123', 'abc123')).toBe(false);
    expect(isNewBuild('dev', 'def456')).toBe(false);
    expect(isNewBuild('abc123', 'dev')).toBe(false);
    expect(isNewBuild('abc123', undefined)).toBe(false);
    expect(isNewBuild('abc123', '')).toBe(false);
  });
});

describe('startUpdateCheck', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const answer = (buildId: string) => Promise.resolve(new Response(JSON.stringify({ code: 200, message: 'OK', data: { buildId } })));

  it('asks the server every 60 000 ms and prompts once when the build changed', async () => {
    const served = ['b1', 'b1', 'b2', 'b3'];
    const fetch = vi.fn(() => answer(served.shift() ?? 'b3'));
    const onNewVersion = vi.fn();
    startUpdateCheck({ currentBuildId: 'b1', apiBase: '/api', onNewVersion, fetch: fetch as unknown as typeof globalThis.fetch });
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith('/api/common/version', expect.anything());
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 5);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
  });

  it('keeps checking after a failed request and stops when asked', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('offline')));
    const onNewVersion = vi.fn();
    const stop = startUpdateCheck({ currentBuildId: 'b1', apiBase: '/api', onNewVersion, fetch: fetch as unknown as typeof globalThis.fetch });
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onNewVersion).not.toHaveBeenCalled();
  });
});
