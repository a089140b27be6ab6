import type { FastifyError, FastifyInstance } from 'fastify';
import { useRawJsonAndForms } from '../shared/body.ts';
import type { SandboxContext } from '../shared/context.ts';
import { cashierRoutes } from './cashier.ts';
import { gatewayRoutes, sendSigned } from './gateway.ts';
import { fail, PayerMaxSandbox } from './service.ts';

/** PayerMax stand-in, mounted at {publicUrl}/payermax: the gateway API and the hosted cashier. */
export async function payermaxPlugin(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const sandbox = new PayerMaxSandbox(ctx);
  await useRawJsonAndForms(app);
  app.addHook('onClose', async () => sandbox.close());
  // PayerMax answers every gateway problem with HTTP 200 and a signed {code, msg}.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'payermax sandbox failure');
    return sendSigned(reply, status < 500 ? fail('PARAMS_INVALID', error.message) : fail('SYSTEM_ERROR', 'System is busy, please try again later.'));
  });
  gatewayRoutes(app, sandbox);
  cashierRoutes(app, ctx, sandbox);
}
