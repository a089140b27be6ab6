import type { FastifyInstance } from 'fastify';
import { sendPage } from '../shared/page.ts';

/** One message the shop "sent" (SMS or e-mail), kept in memory for people and tests to read. */
export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
  sentAt: string;
}

export const OUTBOX_CAPACITY = 500;

/** The last OUTBOX_CAPACITY messages, oldest dropped first. */
export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  private nextId = 1;

  constructor(private readonly capacity = OUTBOX_CAPACITY) {}

  add(message: Omit<OutboxMessage, 'id' | 'sentAt'>): OutboxMessage {
    const stored: OutboxMessage = { id: this.nextId++, ...message, sentAt: new Date().toISOString() };
    this.messages.push(stored);
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    return stored;
  }

  /** Newest first, optionally only those to one address. */
  list(to?: string): OutboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** `POST /outbox/messages`, `GET /outbox` (HTML, newest first) and `GET /outbox.json?to=...`. */
export async function outboxPlugin(app: FastifyInstance, opts: { outbox?: Outbox } = {}): Promise<void> {
  const outbox = opts.outbox ?? new Outbox();

  app.post('/outbox/messages', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const channel = body['channel'];
    const subject = body['subject'];
    if (
      (channel !== 'sms' && channel !== 'email') ||
      !isText(body['to'], 320) ||
      !isText(body['text'], 5000) ||
      (subject !== undefined && !isText(subject, 500))
    ) {
      return reply.code(400).send({ error: 'expected JSON {channel: "sms"|"email", to, subject?, text}' });
    }
    const stored = outbox.add({ channel, to: (body['to'] as string).trim(), text: body['text'] as string, ...(subject ? { subject } : {}) });
    return reply.code(201).send({ id: stored.id });
  });

  app.get('/outbox.json', async (request, reply) => {
    const { to } = request.query as { to?: unknown };
    reply.header('cache-control', 'no-store');
    return { messages: outbox.list(typeof to === 'string' ? to : undefined) };
  });

  app.get('/outbox', async (_request, reply) => {
    const messages = outbox.list();
    return sendPage(reply, 200, {
      provider: 'Sandbox outbox',
      accent: '#344054',
      heading: `Messages sent (${messages.length})`,
      rows: messages.map((m) => [
        `${m.channel === 'sms' ? 'SMS' : 'E-mail'} to ${m.to} · ${m.sentAt.replace('T', ' ').slice(0, 19)}`,
        m.subject ? `${m.subject}: ${m.text}` : m.text,
      ]),
      message: messages.length
        ? undefined
        : { text: 'Nothing sent yet. SMS and e-mails the shop sends appear here, newest first.', tone: 'info' },
    });
  });
}
