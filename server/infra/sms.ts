import { DeliveryFailure } from './outbox';

/**
 * An SMS provider, as the outbox sees it: one text to one E.164 number, resolving to the
 * provider's id of the message. A refusal is a DeliveryFailure, `permanent` when sending the
 * same message again cannot succeed. Adding a provider: a class implementing this, a case in
 * createSmsSender below and its settings in server/config.ts (docs/operators/delivery.md).
 */
export interface SmsSender {
  /** The provider's name, for the log. */
  readonly provider: string;
  send(to: string, body: string): Promise<string>;
}

/** ITU-T E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A stored phone number as E.164, or null when it is not one. Spaces, hyphens, dots and
 * parentheses people type between groups are dropped; nothing else is guessed (no country is
 * assumed for a number without its `+` code).
 */
export function toE164(phone: string): string | null {
  const compact = phone.replace(/[\s\-.()]/g, '');
  return E164.test(compact) ? compact : null;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or, instead, a Messaging Service SID (`MG...`). */
  from: string;
  /** Twilio's API root; another only for a regional edge or a test server. */
  apiUrl: string;
  /** How long one request may take, well under the outbox's claim. */
  timeoutMs: number;
}

/** 4xx answers a later attempt of the same message can get past: credentials being fixed, a timeout, throttling. */
const TWILIO_TEMPORARY_STATUS = new Set([401, 403, 408, 429]);

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, a form body (To,
 * From or MessagingServiceSid, Body), HTTP basic authentication with the account SID and auth
 * token. 201 with the message's `sid` is a success; an error answers `{ code, message, status }`.
 * A 4xx is permanent (an invalid or unreachable number, a body it refuses) except throttling,
 * timeouts and refused credentials (401/403: the operator's setting, fixed without the message
 * changing); 5xx and network failures are temporary.
 */
export class TwilioSmsSender implements SmsSender {
  readonly provider = 'twilio';
  constructor(private readonly settings: TwilioSettings) {}

  async send(to: string, body: string): Promise<string> {
    const { accountSid, authToken, from, apiUrl, timeoutMs } = this.settings;
    const form = new URLSearchParams({ To: to, Body: body });
    if (from.startsWith('MG')) form.set('MessagingServiceSid', from);
    else form.set('From', from);
    const url = new URL(`2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, `${apiUrl}/`);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : '';
      throw new DeliveryFailure(`twilio: ${reason || (error instanceof Error ? error.message : String(error))}`, {
        permanent: false,
      });
    }
    const text = await response.text().catch(() => '');
    type Answer = { sid?: unknown; code?: unknown; message?: unknown } | null;
    let answer: Answer;
    try {
      answer = JSON.parse(text) as Answer;
    } catch {
      answer = null;
    }
    if (response.status >= 200 && response.status < 300) {
      if (answer && typeof answer.sid === 'string' && answer.sid) return answer.sid;
      // Not what the API promises: the message may or may not have gone; recorded, never retried blindly.
      throw new DeliveryFailure(`twilio: ${response.status} without a message sid: ${text.slice(0, 200)}`, {
        permanent: true,
      });
    }
    const detail =
      answer && (typeof answer.code === 'number' || typeof answer.message === 'string')
        ? `error ${String(answer.code)}: ${String(answer.message)}`
        : text.slice(0, 200);
    throw new DeliveryFailure(`twilio: ${response.status} ${detail}`, {
      permanent: response.status < 500 && !TWILIO_TEMPORARY_STATUS.has(response.status),
    });
  }
}

/** SMS_PROVIDER and its settings; null: no provider, SMS go to the log. */
export type SmsSettings = { provider: 'twilio'; twilio: TwilioSettings };

export const createSmsSender = (settings: SmsSettings): SmsSender => new TwilioSmsSender(settings.twilio);
