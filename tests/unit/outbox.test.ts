/**
 * The client's half of the outbox (issue 20) without a browser: which writes the API client
 * queues when they get no answer (and with what), and the outbox's rules for retrying. The
 * outbox with IndexedDB, tabs and a real server is tested in e2e/offline.spec.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, WRITE_RETRY_DELAYS_MS } from '@/shared/api/client';
import { ApiError, isQueued } from '@/shared/api/errors';
import { backoffDelay, FIRST_DELAY_MS, isTransient, MAX_DELAY_MS } from '@/shared/api/outbox/outbox';
import type { QueuedWrite } from '@/shared/api/outbox/outbox-item';

/** A client whose fetch never gets an answer (the network is down), with a recording queue. */
function offlineClient() {
  const queued: QueuedWrite[] = [];
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const api = createApiClient({
    baseURL: 'http://app.test/api', timeoutMs: 1000, fetch: fetch as unknown as typeof globalThis.fetch,
    visitorId: () => 'visitor-0001', mayHaveSession: () => false, onSignedOut: vi.fn(), onNewVersion: vi.fn(),
    queue: async (write) => {
      queued.push(write);
    },
  });
  return { api, queued, fetch };
}

const caught = async (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('API client with an outbox', () => {
  it('queues a write that gets no answer, with the key it was sent with and the time it was made, and rejects with "queued"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { api, queued, fetch } = offlineClient();
      const before = Date.now();
      const sending = caught(api.post('/barcode/tracking', { barcodeId: 'B1', trackPointKey: 'carrier', forms: {} }));
      await vi.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
      const error = await sending;
      expect(isQueued(error)).toBe(true);
      expect(fetch).toHaveBeenCalledTimes(WRITE_RETRY_DELAYS_MS.length + 1);
      expect(queued).toHaveLength(1);
      const [write] = queued;
      expect(write).toMatchObject({ method: 'post', url: '/barcode/tracking', data: { barcodeId: 'B1', trackPointKey: 'carrier', forms: {} } });
      expect(write!.key).toMatch(/^[0-9-]{8,}$/);
      expect(Date.parse(write!.madeAt)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(write!.madeAt)).toBeLessThanOrEqual(before + 5);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['a session call', '/user/logout', {}],
    ['generating a barcode (its id is needed now)', '/barcode/barcode', { projectCode: 'demo', projectVersion: 1 }],
    ['a dry run', '/barcode/recycle', { barcodeId: 'B1', dryRun: true }],
  ])('does not queue %s: it fails as "network"', async (_, url, data) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { api, queued } = offlineClient();
      const sending = caught(api.post(url, data));
      await vi.advanceTimersByTimeAsync(5000);
      expect((await sending as ApiError).code).toBe('network');
      expect(queued).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not queue a write sent with queue: false (the outbox\'s own sends) nor a read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { api, queued } = offlineClient();
      const write = caught(api.request('post', '/barcode/tracking', { data: {}, idempotencyKey: 'outbox-key-1', madeAt: '2026-11-23T08:00:00.000Z', queue: false }));
      const read = caught(api.get('/barcode/barcode', { id: 'B1' }));
      await vi.advanceTimersByTimeAsync(5000);
      expect((await write as ApiError).code).toBe('network');
      expect((await read as ApiError).code).toBe('network');
      expect(queued).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends Made-At and the given key when the outbox replays a write', async () => {
    const seen: Headers[] = [];
    const api = createApiClient({
      baseURL: 'http://app.test/api', timeoutMs: 1000,
      fetch: (async (_: unknown, init: RequestInit) => {
        seen.push(new Headers(init.headers));
        return new Response(JSON.stringify({ data: true }), { status: 200, headers: { 'content-type': 'application/json' } });
      }) as unknown as typeof fetch,
      visitorId: () => 'visitor-0001', mayHaveSession: () => false, onSignedOut: vi.fn(), onNewVersion: vi.fn(), queue: vi.fn(),
    });
    await api.request('post', '/barcode/tracking', { data: {}, idempotencyKey: 'outbox-key-1', madeAt: '2026-11-23T08:00:00.000Z', queue: false });
    expect(seen[0]?.get('idempotency-key')).toBe('outbox-key-1');
    expect(seen[0]?.get('made-at')).toBe('2026-11-23T08:00:00.000Z');
  });
});

describe('outbox retry rules', () => {
  it('waits 2 s after the first failure, doubling, at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([FIRST_DELAY_MS, 2 * FIRST_DELAY_MS, 4 * FIRST_DELAY_MS, 8 * FIRST_DELAY_MS]);
    expect(backoffDelay(30)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBe(300_000);
  });

  it('tries again after no answer, a server failure, a rate limit, a lost session or a first send still running; keeps any other refusal for the user', () => {
    // 409 / 3015 to a stored write (its body never changes): the first send with that key is still running.
    for (const error of [new ApiError('network', 0), new ApiError('timeout', 0), new ApiError('500', 503), new ApiError('429', 429), new ApiError('2003', 401), new ApiError('3015', 409), new Error('x')]) {
      expect(isTransient(error), error.message).toBe(true);
    }
    for (const error of [new ApiError('3005', 400), new ApiError('403', 403), new ApiError('3014', 409), new ApiError('fields', 400, { weight: [1001] })]) {
      expect(isTransient(error), error.message).toBe(false);
    }
  });
});
