import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { MAX_QUERY_RETRIES, createQueryClient, shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries a missing answer and a server fault', () => {
    expect(shouldRetryQuery(0, new ApiError(-1, 'offline', 'network'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(-1, 'slow', 'timeout'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(500, 'boom', 'business'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'busy', 'business'))).toBe(true);
  });

  it('does not retry a domain refusal, an abort or an unknown error', () => {
    for (const code of [400, 401, 403, 404, 409, 429]) expect(shouldRetryQuery(0, new ApiError(code, 'no', 'business'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(-1, 'aborted', 'aborted'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });

  it('stops after the last retry', () => {
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, new ApiError(-1, 'offline', 'network'))).toBe(false);
  });
});

describe('the shop query client', () => {
  async function attemptsUntilSettled(error: ApiError): Promise<number> {
    const client = createQueryClient();
    let attempts = 0;
    const { retry } = client.getDefaultOptions().queries!;
    await client
      .fetchQuery({
        queryKey: ['probe'],
        queryFn: () => {
          attempts += 1;
          return Promise.reject(error);
        },
        // fetchQuery does not retry unless told: the app's default policy, without the waits
        retry,
        retryDelay: 0,
      })
      .catch(() => undefined);
    return attempts;
  }

  it('asks again after a network failure, not after a refusal', async () => {
    expect(await attemptsUntilSettled(new ApiError(-1, 'offline', 'network'))).toBe(1 + MAX_QUERY_RETRIES);
    expect(await attemptsUntilSettled(new ApiError(404, 'not found', 'business'))).toBe(1);
  });
});
