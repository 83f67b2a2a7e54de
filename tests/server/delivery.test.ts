/**
 * Outbox delivery through real providers (docs/operators/delivery.md): e-mail to an SMTP server
 * run in this process (smtp-server), SMS to a local HTTP server that answers as Twilio's Messages
 * API does and checks each request as that API specifies it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailSettings, smsSettings } from '../../server/config';
import { createDeliveryTransport, deliveryNotices, type DeliverySettings } from '../../server/infra/delivery';
import { newId } from '../../server/infra/ids';
import { htmlToText, type MailSettings } from '../../server/infra/mail';
import { deliverPending } from '../../server/infra/outbox';
import { toE164, type TwilioSettings } from '../../server/infra/sms';
import { SEED, startTestServer, VISITOR, type TestServer } from './harness';

interface Received {
  from: string;
  to: string[];
  raw: string;
  secure: boolean;
}

/** An SMTP server on a free port that keeps what it receives; `options` decide what it refuses. */
async function smtpServer(
  options: Partial<SMTPServerOptions> = {},
): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
        });
        callback(null, `queued as Q${received.length}`);
      });
    },
    ...options,
  });
  // A client that gives up mid-handshake (an untrusted certificate) is an error event of the server's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const mail = (port: number, extra: Partial<MailSettings> = {}): MailSettings => ({
  host: '127.0.0.1',
  port,
  tls: 'none',
  from: 'Smart barcode <noreply@example.com>',
  timeoutMs: 2000,
  ...extra,
});

const noLog = { info: () => undefined, warn: () => undefined };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  // Every test starts with an empty outbox: nothing left by another is delivered by its rounds.
  await server.ctx.db.query('delete from outbox');
});

async function queueEmail(destination = 'hana.sato@example.com', body = '<p>Box <b>A&amp;B</b> arrived</p>') {
  const id = newId();
  await server.ctx.db.query(
    "insert into outbox (id, channel, destination, subject, body) values ($1, 'email', $2, 'Arrived at DC', $3)",
    [id, destination, body],
  );
  return id;
}

interface OutboxRow {
  sent: boolean;
  failed: boolean;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
}
const rowOf = async (id: string): Promise<OutboxRow> =>
  (
    await server.ctx.db.query<OutboxRow>(
      `select sent_at is not null as sent, failed_at is not null as failed, attempts, last_error, provider_message_id
         from outbox where id = $1`,
      [id],
    )
  ).rows[0]!;

describe('e-mail over SMTP', () => {
  it('delivers an e-mail as HTML and plain text, to its recipient, and records the Message-ID and queue id', async () => {
    const smtp = await smtpServer();
    const { transport, close } = createDeliveryTransport({ mail: mail(smtp.port), sms: null }, noLog);
    try {
      const id = await queueEmail();
      expect(await deliverPending(server.ctx.db, transport)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message!.to).toEqual(['hana.sato@example.com']);
      expect(message!.from).toBe('noreply@example.com');
      expect(message!.raw).toMatch(/^Subject: Arrived at DC$/m);
      expect(message!.raw).toContain(`Message-ID: <${id}@example.com>`);
      expect(message!.raw).toContain('Content-Type: text/plain');
      expect(message!.raw).toContain('Box A&B arrived');
      expect(message!.raw).toContain('Content-Type: text/html');
      const row = await rowOf(id);
      expect(row).toMatchObject({ sent: true, failed: false, last_error: null });
      expect(row.provider_message_id).toContain(`<${id}@example.com>`);
      expect(row.provider_message_id).toContain('queued as Q1');
    } finally {
      close();
      await smtp.close();
    }
  });

  it('retries a 4xx answer later, with the reason kept, and delivers once the server takes it', async () => {
    let refuse = true;
    const smtp = await smtpServer({
      onRcptTo(_address, _session, callback) {
        if (!refuse) return callback();
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      },
    });
    const { transport, close } = createDeliveryTransport({ mail: mail(smtp.port), sms: null }, noLog);
    try {
      const id = await queueEmail();
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      const waiting = await rowOf(id);
      expect(waiting).toMatchObject({ sent: false, failed: false, attempts: 1 });
      expect(waiting.last_error).toContain('451');
      refuse = false;
      await server.ctx.db.query('update outbox set next_attempt_at = now() where id = $1', [id]);
      expect(await deliverPending(server.ctx.db, transport)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ sent: true, attempts: 1 });
    } finally {
      close();
      await smtp.close();
    }
  });

  it('gives up on a 5xx answer: the message is marked failed with the reason and never tried again', async () => {
    let tries = 0;
    const smtp = await smtpServer({
      onRcptTo(_address, _session, callback) {
        tries += 1;
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      },
    });
    const { transport, close } = createDeliveryTransport({ mail: mail(smtp.port), sms: null }, noLog);
    try {
      const id = await queueEmail('nobody@example.com');
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      const row = await rowOf(id);
      expect(row).toMatchObject({ sent: false, failed: true, attempts: 1 });
      expect(row.last_error).toContain('550');
      expect(row.last_error).toContain('No such user here');
      await server.ctx.db.query('update outbox set next_attempt_at = now() where id = $1', [id]);
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      expect(tries).toBe(1);
    } finally {
      close();
      await smtp.close();
    }
  });

  it('gives up on an address no SMTP server can take, without retrying it', async () => {
    const smtp = await smtpServer();
    const { transport, close } = createDeliveryTransport({ mail: mail(smtp.port), sms: null }, noLog);
    try {
      const id = await queueEmail('not an address');
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      const row = await rowOf(id);
      expect(row).toMatchObject({ sent: false, failed: true, attempts: 1 });
      expect(row.last_error).toContain('EENVELOPE');
      expect(smtp.received).toHaveLength(0);
    } finally {
      close();
      await smtp.close();
    }
  });

  it.each([
    ['never greets', ''],
    ['greets, then never answers', '220 mx.example.com ESMTP\r\n'],
  ])('times out on a server that %s, and keeps the message for a later attempt', async (_, greeting) => {
    const sockets: Socket[] = [];
    const silent: NetServer = createNetServer((socket) => {
      sockets.push(socket);
      if (greeting) socket.write(greeting);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const { transport, close } = createDeliveryTransport({ mail: mail(port, { timeoutMs: 300 }), sms: null }, noLog);
    try {
      const id = await queueEmail();
      const started = Date.now();
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
      const row = await rowOf(id);
      expect(row).toMatchObject({ sent: false, failed: false, attempts: 1 });
      expect(row.last_error).toMatch(/ETIMEDOUT/);
    } finally {
      close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  describe('TLS', () => {
    let folder: string;
    let key: string;
    let cert: string;
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
          ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
          ...['-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem')],
        ],
        { stdio: 'ignore' },
      );
      key = readFileSync(join(folder, 'key.pem'), 'utf8');
      cert = readFileSync(join(folder, 'cert.pem'), 'utf8');
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('with STARTTLS required, sends nothing to a server that does not offer it; sends over TLS to one that does', async () => {
      const plain = await smtpServer();
      const offering = await smtpServer({ disabledCommands: [], key, cert });
      const refused = createDeliveryTransport(
        { mail: mail(plain.port, { tls: 'starttls', ca: cert }), sms: null },
        noLog,
      );
      const secured = createDeliveryTransport(
        { mail: mail(offering.port, { tls: 'starttls', ca: cert }), sms: null },
        noLog,
      );
      try {
        const id = await queueEmail();
        expect(await deliverPending(server.ctx.db, refused.transport)).toBe(0);
        expect(plain.received).toHaveLength(0);
        const row = await rowOf(id);
        expect(row).toMatchObject({ sent: false, failed: false, attempts: 1 });
        expect(row.last_error).toMatch(/ETLS/);
        await server.ctx.db.query('update outbox set next_attempt_at = now() where id = $1', [id]);
        expect(await deliverPending(server.ctx.db, secured.transport)).toBe(1);
        expect(offering.received).toHaveLength(1);
        expect(offering.received[0]!.secure).toBe(true);
      } finally {
        refused.close();
        secured.close();
        await plain.close();
        await offering.close();
      }
    });

    it('with TLS from the first byte (smtps), checks the certificate against the trusted CA', async () => {
      const smtps = await smtpServer({ secure: true, key, cert });
      const trusting = createDeliveryTransport({ mail: mail(smtps.port, { tls: 'tls', ca: cert }), sms: null }, noLog);
      const untrusting = createDeliveryTransport({ mail: mail(smtps.port, { tls: 'tls' }), sms: null }, noLog);
      try {
        const id = await queueEmail();
        expect(await deliverPending(server.ctx.db, untrusting.transport)).toBe(0);
        expect(smtps.received).toHaveLength(0);
        expect((await rowOf(id)).last_error).toMatch(/certificate/i);
        await server.ctx.db.query('update outbox set next_attempt_at = now() where id = $1', [id]);
        expect(await deliverPending(server.ctx.db, trusting.transport)).toBe(1);
        expect(smtps.received[0]!.secure).toBe(true);
      } finally {
        trusting.close();
        untrusting.close();
        await smtps.close();
      }
    });
  });

  it('keeps the SMTP password out of the reason of a refused login', async () => {
    const smtp = await smtpServer({
      authOptional: false,
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
    });
    const logged: Record<string, unknown>[] = [];
    const { transport, close } = createDeliveryTransport(
      { mail: mail(smtp.port, { user: 'mailer', password: 'S3cret-smtp-pass' }), sms: null },
      { info: (f) => logged.push(f), warn: (f) => logged.push(f) },
    );
    try {
      const id = await queueEmail();
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      const row = await rowOf(id);
      // A refused login is the operator's setting, not the message: it waits for the fix.
      expect(row).toMatchObject({ sent: false, failed: false });
      expect(row.last_error).toContain('535');
      const { rows } = await server.ctx.db.query<{ all: string }>(
        'select row_to_json(outbox)::text as all from outbox',
      );
      expect(rows.map((r) => r.all).join('\n')).not.toContain('S3cret-smtp-pass');
      // The refusal is logged, masked, with the server's reason and without the password.
      expect(logged).toEqual([
        expect.objectContaining({ outbox: id, to: 'h***@example.com', permanent: false }) as Record<string, unknown>,
      ]);
      expect(JSON.stringify(logged)).toContain('535');
      expect(JSON.stringify(logged)).not.toContain('S3cret-smtp-pass');
    } finally {
      close();
      await smtp.close();
    }
  });

  it('sends each message once when two servers deliver from one outbox at the same time', async () => {
    const smtp = await smtpServer();
    const perServer = [0, 0];
    const servers = [0, 1].map((n) =>
      createDeliveryTransport(
        { mail: mail(smtp.port), sms: null },
        { info: () => (perServer[n]! += 1), warn: () => undefined },
      ),
    );
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await queueEmail(`user${i}@example.com`));
    try {
      // Small batches, so the two servers' rounds interleave over the whole backlog.
      await Promise.all(
        servers.map(async ({ transport }) => {
          while ((await deliverPending(server.ctx.db, transport, 3)) > 0);
        }),
      );
      const messageIds = smtp.received.map((m) => /^Message-ID: <([^@]+)@/m.exec(m.raw)?.[1]);
      expect(messageIds.length).toBe(ids.length);
      expect(new Set(messageIds)).toEqual(new Set(ids));
      expect(perServer[0]! + perServer[1]!).toBe(ids.length);
      expect(perServer[0]).toBeGreaterThan(0);
      expect(perServer[1]).toBeGreaterThan(0);
      const { rows } = await server.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from outbox where sent_at is not null and provider_message_id is not null',
      );
      expect(rows[0]!.n).toBe(ids.length);
    } finally {
      for (const s of servers) s.close();
      await smtp.close();
    }
  });

  it('never sends a message whose claim another server took over while a slow batch was still on earlier ones', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await queueEmail(`late${i}@example.com`));
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const slowFirst = new Promise<void>((resolve) => (release = resolve));
    let inProvider: string | null = null;
    const slow = deliverPending(server.ctx.db, async (m) => {
      if (!inProvider) {
        inProvider = m.id;
        await slowFirst;
      }
      sent.push(`slow:${m.id}`);
    });
    // The slow round holds all three; the claim of the two it has not reached runs out while it
    // waits on the first message's provider (whose claim was renewed for that call, and a call
    // times out well within it), and a second server takes those two.
    while (!inProvider) await new Promise((r) => setTimeout(r, 5));
    await server.ctx.db.query(
      "update outbox set claimed_until = now() - interval '1 second' where sent_at is null and id <> $1",
      [inProvider],
    );
    await deliverPending(server.ctx.db, async (m) => {
      sent.push(`fast:${m.id}`);
    });
    release();
    await slow;
    expect(sent.map((s) => s.split(':')[1]).sort()).toEqual([...ids].sort());
    expect(sent.filter((s) => s.startsWith('fast:'))).toHaveLength(2);
  });
});

interface TwilioRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A local stand-in for Twilio's Messages API: records each request and answers with `answer`. */
async function twilioServer(
  answer: (request: TwilioRequest) => { status: number; body: string },
): Promise<{ url: string; requests: TwilioRequest[]; close(): Promise<void> }> {
  const requests: TwilioRequest[] = [];
  const server: HttpServer = createHttpServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-secret';
const twilio = (apiUrl: string, extra: Partial<TwilioSettings> = {}): DeliverySettings => ({
  mail: null,
  sms: {
    provider: 'twilio',
    twilio: { accountSid: ACCOUNT, authToken: TOKEN, from: '+15005550006', apiUrl, timeoutMs: 2000, ...extra },
  },
});

/** What Twilio's Messages API checks: the path, basic auth, a form body with To, From and Body. */
function asTwilioChecks(request: TwilioRequest): { status: number; body: string } {
  const expected = `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`;
  if (request.authorization !== expected)
    return { status: 401, body: JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }) };
  if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`)
    return { status: 404, body: JSON.stringify({ code: 20404, message: 'Not found', status: 404 }) };
  const to = request.form.get('To') ?? '';
  if (!request.contentType?.startsWith('application/x-www-form-urlencoded') || !request.form.get('Body'))
    return { status: 400, body: JSON.stringify({ code: 21602, message: 'Message body is required.', status: 400 }) };
  if (!request.form.get('From') && !request.form.get('MessagingServiceSid'))
    return {
      status: 400,
      body: JSON.stringify({ code: 21603, message: "A 'From' phone number is required.", status: 400 }),
    };
  if (!/^\+[1-9]\d{1,14}$/.test(to))
    return {
      status: 400,
      body: JSON.stringify({ code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 }),
    };
  return { status: 201, body: JSON.stringify({ sid: `SM${'0'.repeat(30)}01`, status: 'queued', to }) };
}

async function queueSms(destination: string, body = 'hello') {
  const id = newId();
  await server.ctx.db.query("insert into outbox (id, channel, destination, body) values ($1, 'sms', $2, $3)", [
    id,
    destination,
    body,
  ]);
  return id;
}

describe('SMS through Twilio', () => {
  let api: Awaited<ReturnType<typeof twilioServer>>;
  let respond: (request: TwilioRequest) => { status: number; body: string };
  beforeAll(async () => {
    api = await twilioServer((request) => respond(request));
  });
  afterAll(() => api.close());
  beforeEach(() => {
    respond = asTwilioChecks;
    api.requests.length = 0;
  });
  afterEach(async () => {
    await server.ctx.db.query('delete from outbox');
  });

  it("sends a staff member's one-time code in the login's language, and the code logs them in", async () => {
    const { transport, close } = createDeliveryTransport(twilio(api.url), noLog);
    try {
      const login = { projectId: SEED.secureProject, accessCode: '11112222', password: SEED.staffPassword };
      const asked = await server.app.inject({
        method: 'POST',
        url: '/api/user/authorize',
        headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' },
        payload: { ...login, visitorId: VISITOR },
      });
      expect(asked.json()).toEqual({ errors: { $common: [3057] } });
      expect(await deliverPending(server.ctx.db, transport)).toBe(1);
      expect(api.requests).toHaveLength(1);
      const form = api.requests[0]!.form;
      expect(form.get('To')).toBe(`${SEED.staffPhone.countryCode}${SEED.staffPhone.number}`);
      expect(form.get('From')).toBe('+15005550006');
      const body = form.get('Body') ?? '';
      expect(body).toContain('ワンタイムコード');
      const { rows } = await server.ctx.db.query<{ name: string }>('select name from projects where id = $1', [
        SEED.secureProject,
      ]);
      expect(body.startsWith(`${rows[0]!.name}:`)).toBe(true);
      const code = /(\d{6})/.exec(body)?.[1];
      const { rows: sent } = await server.ctx.db.query<{ provider_message_id: string }>(
        'select provider_message_id from outbox where sent_at is not null',
      );
      expect(sent[0]!.provider_message_id).toMatch(/^SM/);
      const loggedIn = await server.app.inject({
        method: 'POST',
        url: '/api/user/authorize',
        payload: { ...login, oneTimePasscode: code, visitorId: VISITOR },
      });
      expect(loggedIn.statusCode).toBe(200);
    } finally {
      close();
    }
  });

  it('writes the one-time code in each of the four languages', async () => {
    const { oneTimeCodeText } = await import('../../server/infra/message-texts');
    const texts = (['en', 'ja', 'zh-TW', 'zh-CN'] as const).map((l) => oneTimeCodeText(l, 'Harbour', '123456', 5));
    expect(new Set(texts).size).toBe(4);
    for (const text of texts) {
      expect(text.startsWith('Harbour')).toBe(true);
      expect(text).toContain('123456');
      expect(text).toContain('5');
    }
    expect(texts[2]).toContain('驗證碼');
    expect(texts[3]).toContain('验证码');
  });

  it('uses a Messaging Service SID as MessagingServiceSid instead of From', async () => {
    const { transport, close } = createDeliveryTransport(twilio(api.url, { from: 'MG0123456789abcdef' }), noLog);
    try {
      await queueSms('+81 90-1234-5678');
      expect(await deliverPending(server.ctx.db, transport)).toBe(1);
      expect(api.requests[0]!.form.get('MessagingServiceSid')).toBe('MG0123456789abcdef');
      expect(api.requests[0]!.form.has('From')).toBe(false);
      // Separators are dropped: the provider gets E.164.
      expect(api.requests[0]!.form.get('To')).toBe('+819012345678');
    } finally {
      close();
    }
  });

  it('refuses a number that is not E.164 before any request, for good', async () => {
    const { transport, close } = createDeliveryTransport(twilio(api.url), noLog);
    try {
      const id = await queueSms('090-1234-5678');
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      expect(api.requests).toHaveLength(0);
      expect(await rowOf(id)).toMatchObject({ failed: true, last_error: 'not an E.164 phone number' });
      expect(toE164('+44 (20) 7946.0958')).toBe('+442079460958');
      expect(toE164('+0123')).toBeNull();
      expect(toE164('+1234567890123456')).toBeNull();
    } finally {
      close();
    }
  });

  it('marks failed what Twilio refuses for good (its error code kept); retries throttling, 5xx and refused credentials', async () => {
    const logged: Record<string, unknown>[] = [];
    const { transport, close } = createDeliveryTransport(twilio(api.url), {
      info: (f) => logged.push(f),
      warn: (f) => logged.push(f),
    });
    try {
      respond = () => ({
        status: 400,
        body: JSON.stringify({ code: 21614, message: "'To' number is not a valid mobile number", status: 400 }),
      });
      const invalid = await queueSms('+15005550009');
      await deliverPending(server.ctx.db, transport);
      const row = await rowOf(invalid);
      expect(row).toMatchObject({ failed: true });
      expect(row.last_error).toContain('21614');
      for (const [status, code] of [
        [429, 20429],
        [503, 20500],
        [401, 20003],
      ] as const) {
        respond = () => ({ status, body: JSON.stringify({ code, message: 'try later', status }) });
        const id = await queueSms('+15005550010');
        await deliverPending(server.ctx.db, transport);
        const waiting = await rowOf(id);
        expect(waiting).toMatchObject({ sent: false, failed: false, attempts: 1 });
        expect(waiting.last_error).toContain(String(code));
        expect(waiting.last_error).not.toContain(TOKEN);
        await server.ctx.db.query('delete from outbox where id = $1', [id]);
      }
      expect(logged).toHaveLength(4);
      expect(JSON.stringify(logged)).not.toContain(TOKEN);
      expect(JSON.stringify(logged)).not.toContain(Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64'));
    } finally {
      close();
    }
  });

  it('takes an answer that is not what the API promises as a failed delivery, with the answer recorded', async () => {
    const { transport, close } = createDeliveryTransport(twilio(api.url), noLog);
    try {
      respond = () => ({ status: 200, body: '<html>captive portal</html>' });
      const id = await queueSms('+15005550006');
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      const row = await rowOf(id);
      expect(row.failed).toBe(true);
      expect(row.last_error).toContain('captive portal');
    } finally {
      close();
    }
  });

  it('times out on an API that never answers', async () => {
    const hanging = createHttpServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as { port: number };
    const { transport, close } = createDeliveryTransport(twilio(`http://127.0.0.1:${port}`, { timeoutMs: 300 }), noLog);
    try {
      const id = await queueSms('+15005550006');
      expect(await deliverPending(server.ctx.db, transport)).toBe(0);
      const row = await rowOf(id);
      expect(row).toMatchObject({ sent: false, failed: false, attempts: 1 });
      expect(row.last_error).toContain('no answer within 300 ms');
    } finally {
      close();
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});

describe('delivery settings', () => {
  it('reads SMTP_URL or SMTP_HOST and friends; refuses half a setting', () => {
    expect(mailSettings({})).toBeNull();
    expect(
      mailSettings({ SMTP_URL: 'smtps://mailer:p%40ss@smtp.example.com', MAIL_FROM: 'noreply@example.com' }),
    ).toMatchObject({ host: 'smtp.example.com', port: 465, tls: 'tls', user: 'mailer', password: 'p@ss' });
    expect(
      mailSettings({ SMTP_HOST: 'relay.local', SMTP_TLS: 'none', SMTP_PORT: '25', MAIL_FROM: 'a@b.example' }),
    ).toMatchObject({ host: 'relay.local', port: 25, tls: 'none', user: undefined });
    expect(mailSettings({ SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'a@b.example' })).toMatchObject({
      port: 587,
      tls: 'starttls',
      timeoutMs: 15_000,
    });
    expect(() => mailSettings({ SMTP_HOST: 'smtp.example.com' })).toThrow(/MAIL_FROM/);
    expect(() => mailSettings({ MAIL_FROM: 'a@b.example' })).toThrow(/SMTP_URL or SMTP_HOST/);
    expect(() => mailSettings({ SMTP_URL: 'http://x', MAIL_FROM: 'a@b.example' })).toThrow(/smtp:\/\//);
    expect(() => mailSettings({ SMTP_HOST: 'x', SMTP_TLS: 'maybe', MAIL_FROM: 'a@b.example' })).toThrow(/SMTP_TLS/);
  });

  it('reads SMS_PROVIDER=twilio and its settings; refuses an unknown provider or a missing setting', () => {
    expect(smsSettings({})).toBeNull();
    expect(
      smsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1500' }),
    ).toEqual({
      provider: 'twilio',
      twilio: { accountSid: 'AC1', authToken: 't', from: '+1500', apiUrl: 'https://api.twilio.com', timeoutMs: 15_000 },
    });
    expect(() => smsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM/,
    );
    expect(() => smsSettings({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });

  it('says loudly at a production start that required one-time codes cannot be delivered without an SMS provider', async () => {
    const production = await deliveryNotices(server.ctx.db, { mail: null, sms: null }, true);
    const loud = production.find((n) => n.level === 'error');
    expect(loud?.line).toContain('ONE-TIME CODES CANNOT BE DELIVERED');
    expect(loud?.line).toContain('secure@1');
    const demo = await deliveryNotices(server.ctx.db, { mail: null, sms: null }, false);
    expect(demo.map((n) => n.level)).toEqual(['info', 'info']);
    expect(demo[1]!.line).toContain('OUTBOX_CONSOLE');
    const withSms = await deliveryNotices(server.ctx.db, twilio('https://api.twilio.com'), true);
    expect(withSms).toEqual([{ level: 'info', line: expect.stringContaining('SMS through twilio') as string }]);
  });

  it('refuses a one-time-code login at once on a server that cannot deliver codes, and /readyz says which', async () => {
    const login = { projectId: SEED.secureProject, accessCode: '11112222', password: SEED.staffPassword };
    const ask = () =>
      server.app.inject({ method: 'POST', url: '/api/user/authorize', payload: { ...login, visitorId: VISITOR } });
    server.ctx.oneTimeCodes = 'none';
    try {
      const refused = await ask();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ errors: { $common: [3103] } });
      const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from outbox');
      expect(rows[0]!.n).toBe(0);
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        limits: ['one-time codes cannot be delivered (no SMS provider): logins to secure@1 are refused'],
      });
      // Told only to this machine, as a reason for not being ready is.
      const outside = await server.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.9' });
      expect(outside.json()).toEqual({ status: 'ready' });
    } finally {
      server.ctx.oneTimeCodes = undefined;
    }
    expect((await ask()).json()).toEqual({ errors: { $common: [3057] } });
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('without any setting delivers to the log, as the embedded default does', async () => {
    const lines: Record<string, unknown>[] = [];
    const { transport, close } = createDeliveryTransport(
      { mail: null, sms: null },
      { info: (f) => lines.push(f), warn: (f) => lines.push(f) },
    );
    const id = await queueSms('+81 90-1234-5678', 'Demo: your one-time code is 123456.');
    expect(await deliverPending(server.ctx.db, transport)).toBe(1);
    close();
    expect(lines).toEqual([{ outbox: id, channel: 'sms', to: '***5678', provider: 'log' }]);
    expect(JSON.stringify(lines)).not.toContain('123456');
    expect(htmlToText('<p>A &lt; B</p><p>C<br>D</p>')).toBe('A < B\nC\nD');
  });
});
