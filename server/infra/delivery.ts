import type { Queryable } from '../db/database';
import { createMailSender, type MailSettings } from './mail';
import { DeliveryFailure, maskDestination, type OutboxTransport, type PendingMessage } from './outbox';
import { createSmsSender, toE164, type SmsSettings } from './sms';
import { codeDelivery, type OneTimeCodeDelivery } from '../rules/login';

/** Where the outbox sends (docs/operators/delivery.md): SMTP for e-mail, an SMS provider; null: the log. */
export interface DeliverySettings {
  mail: MailSettings | null;
  sms: SmsSettings | null;
}

export const NO_DELIVERY: DeliverySettings = { mail: null, sms: null };

export interface DeliveryLog {
  info(fields: Record<string, unknown>, line: string): void;
  warn(fields: Record<string, unknown>, line: string): void;
}

/**
 * The outbox's transport for the settings: e-mail over SMTP and SMS through the provider where
 * set, the log where not (the embedded default: a demo reads codes with OUTBOX_CONSOLE or
 * EXPOSE_OUTBOX). A phone number that is not E.164 fails for good before any provider call. Every
 * delivery is one log line with the channel, a masked address and the provider's id, never the
 * text (it may hold a one-time code); every refusal a warning with the provider's reason, which
 * holds no credentials (DeliveryFailure). `printBodies` (OUTBOX_CONSOLE) also prints the text.
 */
export function createDeliveryTransport(
  settings: DeliverySettings,
  log: DeliveryLog,
  printBodies = false,
): { transport: OutboxTransport; close(): void } {
  const mail = settings.mail ? createMailSender(settings.mail) : null;
  const sms = settings.sms ? createSmsSender(settings.sms) : null;
  const send = async (m: PendingMessage): Promise<string | undefined> => {
    if (m.channel === 'email' && mail) return mail.send(m);
    if (m.channel === 'sms' && sms) {
      const to = toE164(m.destination);
      if (!to) throw new DeliveryFailure('not an E.164 phone number', { permanent: true });
      return sms.send(to, m.body);
    }
    return undefined;
  };
  const transport: OutboxTransport = async (m) => {
    let providerId: string | undefined;
    try {
      providerId = await send(m);
    } catch (error) {
      log.warn(
        {
          outbox: m.id,
          channel: m.channel,
          to: maskDestination(m.destination),
          reason: error instanceof Error ? error.message : String(error),
          permanent: error instanceof DeliveryFailure && error.permanent,
        },
        'outbox message not delivered',
      );
      throw error;
    }
    log.info(
      { outbox: m.id, channel: m.channel, to: maskDestination(m.destination), provider: providerId ?? 'log' },
      'outbox message delivered',
    );
    if (printBodies)
      console.info(
        m.channel === 'email'
          ? `[outbox] e-mail to ${m.destination}: ${m.subject ?? ''}`
          : `[outbox] sms to ${m.destination}: ${m.body}`,
      );
    return providerId;
  };
  return { transport, close: () => mail?.close() };
}

/** The projects whose login asks for a one-time code, as `code@version, ...`; null when none does. */
async function projectsAskingCodes(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ code: string; version: number }>(
    `select code, version from projects where config->>'requireOneTimePasscode' = 'true' order by code, version`,
  );
  return rows.length === 0 ? null : rows.map((r) => `${r.code}@${r.version}`).join(', ');
}

/**
 * What a ready server still cannot do about delivery, for `/readyz`'s detail: the projects whose
 * one-time codes reach nobody (their logins are refused with ErrorCode.oneTimePasscodeUndeliverable).
 */
export async function deliveryLimits(db: Queryable, delivery: OneTimeCodeDelivery): Promise<string[]> {
  if (delivery !== 'none') return [];
  const projects = await projectsAskingCodes(db);
  return projects ? [`one-time codes cannot be delivered (no SMS provider): logins to ${projects} are refused`] : [];
}

/**
 * What the start says about delivery: where messages go and, when projects ask for one-time
 * codes (sent by SMS) without an SMS provider, that nobody will receive them. `production`: a
 * server on PostgreSQL or with NODE_ENV=production, where the log is no way to deliver.
 */
export async function deliveryNotices(
  db: Queryable,
  settings: DeliverySettings,
  production: boolean,
): Promise<{ level: 'info' | 'warn' | 'error'; line: string }[]> {
  const notices: { level: 'info' | 'warn' | 'error'; line: string }[] = [];
  notices.push({
    level: 'info',
    line: `outbox delivery: e-mail ${settings.mail ? `over SMTP to ${settings.mail.host}:${settings.mail.port}` : 'to the log'}, SMS ${settings.sms ? `through ${settings.sms.provider}` : 'to the log'}`,
  });
  // The same decision the logins follow (rules/login.ts codeDelivery), said at start.
  const codes = codeDelivery(Boolean(settings.sms), production);
  if (codes === 'provider') return notices;
  const projects = await projectsAskingCodes(db);
  if (!projects) return notices;
  notices.push(
    codes === 'none'
      ? {
          level: 'error',
          line: `ONE-TIME CODES CANNOT BE DELIVERED: ${projects} require one-time codes, sent by SMS, and no SMS provider is set (SMS_PROVIDER); their logins are refused until one is. See docs/operators/delivery.md`,
        }
      : {
          level: 'info',
          line: `one-time codes of ${projects} go to the log, not to phones: OUTBOX_CONSOLE=1 prints them, EXPOSE_OUTBOX=1 serves them`,
        },
  );
  return notices;
}
