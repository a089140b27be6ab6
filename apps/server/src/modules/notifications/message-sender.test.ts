import { describe, expect, it, vi } from 'vitest';
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
