import type { FastifyInstance } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { parseJsonObject, rawBody } from '../shared/body.ts';
import type { SandboxContext } from '../shared/context.ts';
import { requireMerchant } from './auth.ts';
import { unprocessable, XsollaError } from './errors.ts';
import { paymentJudge, refundBody, sendNotification } from './notifications.ts';
import type { Transaction, XsollaStore } from './store.ts';

/** Merchant API calls on transactions: refund, and the search used for reconciliation. */

type MerchantParams = { merchantId: string };

function transactionSummary(tx: Transaction) {
  const { session } = tx;
  const money = { currency: session.currency, amount: Number(session.amount) };
  return {
    transaction: {
      id: tx.id,
      external_id: session.externalId,
      project_id: Number(SANDBOX_CREDENTIALS.xsolla.projectId),
      status: tx.status,
      dry_run: session.sandboxMode ? 1 : 0,
      transfer_date: tx.paymentDate,
    },
    user: { id: session.user.id, email: session.user.email, country: session.user.country },
    purchase: { checkout: money },
    payment_details: { payment: money },
    custom_parameters: session.customParameters,
  };
}

export function reportRoutes(app: FastifyInstance, ctx: SandboxContext, store: XsollaStore): void {
  // "Request refund" is a PUT in Xsolla's API reference.
  app.put<{ Params: MerchantParams & { transactionId: string } }>(
    '/merchant/v2/merchants/:merchantId/reports/transactions/:transactionId/refund',
    { preHandler: requireMerchant },
    async (request, reply) => {
      const tx = store.transactions.get(Number(request.params.transactionId));
      if (!tx) throw new XsollaError(404, `Transaction ${request.params.transactionId} not found`);
      const body = parseJsonObject(rawBody(request));
      if (!body) throw new XsollaError(400, 'Request body is not valid JSON');
      if (typeof body.description !== 'string' || body.description.trim() === '') throw unprocessable('description is required');
      if (tx.status === 'refunded') throw unprocessable(`Transaction ${tx.id} has already been refunded`);
      if (tx.status !== 'done') throw unprocessable(`Transaction ${tx.id} is ${tx.status} and cannot be refunded`);
      tx.status = 'refunded';
      void sendNotification(ctx, refundBody(tx, body.description), paymentJudge);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: MerchantParams; Querystring: Record<string, string | undefined> }>(
    '/merchant/v2/merchants/:merchantId/reports/transactions/search.json',
    { preHandler: requireMerchant },
    async (request) => {
      const { external_id: externalId, transaction_id: transactionId } = request.query;
      const matches = [...store.transactions.values()].filter(
        (tx) =>
          (externalId === undefined || tx.session.externalId === externalId) &&
          (transactionId === undefined || String(tx.id) === transactionId),
      );
      return matches.map(transactionSummary);
    },
  );
}
