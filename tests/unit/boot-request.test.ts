import { describe, expect, it, vi } from 'vitest';
import { BOOT_RESPONSE_MAX_AGE_MS, takeBootResponse } from '@/shared/api/boot-request';

const URL_ASKED = '/api/barcode/project?code=demo&version=1';
const answer = (body: string) => new Response(body, { status: 200 });

describe("the API client takes over index.html's project request", () => {
  it('answers the same GET with the page\'s response, once; the next call is sent', async () => {
    const host = { __sbBootProject: { url: URL_ASKED, response: Promise.resolve(answer('early')) } };
    const send = vi.fn(() => Promise.resolve(answer('sent')));
    const taken = takeBootResponse(URL_ASKED, { method: 'GET' }, send, 1000, host);
    expect(await (await taken!).text()).toBe('early');
    expect(send).not.toHaveBeenCalled();
    expect(takeBootResponse(URL_ASKED, { method: 'GET' }, send, 1000, host)).toBeUndefined();
  });

  it('leaves other calls alone: another URL, another method, no request started', () => {
    const host = { __sbBootProject: { url: URL_ASKED, response: Promise.resolve(answer('early')) } };
    const send = () => Promise.resolve(answer('sent'));
    expect(takeBootResponse('/api/barcode/project?code=demo', undefined, send, 1000, host)).toBeUndefined();
    expect(takeBootResponse(URL_ASKED, { method: 'POST' }, send, 1000, host)).toBeUndefined();
    expect(host.__sbBootProject).toBeDefined();
    expect(takeBootResponse(URL_ASKED, undefined, send, 1000, {})).toBeUndefined();
  });

  it('sends the call itself when the page\'s request failed on the network', async () => {
    const host = { __sbBootProject: { url: URL_ASKED, response: Promise.reject(new TypeError('Failed to fetch')) } };
    const send = vi.fn(() => Promise.resolve(answer('sent')));
    expect(await (await takeBootResponse(URL_ASKED, undefined, send, 1000, host)!).text()).toBe('sent');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not use an answer from long ago (the page stayed on another screen meanwhile)', () => {
    const host = { __sbBootProject: { url: URL_ASKED, response: Promise.resolve(answer('early')) } };
    expect(takeBootResponse(URL_ASKED, undefined, () => Promise.resolve(answer('sent')), BOOT_RESPONSE_MAX_AGE_MS + 1, host)).toBeUndefined();
    expect(host.__sbBootProject).toBeUndefined();
  });
});
