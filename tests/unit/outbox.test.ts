/**
 * The client's half of the outbox without a browser: which writes the API client queues when they
 * get no answer (and with what), and the outbox's rules for retrying. The outbox with IndexedDB,
 * tabs and a real server is tested in e2e/offline.spec.ts.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, WRITE_RETRY_DELAYS_MS } from '@/shared/api/client';
import { ApiError, isQueued, normaliseError } from '@/shared/api/errors';
import { backoffDelay, FIRST_DELAY_MS, isTransient, MAX_DELAY_MS, refusalOf } from '@/shared/api/outbox/outbox';
import type { OutboxItem, OutboxRefusal, QueuedWrite } from '@/shared/api/outbox/outbox-item';
import { refusalError } from '@/shared/api/outbox/outbox-refusal';
import { translateError } from '@/shared/i18n/error-message';
import { refsOf, resolveRefs, type RefState } from '@/shared/api/outbox/outbox-refs';

/** A client whose fetch never gets an answer (the network is down), with a recording queue. */
function offlineClient() {
  const queued: QueuedWrite[] = [];
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const api = createApiClient({
    baseURL: 'http://app.test/api',
    timeoutMs: 1000,
    fetch: fetch as unknown as typeof globalThis.fetch,
    visitorId: () => 'visitor-0001',
    mayHaveSession: () => false,
    onSignedOut: vi.fn(),
    onNewVersion: vi.fn(),
    queue: async (write) => {
      queued.push(write);
    },
  });
  return { api, queued, fetch };
}

const caught = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('API client with an outbox', () => {
  it('queues a write that gets no answer, with the key it was sent with and the time it was made, and rejects with "queued"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { api, queued, fetch } = offlineClient();
      const before = Date.now();
      const sending = caught(api.post('/barcode/tracking', { barcodeId: 'B1', trackPointKey: 'carrier', forms: {} }));
      // The write is made (its time taken) when it is called, before any answer or retry.
      const after = Date.now();
      await vi.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
      const error = await sending;
      expect(isQueued(error)).toBe(true);
      expect(fetch).toHaveBeenCalledTimes(WRITE_RETRY_DELAYS_MS.length + 1);
      expect(queued).toHaveLength(1);
      const [write] = queued;
      expect(write).toMatchObject({
        method: 'post',
        url: '/barcode/tracking',
        data: { barcodeId: 'B1', trackPointKey: 'carrier', forms: {} },
      });
      expect(write!.key).toMatch(/^[0-9-]{8,}$/);
      expect(Date.parse(write!.madeAt)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(write!.madeAt)).toBeLessThanOrEqual(after);
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
      expect(((await sending) as ApiError).code).toBe('network');
      expect(queued).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not queue a write sent with queue: false (the outbox's own sends) nor a read", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { api, queued } = offlineClient();
      const write = caught(
        api.request('post', '/barcode/tracking', {
          data: {},
          idempotencyKey: 'outbox-key-1',
          madeAt: '2026-11-23T08:00:00.000Z',
          queue: false,
        }),
      );
      const read = caught(api.get('/barcode/barcode', { id: 'B1' }));
      await vi.advanceTimersByTimeAsync(5000);
      expect(((await write) as ApiError).code).toBe('network');
      expect(((await read) as ApiError).code).toBe('network');
      expect(queued).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends Made-At and the given key when the outbox replays a write', async () => {
    const seen: Headers[] = [];
    const api = createApiClient({
      baseURL: 'http://app.test/api',
      timeoutMs: 1000,
      fetch: (async (_: unknown, init: RequestInit) => {
        seen.push(new Headers(init.headers));
        return new Response(JSON.stringify({ data: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as unknown as typeof fetch,
      visitorId: () => 'visitor-0001',
      mayHaveSession: () => false,
      onSignedOut: vi.fn(),
      onNewVersion: vi.fn(),
      queue: vi.fn(),
    });
    await api.request('post', '/barcode/tracking', {
      data: {},
      idempotencyKey: 'outbox-key-1',
      madeAt: '2026-11-23T08:00:00.000Z',
      queue: false,
    });
    expect(seen[0]?.get('idempotency-key')).toBe('outbox-key-1');
    expect(seen[0]?.get('made-at')).toBe('2026-11-23T08:00:00.000Z');
  });
});

describe('outbox retry rules', () => {
  it('waits 2 s after the first failure, doubling, at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([
      FIRST_DELAY_MS,
      2 * FIRST_DELAY_MS,
      4 * FIRST_DELAY_MS,
      8 * FIRST_DELAY_MS,
    ]);
    expect(backoffDelay(30)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBe(300_000);
  });

  it('tries again after no answer, a server failure, a rate limit, a lost session or a first send still running; keeps any other refusal for the user', () => {
    // ErrorCode.keyReused (409) to a stored write, whose body never changes: the first send with that
    // key is still running.
    for (const error of [
      new ApiError('network', 0),
      new ApiError('timeout', 0),
      new ApiError('500', 503),
      new ApiError('429', 429),
      new ApiError('2003', 401),
      new ApiError('3015', 409),
      new Error('x'),
    ]) {
      expect(isTransient(error), error.message).toBe(true);
    }
    for (const error of [
      new ApiError('3005', 400),
      new ApiError('403', 403),
      new ApiError('3014', 409),
      new ApiError('fields', 400, { weight: [1001] }),
    ]) {
      expect(isTransient(error), error.message).toBe(false);
    }
  });
});

/** A client over a fetch that answers `answer(url)`, recording each request's headers; uploads go to `upload`. */
function answeringClient(
  answer: (url: string) => unknown,
  overrides: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  const seen: { url: string; headers: Headers; body: unknown }[] = [];
  const api = createApiClient({
    baseURL: 'http://app.test/api',
    timeoutMs: 1000,
    fetch: (async (input: RequestInfo | URL, init: RequestInit) => {
      seen.push({
        url: String(input),
        headers: new Headers(init.headers),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify({ data: answer(String(input)) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch,
    visitorId: () => 'visitor-0001',
    mayHaveSession: () => false,
    onSignedOut: vi.fn(),
    onNewVersion: vi.fn(),
    queue: vi.fn(),
    ...overrides,
  });
  return { api, seen };
}

describe('Config-Revision: a write is checked against the configuration it was made with', () => {
  it('sends the revision of the project last read on every write (1 before any, or when the project has none), never on reads', async () => {
    let revision: number | undefined = undefined;
    const { api, seen } = answeringClient((url) =>
      url.includes('/barcode/project') ? { code: 'demo', revision } : true,
    );
    await api.post('/barcode/tracking', {});
    await api.get('/barcode/project', { code: 'demo' });
    revision = 7;
    await api.get('/barcode/project', { code: 'demo' });
    await api.post('/barcode/tracking', {});
    expect(seen.map((s) => s.headers.get('config-revision'))).toEqual(['1', null, null, '7']);
  });

  it('sends the revision a replayed write was made with, not the current one', async () => {
    const { api, seen } = answeringClient((url) => (url.includes('/barcode/project') ? { revision: 9 } : true));
    await api.get('/barcode/project', { code: 'demo' });
    await api.request('post', '/barcode/tracking', {
      data: {},
      idempotencyKey: 'outbox-key-1',
      configRevision: 4,
      queue: false,
    });
    expect(seen[1]?.headers.get('config-revision')).toBe('4');
  });

  it('queues a write with the revision it was made with', async () => {
    const queued: QueuedWrite[] = [];
    const api = createApiClient({
      baseURL: 'http://app.test/api',
      timeoutMs: 1000,
      // Reads answer (the project, revision 3); writes get no answer.
      fetch: (async (_: unknown, init: RequestInit) =>
        (init.method ?? 'get').toLowerCase() === 'get'
          ? new Response(JSON.stringify({ data: { revision: 3 } }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
      visitorId: () => 'v',
      mayHaveSession: () => false,
      onSignedOut: vi.fn(),
      onNewVersion: vi.fn(),
      queue: async (write) => void queued.push(write),
    });
    await api.get('/barcode/project', { code: 'demo' });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const sending = caught(api.post('/barcode/tracking', {}));
      await vi.advanceTimersByTimeAsync(5000);
      expect(isQueued(await sending)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(queued[0]?.configRevision).toBe(3);
  });
});

describe('uploads through the outbox', () => {
  const form = () => {
    const body = new FormData();
    body.append('barcodeId', 'B1');
    body.append('file', new File([new Uint8Array([1, 2, 3])], 'signature.png', { type: 'image/png' }));
    return body;
  };

  it('queues an upload that gets no answer with its file and key, and answers a stand-in URL for the form', async () => {
    const queued: QueuedWrite[] = [];
    const { api } = answeringClient(() => true, {
      queue: async (write) => void queued.push(write),
      upload: async () => Promise.reject(Object.assign(new Error('network'), { name: 'NetworkError' })),
    });
    const url = await api.upload<string>('/barcode/file', form(), () => undefined);
    expect(url).toMatch(/^blob:/);
    expect(queued).toHaveLength(1);
    const [write] = queued;
    expect(write).toMatchObject({ method: 'post', url: '/barcode/file', ref: url, configRevision: 1 });
    expect(write!.key).toMatch(/^[0-9-]{8,}$/);
    expect(write!.form?.map((e) => [e.name, typeof e.value === 'string' ? e.value : 'blob', e.fileName])).toEqual([
      ['barcodeId', 'B1', undefined],
      ['file', 'blob', 'signature.png'],
    ]);
  });

  it('sends an upload with its Idempotency-Key, Made-At and Config-Revision', async () => {
    const headers: Record<string, string>[] = [];
    const { api } = answeringClient(() => true, {
      upload: async (request) => {
        headers.push(request.headers);
        return { status: 200, data: { data: '/api/barcode/file/B1/x.png' }, headers: new Headers() };
      },
    });
    await api.upload('/barcode/file', form(), () => undefined, {
      idempotencyKey: 'upload-key-1',
      madeAt: '2026-11-23T08:00:00.000Z',
      configRevision: 5,
      queue: false,
    });
    expect(headers[0]).toMatchObject({
      'idempotency-key': 'upload-key-1',
      'made-at': '2026-11-23T08:00:00.000Z',
      'config-revision': '5',
    });
  });

  it('queues, without trying, a write that names a file whose upload still waits; sends the stored URL once it is uploaded', async () => {
    const queued: QueuedWrite[] = [];
    let refs = new Map<string, RefState>([['blob:app/1', {}]]);
    const { api, seen } = answeringClient(() => true, {
      queue: async (write) => void queued.push(write),
      resolveRefs: (data) => resolveRefs(data, refs),
    });
    const data = {
      barcodeId: 'B1',
      forms: { receiving: { signature: 'blob:app/1', photos: [{ name: 'p.jpg', url: 'blob:app/1' }] } },
    };
    expect(isQueued(await caught(api.post('/barcode/tracking', data)))).toBe(true);
    expect(seen).toHaveLength(0);
    expect(queued[0]?.data).toEqual(data);
    refs = new Map([['blob:app/1', { url: '/api/barcode/file/B1/s.png' }]]);
    await api.post('/barcode/tracking', data);
    expect(seen[0]?.body).toEqual({
      barcodeId: 'B1',
      forms: {
        receiving: {
          signature: '/api/barcode/file/B1/s.png',
          photos: [{ name: 'p.jpg', url: '/api/barcode/file/B1/s.png' }],
        },
      },
    });
  });

  it('knows which stand-ins are sent (with their URL) and which still wait', () => {
    const item = (seq: number, state: OutboxItem['state'], ref?: string, answer?: string): OutboxItem => ({
      seq,
      key: `k${seq}`,
      method: 'post',
      url: '/barcode/file',
      data: null,
      madeAt: '',
      state,
      ref,
      answer,
    });
    const refs = refsOf([
      item(1, 'sent', 'blob:a', '/api/barcode/file/B1/a.png'),
      item(2, 'queued', 'blob:b'),
      item(3, 'sent'),
    ]);
    expect(resolveRefs(['blob:a', 'x'], refs)).toEqual({ data: ['/api/barcode/file/B1/a.png', 'x'], waiting: false });
    expect(resolveRefs({ s: 'blob:b' }, refs)).toEqual({ data: { s: 'blob:b' }, waiting: true });
    expect(resolveRefs(null, new Map())).toEqual({ data: null, waiting: false });
  });
});

describe('a refused write keeps what its message says', () => {
  const english = () =>
    i18next.createInstance().init({
      lng: 'en',
      ns: ['errors'],
      defaultNS: 'errors',
      resources: { en: { errors: JSON.parse(readFileSync('locales/en/errors.json', 'utf8')) } },
    });
  // As IndexedDB keeps it: a structured clone, which keeps no class.
  const stored = (refusal: OutboxRefusal): OutboxRefusal => structuredClone(refusal);
  const held = () => normaliseError(400, { errors: { $common: [3027] }, hold: { reference: 'R-1' } });

  it('keeps the recall a held package is on hold for, the codes and the reasons', () => {
    expect(stored(refusalOf(held()))).toEqual({ code: '3027', fields: {}, hold: { reference: 'R-1' } });
    const listRefused = normaliseError(400, {
      errors: { 'barcodeIds.2': [3002] },
      reasons: { 'barcodeIds.2': 'recycled' },
    });
    expect(stored(refusalOf(listRefused))).toEqual({
      code: 'fields',
      fields: { 'barcodeIds.2': [3002] },
      reasons: { 'barcodeIds.2': 'recycled' },
    });
    expect(refusalOf(normaliseError(400, { errors: { $common: [3027] } }))).not.toHaveProperty('hold');
  });

  it('says a stored refusal for a hold as the online one, naming the recall', async () => {
    const t = await english();
    const online = translateError(t, held());
    const replayed = translateError(t, refusalError(stored(refusalOf(held()))));
    expect(online).toContain('(recall R-1)');
    expect(replayed).toBe(online);
  });

  it('says a refusal stored before the recall was kept, and a list refusal, as before', async () => {
    const t = await english();
    const plain = t('3027', { ns: 'errors' });
    expect(translateError(t, refusalError({ code: '3027', fields: {} }))).toBe(plain);
    expect(plain).not.toContain('recall R-1');
    const listRefused = refusalError({
      code: 'fields',
      fields: { 'barcodeIds.2': [3002] },
      reasons: { 'barcodeIds.2': 'recycled' },
    });
    expect(translateError(t, listRefused)).toBe(t('recycled', { ns: 'errors' }));
    expect(refusalError(undefined).code).toBe('unknown');
  });
});
