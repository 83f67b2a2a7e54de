import { describe, expect, it, vi } from 'vitest';
import { BOOT_RESPONSE_MAX_AGE_MS, takeBootResponse } from '@/shared/api/boot-request';

const PROJECT = '/api/barcode/project?code=demo&version=1';
const BARCODE = '/api/barcode/barcode?id=ABCDEFGHJKLM';
const answer = (body: string) => new Response(body, { status: 200 });
const page = (...requests: [string, Promise<Response>][]) => ({
  __sbBootRequests: requests.map(([url, response]) => ({ url, response })),
});

describe("the API client takes over index.html's first requests", () => {
  it("answers the same GETs with the page's responses, each once; the next call is sent", async () => {
    const host = page([PROJECT, Promise.resolve(answer('project'))], [BARCODE, Promise.resolve(answer('barcode'))]);
    const send = vi.fn(() => Promise.resolve(answer('sent')));
    expect(await (await takeBootResponse(BARCODE, { method: 'GET' }, send, 1000, host)!).text()).toBe('barcode');
    expect(await (await takeBootResponse(PROJECT, undefined, send, 1000, host)!).text()).toBe('project');
    expect(send).not.toHaveBeenCalled();
    expect(takeBootResponse(PROJECT, { method: 'GET' }, send, 1000, host)).toBeUndefined();
    expect(takeBootResponse(BARCODE, { method: 'GET' }, send, 1000, host)).toBeUndefined();
  });

  it('leaves other calls alone: another URL, another method, no request started', () => {
    const host = page([PROJECT, Promise.resolve(answer('project'))]);
    const send = () => Promise.resolve(answer('sent'));
    expect(takeBootResponse('/api/barcode/project?code=demo', undefined, send, 1000, host)).toBeUndefined();
    expect(takeBootResponse(PROJECT, { method: 'POST' }, send, 1000, host)).toBeUndefined();
    expect(host.__sbBootRequests).toHaveLength(1);
    expect(takeBootResponse(PROJECT, undefined, send, 1000, {})).toBeUndefined();
  });

  it("sends the call itself when the page's request failed on the network", async () => {
    const host = page([PROJECT, Promise.reject(new TypeError('Failed to fetch'))]);
    const send = vi.fn(() => Promise.resolve(answer('sent')));
    expect(await (await takeBootResponse(PROJECT, undefined, send, 1000, host)!).text()).toBe('sent');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not use an answer from long ago (the page stayed on another screen meanwhile)', () => {
    const host = page([PROJECT, Promise.resolve(answer('project'))]);
    expect(
      takeBootResponse(PROJECT, undefined, () => Promise.resolve(answer('sent')), BOOT_RESPONSE_MAX_AGE_MS + 1, host),
    ).toBeUndefined();
    expect(host.__sbBootRequests).toHaveLength(0);
  });
});
