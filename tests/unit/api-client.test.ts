import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from '@/shared/api/client';
import { ApiError } from '@/shared/api/errors';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** An API client over a scripted fetch; records every call. */
function setup(handler: Handler, overrides: Partial<ApiClientOptions> = {}) {
  const calls: { method: string; path: string; headers: Headers; body: unknown; credentials?: RequestCredentials }[] =
    [];
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push({
      method: init.method ?? 'get',
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init.credentials,
    });
    return handler(url, init);
  });
  const options: ApiClientOptions = {
    baseURL: 'http://app.test/api',
    timeoutMs: 1000,
    fetch: fakeFetch as unknown as typeof fetch,
    visitorId: () => 'visitor-0001',
    mayHaveSession: () => true,
    onSignedOut: vi.fn(),
    onNewVersion: vi.fn(),
    ...overrides,
  };
  return { api: createApiClient(options), calls, options };
}

describe('API client: headers', () => {
  it('sends credentials, UTC-Offset in hours and the client version on every call', async () => {
    const { api, calls } = setup(() => json(200, { data: 1 }));
    await api.get('/barcode/project', { code: 'demo', version: 1, id: undefined });
    const call = calls[0];
    expect(call?.path).toBe('/api/barcode/project?code=demo&version=1');
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('client-version')).toBe('1.44.1');
    expect(call?.headers.get('utc-offset')).toBe(String(-new Date().getTimezoneOffset() / 60));
  });

  it('announces a newer client version with its forced flag, and ignores the same or older', async () => {
    let version = '1.44.1';
    const { api, options } = setup(() =>
      json(200, { data: 1 }, { 'client-version': version, 'force-upgrade': 'true' }),
    );
    await api.get('/x');
    version = '1.44.0';
    await api.get('/x');
    expect(options.onNewVersion).not.toHaveBeenCalled();
    version = '1.45.0';
    await api.get('/x');
    expect(options.onNewVersion).toHaveBeenCalledWith('1.45.0', true);
  });
});

describe('API client: error normalisation', () => {
  it.each([
    [400, { errors: { $common: [2304] } }, '2304', {}],
    [400, { errors: { $common: [1000], name: [1001] } }, '1000', { name: [1001] }],
    [400, { errors: { oneTimePasscode: [2002] } }, 'fields', { oneTimePasscode: [2002] }],
    [403, { errors: { $common: [403] } }, '403', {}],
    [403, { errors: { $common: [2004] } }, '2004', {}],
    [403, { errors: { $common: [2005] } }, '2005', {}],
    [403, 'Forbidden', '403', {}],
    [500, { errors: { $common: [500] } }, '500', {}],
    [502, 'Bad gateway', '500', {}],
    [413, { errors: { $common: [1005] } }, '1005', {}],
    [404, { errors: { $common: [404] } }, '404', {}],
  ])('status %s with %j -> code %s', async (status, body, code, fields) => {
    const { api } = setup(() => json(status, body));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).fields).toEqual(fields);
    expect((error as ApiError).status).toBe(status);
  });

  it('carries Retry-After of a 429', async () => {
    const { api } = setup(() => json(429, { errors: { $common: [429] } }, { 'retry-after': '120' }));
    const error = (await api.post('/user/authorize', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('429');
    expect(error.retryAfter).toBe(120);
  });

  it('reports a network failure and a timeout as such', async () => {
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(((await down.api.get('/x').catch((e: unknown) => e)) as ApiError).code).toBe('network');
    const slow = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      { timeoutMs: 20 },
    );
    expect(((await slow.api.get('/x').catch((e: unknown) => e)) as ApiError).code).toBe('timeout');
  });
});

describe('API client: exactly-once writes', () => {
  it('sends one Idempotency-Key per write call, none on reads or session calls', async () => {
    const { api, calls } = setup(() => json(200, { data: true }));
    await api.post('/barcode/tracking', { a: 1 });
    await api.post('/barcode/tracking', { a: 1 });
    await api.put('/barcode/activation', {});
    await api.delete('/barcode/file', {});
    await api.get('/barcode/barcode');
    await api.post('/user/refresh-token', {});
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys.slice(0, 4).every((k) => /^\d+-\d+-\d+-\d+$/.test(k ?? ''))).toBe(true);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(keys.slice(4)).toEqual([null, null]);
  });

  it('sends a write that failed on the network again with the same key, at most twice (0.3 s, then 1 s later)', async () => {
    let failures = 2;
    const flaky = setup(() =>
      failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, { data: 'ok' }),
    );
    expect(await flaky.api.post('/barcode/undo-tracking', { seq: 3 })).toBe('ok');
    expect(flaky.calls).toHaveLength(3);
    expect(new Set(flaky.calls.map((c) => c.headers.get('idempotency-key'))).size).toBe(1);
    expect(flaky.calls.map((c) => c.body)).toEqual([{ seq: 3 }, { seq: 3 }, { seq: 3 }]);
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(((await down.api.post('/x', {}).catch((e: unknown) => e)) as ApiError).code).toBe('network');
    expect(down.calls).toHaveLength(3);
  });

  it('never sends again after an HTTP answer, nor a read', async () => {
    const failing = setup(() => json(500, { errors: { $common: [500] } }));
    expect(((await failing.api.post('/x', {}).catch((e: unknown) => e)) as ApiError).code).toBe('500');
    expect(failing.calls).toHaveLength(1);
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await down.api.get('/x').catch(() => undefined);
    expect(down.calls).toHaveLength(1);
  });

  it('keeps the key when a write is sent again after a token refresh', async () => {
    let refreshed = false;
    const { api, calls } = setup((url) => {
      if (url.pathname.endsWith('/user/refresh-token')) {
        refreshed = true;
        return json(200, { data: {} });
      }
      return refreshed ? json(200, { data: true }) : json(401, { errors: { $common: [2003] } });
    });
    await api.post('/barcode/tracking', {});
    const writes = calls.filter((c) => c.path === '/api/barcode/tracking');
    expect(writes).toHaveLength(2);
    expect(writes[0]?.headers.get('idempotency-key')).toBe(writes[1]?.headers.get('idempotency-key'));
  });
});

describe('API client: 401 and token refresh', () => {
  it('shares one refresh among concurrent 401s, then retries each request once', async () => {
    let refreshed = false;
    let refreshCalls = 0;
    const { api, calls } = setup(async (url) => {
      if (url.pathname === '/api/user/refresh-token') {
        refreshCalls += 1;
        await new Promise((r) => setTimeout(r, 20));
        refreshed = true;
        return json(200, { data: { user: {} } });
      }
      return refreshed ? json(200, { data: url.pathname }) : json(401, { errors: { $common: [2003] } });
    });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.post('/c', {}), api.get('/d')]);
    expect(results).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
    expect(refreshCalls).toBe(1);
    expect(calls.find((c) => c.path === '/api/user/refresh-token')?.body).toEqual({ visitorId: 'visitor-0001' });
    expect(calls.filter((c) => c.path === '/api/a')).toHaveLength(2);
  });

  it('signs out once and throws when the refresh fails', async () => {
    const { api, options, calls } = setup(() => json(401, { errors: { $common: [2003] } }));
    const errors = await Promise.all([api.get('/a').catch((e: unknown) => e), api.get('/b').catch((e: unknown) => e)]);
    expect(errors.every((e) => e instanceof ApiError && e.code === '2003')).toBe(true);
    expect(calls.filter((c) => c.path === '/api/user/refresh-token')).toHaveLength(1);
    expect(options.onSignedOut).toHaveBeenCalled();
  });

  it('retries only once: a second 401 after a good refresh is thrown', async () => {
    const { api, calls } = setup((url) =>
      url.pathname.endsWith('refresh-token') ? json(200, { data: {} }) : json(401, { errors: { $common: [2003] } }),
    );
    await expect(api.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.path)).toEqual(['/api/a', '/api/user/refresh-token', '/api/a']);
  });

  it('does not refresh without a session, nor for the auth endpoints themselves', async () => {
    const visitor = setup(() => json(401, { errors: { $common: [2003] } }), { mayHaveSession: () => false });
    await expect(visitor.api.get('/user/profile')).rejects.toBeInstanceOf(ApiError);
    expect(visitor.calls).toHaveLength(1);
    const login = setup(() => json(401, { errors: { $common: [2003] } }));
    await expect(login.api.post('/user/authorize', {})).rejects.toBeInstanceOf(ApiError);
    expect(login.calls).toHaveLength(1);
  });
});

describe('API client: configuration revisions', () => {
  it("sends the loaded revision as Config-Revision on writes only, a queued write's own when it has one, and hands every answer's headers on", async () => {
    const onHeaders = vi.fn();
    const { api, calls } = setup(() => json(200, { data: 1 }, { 'project-revision': '3' }), {
      configRevision: () => 2,
      onHeaders,
    });
    await api.get('/barcode/project');
    await api.post('/barcode/tracking', { barcodeId: 'AAAAAAAAAAAA' });
    await api.request('post', '/barcode/tracking', { data: { barcodeId: 'AAAAAAAAAAAA' }, configRevision: 1 });
    expect(calls.map((c) => c.headers.get('config-revision'))).toEqual([null, '2', '1']);
    expect(onHeaders).toHaveBeenCalledTimes(3);
    expect((onHeaders.mock.calls[0]?.[0] as Headers).get('project-revision')).toBe('3');
  });
});
