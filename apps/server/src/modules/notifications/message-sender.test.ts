import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { CodePurpose } from '@shop/contract/verification';
import { BACKENDS, freePort, startShop, type TestShop } from '../../../test/harness.ts';
import { personDrag } from '../../../test/slide-drag.ts';
import { captchaChallenges } from '../../db/schema.ts';
import { createMessageSender, HttpSmsGatewaySender, SandboxOutboxSender, SenderError, SmtpEmailSender } from './message-sender.ts';

const fakeFetch = (status: number) =>
  vi.fn<typeof fetch>(async () => new Response(status === 204 ? null : '{}', { status }));

describe('message senders', () => {
  it('posts SMS to the gateway with the bearer token', async () => {
    const fetchFn = fakeFetch(202);
    await new HttpSmsGatewaySender('https://sms.example.com/send', 'tok-123', fetchFn).sendSms('+447400123456', 'hello');
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('https://sms.example.com/send');
    expect(init).toMatchObject({ method: 'POST' });
    expect((init!.headers as Record<string, string>)['authorization']).toBe('Bearer tok-123');
    expect(JSON.parse(init!.body as string)).toEqual({ to: '+447400123456', text: 'hello' });
  });

  it('treats a non-2xx gateway answer as a failure', async () => {
    await expect(new HttpSmsGatewaySender('https://sms.example.com/send', 't', fakeFetch(500)).sendSms('+1', 'x')).rejects.toBeInstanceOf(SenderError);
    await expect(new HttpSmsGatewaySender('https://sms.example.com/send', 't', fakeFetch(401)).sendSms('+1', 'x')).rejects.toBeInstanceOf(SenderError);
  });

  it('posts both channels to the sandbox outbox', async () => {
    const fetchFn = fakeFetch(201);
    const sender = new SandboxOutboxSender('http://127.0.0.1:1/sandbox/outbox/messages', fetchFn);
    await sender.sendSms('+447400123456', 'a');
    await sender.sendEmail('p@example.com', 'S', 'b');
    expect(fetchFn.mock.calls.map(([, init]) => JSON.parse(init!.body as string))).toEqual([
      { channel: 'sms', to: '+447400123456', text: 'a' },
      { channel: 'email', to: 'p@example.com', subject: 'S', text: 'b' },
    ]);
  });

  it('routes SMS to the gateway and e-mail to the sandbox when only the gateway is configured', async () => {
    const fetchFn = fakeFetch(200);
    const sender = createMessageSender(
      { sandboxOutboxUrl: 'http://127.0.0.1:1/sandbox/outbox/messages', mailFrom: 'shop@example.com', smsGatewayUrl: 'https://sms.example.com/send' },
      fetchFn,
    );
    await sender.sendSms('+1', 'x');
    await sender.sendEmail('p@example.com', 'S', 'y');
    expect(fetchFn.mock.calls.map(([url]) => String(url))).toEqual(['https://sms.example.com/send', 'http://127.0.0.1:1/sandbox/outbox/messages']);
  });

  it('fails clearly when nothing is configured', async () => {
    const sender = createMessageSender({ mailFrom: 'shop@example.com' });
    await expect(sender.sendSms('+1', 'x')).rejects.toBeInstanceOf(SenderError);
    await expect(sender.sendEmail('a@example.com', 's', 'x')).rejects.toBeInstanceOf(SenderError);
  });

  it('reports an unreachable SMTP server as a failure', async () => {
    const smtp = new SmtpEmailSender('smtp://127.0.0.1:1', 'shop@example.com');
    await expect(smtp.sendEmail('a@example.com', 's', 'x')).rejects.toThrow();
    smtp.close();
  });
});

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port, without auth or TLS, that keeps what it receives. */
async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Subject and text of a simple (single-part) message as nodemailer writes it: encoded words, quoted-printable or base64. */
function readMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = head.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const qp = (text: string) => Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  const subject = header('subject').replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, word: string) =>
    (kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64') : qp(word.replace(/_/g, ' '))).toString('utf8'),
  );
  const body = rest.join('\r\n\r\n');
  const encoding = header('content-transfer-encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? qp(body).toString('utf8') : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { subject, text: text.trim() };
}

describe.each(BACKENDS)('verification e-mail over a real SMTP server (%s)', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let shop: TestShop;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop(backend, { SMTP_URL: smtp.url, MAIL_FROM: 'Game Shop <codes@shop.example>' });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it('hands the code over to SMTP with the envelope, subject and text in the player’s language', async () => {
    const captcha = await shop.api<{ captchaId: string }>('GET', '/api/common/captcha');
    const [row] = await shop.services.db
      .select({ x: captchaChallenges.pieceX })
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, captcha.body.data.captchaId));
    const solved = await shop.api<{ botCheckToken: string }>('POST', '/api/common/captcha/verify', {
      body: { captchaId: captcha.body.data.captchaId, x: row!.x, track: personDrag(row!.x) },
    });
    const email = `smtp.${Date.now()}@example.com`;
    const sent = await shop.api('POST', '/api/user/getSmsCode', {
      body: { accountType: 2, purpose: CodePurpose.RegisterAccount, email, botCheckToken: solved.body.data.botCheckToken },
      headers: { 'accept-language': 'de-DE' },
    });
    expect(sent.body).toMatchObject({ code: 200, message: 'Bestätigungscode erfolgreich gesendet.' });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'codes@shop.example', to: [email] });
    const { subject, text } = readMail(mail!.raw);
    expect(subject).toBe('Dein Bestätigungscode');
    expect(text).toMatch(/^Dein Bestätigungscode lautet \d{6}\. Er läuft in 10 Minuten ab\.$/);
    // The code in the mail is the one the server keeps (as a hash).
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    await expect(shop.services.verification.verifyCode({ target: email, purpose: CodePurpose.RegisterAccount, code })).resolves.toBeUndefined();
  });
});
