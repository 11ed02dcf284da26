import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/** Calls of a query that always fails with `error`, fetched by a fresh app client (its own retry rule, no back-off). */
async function attempts(error: Error): Promise<number> {
  let calls = 0;
  const client = createQueryClient();
  const fetched = client.fetchQuery({
    queryKey: ['failing'],
    queryFn: () => {
      calls += 1;
      throw error;
    },
    retryDelay: 0,
  });
  await expect(fetched).rejects.toBe(error);
  return calls;
}

describe('the app query client', () => {
  it('retries a server error (5xx) twice', async () => {
    expect(await attempts(new ApiError(503, null, 'Service Unavailable'))).toBe(3);
  });

  it('retries a network failure twice', async () => {
    expect(await attempts(new ApiError(0, null, 'Failed to fetch'))).toBe(3);
  });

  it('does not retry a client error (4xx): it is an answer', async () => {
    expect(await attempts(new ApiError(404, null, 'Not Found'))).toBe(1);
    expect(await attempts(new ApiError(429, null, 'Too Many Requests'))).toBe(1);
  });
});
