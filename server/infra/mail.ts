import nodemailer from 'nodemailer';
import { DeliveryFailure, type PendingMessage } from './outbox';

/**
 * How the SMTP connection is secured:
 * - `tls`: TLS from the first byte (implicit TLS, usually port 465);
 * - `starttls`: plain connect, then STARTTLS, required: a server that does not offer it gets no message;
 * - `none`: no TLS at all, for a relay on the same host or private network only.
 */
export type SmtpTls = 'tls' | 'starttls' | 'none';

export interface MailSettings {
  host: string;
  port: number;
  tls: SmtpTls;
  user?: string;
  password?: string;
  /** The sender: an address, optionally with a name (`Smart barcode <noreply@example.com>`). */
  from: string;
  /** PEM certificates trusted besides the system's (a private CA's relay). */
  ca?: string;
  /** How long connecting, the greeting and each later answer may take, well under the outbox's claim. */
  timeoutMs: number;
}

/** An SMTP sender: one message of the outbox at a time, resolving to its Message-ID and the server's acceptance. */
export interface MailSender {
  send(message: PendingMessage): Promise<string>;
  close(): void;
}

/** The five entities message templates escape, back to text. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * The plain-text part of an HTML e-mail body: line breaks where the HTML breaks lines, tags
 * dropped, the escaped characters restored. Route notification bodies are small templates, not
 * whole pages, so this is enough for a reader whose mail program shows no HTML.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/** Error codes of nodemailer that a later attempt can get past (the network, the server's load, settings being fixed). */
const TEMPORARY_CODES = new Set(['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'EPROTOCOL']);

/**
 * What an SMTP failure means for the message: a 5xx reply to the message itself (MAIL FROM,
 * RCPT TO, DATA) or an address nodemailer cannot send to is permanent, the server will never
 * take it; a 4xx reply, a timeout, a broken
 * connection, a TLS or login failure is temporary, and the outbox tries again later. The reason
 * is the server's reply or nodemailer's message: neither holds the password.
 */
export function classifySmtpError(error: unknown): DeliveryFailure {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const reason = `smtp: ${e.code ? `${e.code}: ` : ''}${e.response ?? e.message ?? String(error)}`;
  // An envelope nodemailer refuses before asking the server (no valid recipient address) is as final as a 5xx.
  const permanent =
    !TEMPORARY_CODES.has(e.code ?? '') &&
    (typeof e.responseCode === 'number' ? e.responseCode >= 500 : e.code === 'EENVELOPE');
  return new DeliveryFailure(reason, { permanent, cause: error });
}

/**
 * An SMTP sender through nodemailer, one connection per message (the outbox sends few at a time;
 * nothing is left open between rounds). E-mails carry the outbox id in their Message-ID, so a
 * message delivered again after a crash is recognisably the same one.
 */
export function createMailSender(settings: MailSettings): MailSender {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'tls',
    requireTLS: settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    tls: settings.ca ? { ca: settings.ca } : undefined,
  });
  const domain = senderDomain(settings.from);
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.destination,
          subject: message.subject ?? '',
          text: htmlToText(message.body),
          html: message.body,
          messageId: `<${message.id}@${domain}>`,
        });
        // The Message-ID and the server's acceptance, which names its queue id for its own logs.
        return info.response ? `${info.messageId} ${info.response}`.slice(0, 300) : info.messageId;
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: () => transport.close(),
  };
}
