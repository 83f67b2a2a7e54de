import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { ErrorCode } from '@schemas/error-codes';
import { createApiClient } from '@/shared/api/client';
import { ApiError, normaliseError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';

const PATH = 'forms.receiving.temperature';
const JA = '2〜8 °C の範囲外です';
const refusal = {
  errors: { [PATH]: [ErrorCode.invalidFormat], 'forms.receiving.note': [ErrorCode.emptyField] },
  messages: { [PATH]: JA },
};
/** The catalogue's texts, as the app's strings would give them. */
const t = ((key: string) => `text of ${key}`) as unknown as TFunction;

function client(language?: () => string | undefined) {
  const sent: Headers[] = [];
  const api = createApiClient({
    baseURL: 'http://app.test/api',
    timeoutMs: 1000,
    fetch: (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify(refusal), { status: 400, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
    visitorId: () => 'visitor-0001',
    mayHaveSession: () => false,
    onSignedOut: vi.fn(),
    onNewVersion: vi.fn(),
    language,
  });
  return { api, sent };
}

describe("a refusal with the configuration's own message (a failed constraint)", () => {
  it("asks in the app's language and keeps the server's message by the field's path", async () => {
    const { api, sent } = client(() => 'ja');
    const thrown = await api.post('/barcode/tracking', { data: {}, queue: false }).catch((e: unknown) => e);
    expect(sent[0]?.get('accept-language')).toBe('ja');
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe('fields');
    expect((thrown as ApiError).messages).toEqual({ [PATH]: JA });
  });

  it("leaves Accept-Language to the browser when the app's language is not known", async () => {
    const { api, sent } = client(() => undefined);
    await api.post('/barcode/tracking', { data: {}, queue: false }).catch(() => undefined);
    expect(sent[0]?.has('accept-language')).toBe(false);
  });

  it("says the server's message in place of the code's, beside the field's label; other fields keep the code's", () => {
    const error = normaliseError(400, refusal);
    const label = (path: string) => ({ [PATH]: 'Temperature on arrival', 'forms.receiving.note': 'Note' })[path];
    expect(translateError(t, error, label).split('\n')).toEqual([
      `Temperature on arrival: ${JA}`,
      `Note: text of ${ErrorCode.emptyField}`,
    ]);
    expect(translateError(t, error)).toBe(`${JA}\ntext of ${ErrorCode.emptyField}`);
  });

  it('takes only texts from `messages`, and none from an answer without them', () => {
    const odd = normaliseError(400, { errors: refusal.errors, messages: { [PATH]: 7, other: 'kept' } });
    expect(odd.messages).toEqual({ other: 'kept' });
    expect(translateError(t, odd)).toBe(`text of ${ErrorCode.invalidFormat}\ntext of ${ErrorCode.emptyField}`);
    expect(normaliseError(400, { errors: refusal.errors, messages: 'no' }).messages).toEqual({});
    expect(normaliseError(400, { errors: refusal.errors }).messages).toEqual({});
  });
});
