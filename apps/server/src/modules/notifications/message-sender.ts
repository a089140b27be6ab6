import nodemailer, { type Transporter } from 'nodemailer';

/** Sends the shop's messages to players. Every method throws when the message could not be handed over. */
export interface MessageSender {
  sendSms(toE164: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

export class SenderError extends Error {}

const TIMEOUT_MS = 10_000;

async function postJson(fetchFn: typeof fetch, url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // Drain the body so the connection is reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new SenderError(`${new URL(url).host} answered ${response.status}`);
}

/** The sandbox outbox (`POST /sandbox/outbox/messages`): the default outside production. */
export class SandboxOutboxSender implements MessageSender {
  constructor(
    private readonly messagesUrl: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  sendSms(toE164: string, text: string): Promise<void> {
    return postJson(this.fetchFn, this.messagesUrl, { channel: 'sms', to: toE164, text });
  }

  sendEmail(to: string, subject: string, text: string): Promise<void> {
    return postJson(this.fetchFn, this.messagesUrl, { channel: 'email', to, subject, text });
  }
}

/** An HTTP SMS gateway: POST JSON {to, text} with a bearer token; any non-2xx answer is a failure. */
export class HttpSmsGatewaySender implements Pick<MessageSender, 'sendSms'> {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  sendSms(toE164: string, text: string): Promise<void> {
    return postJson(this.fetchFn, this.url, { to: toE164, text }, this.token ? { authorization: `Bearer ${this.token}` } : {});
  }
}

/** E-mail over SMTP (nodemailer), e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export class SmtpEmailSender implements Pick<MessageSender, 'sendEmail'> {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Bounded steps so a stuck server cannot hold a request.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async sendEmail(to: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }

  close(): void {
    this.transport.close();
  }
}

/** A channel with nothing configured (outside production only; production refuses to start without senders). */
export class UnconfiguredSender implements MessageSender {
  sendSms(): Promise<void> {
    return Promise.reject(new SenderError('no SMS sender configured'));
  }
  sendEmail(): Promise<void> {
    return Promise.reject(new SenderError('no e-mail sender configured'));
  }
}

/** Routes SMS and e-mail to the adapter configured for each. */
export class RoutingSender implements MessageSender {
  constructor(
    private readonly sms: Pick<MessageSender, 'sendSms'>,
    private readonly email: Pick<MessageSender, 'sendEmail'>,
  ) {}

  sendSms(toE164: string, text: string): Promise<void> {
    return this.sms.sendSms(toE164, text);
  }

  sendEmail(to: string, subject: string, text: string): Promise<void> {
    return this.email.sendEmail(to, subject, text);
  }
}

export interface SenderConfig {
  /** POST URL of the sandbox outbox when the sandbox is embedded. */
  sandboxOutboxUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
}

/** SMTP for e-mail and the HTTP gateway for SMS when configured; otherwise the sandbox outbox when it is embedded. */
export function createMessageSender(config: SenderConfig, fetchFn: typeof fetch = fetch): MessageSender {
  const sandbox = config.sandboxOutboxUrl ? new SandboxOutboxSender(config.sandboxOutboxUrl, fetchFn) : undefined;
  const none = new UnconfiguredSender();
  const sms = config.smsGatewayUrl ? new HttpSmsGatewaySender(config.smsGatewayUrl, config.smsGatewayToken, fetchFn) : (sandbox ?? none);
  const email = config.smtpUrl ? new SmtpEmailSender(config.smtpUrl, config.mailFrom) : (sandbox ?? none);
  return new RoutingSender(sms, email);
}
