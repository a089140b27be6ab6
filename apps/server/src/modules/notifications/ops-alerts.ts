import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { enqueue, type JobHandler } from '../../jobs/outbox.ts';
import type { MessageSender } from './message-sender.ts';

export const OPS_ALERT_JOB = 'ops.alert';

/**
 * Tells the publisher's operators about what needs a person (a delivery that gave up, goods that could not be taken
 * back): an e-mail to OPS_ALERT_EMAIL, written to the outbox in the transaction that found the problem, so the alert is
 * sent (and retried) exactly when that change committed. Without an address the error log is all there is.
 */
export class OpsAlerts {
  constructor(
    private readonly sender: MessageSender,
    private readonly to: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async raise(tx: Executor, subject: string, text: string): Promise<void> {
    this.log.error({ subject }, text);
    if (this.to) await enqueue(tx, { kind: OPS_ALERT_JOB, payload: { subject, text }, maxAttempts: 10 });
  }

  handler(): JobHandler {
    return {
      run: async (payload) => {
        if (this.to) await this.sender.sendEmail(this.to, String(payload['subject']), String(payload['text']));
      },
    };
  }
}
