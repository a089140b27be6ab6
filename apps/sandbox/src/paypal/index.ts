import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../shared/context.ts';
import { useRawJsonAndForms } from '../shared/body.ts';
import { apiRoutes } from './api.ts';
import { requireBearer, tokenRoute } from './auth.ts';
import { checkoutRoutes } from './checkout.ts';
import { payPalErrorHandler } from './errors.ts';
import { PayPalSandbox } from './service.ts';
import { certificatePem, CERT_PATH } from './signing.ts';

/** PayPal stand-in, mounted at {publicUrl}/paypal in place of https://api-m.sandbox.paypal.com. */
export async function paypalPlugin(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const sandbox = new PayPalSandbox(ctx);
  await useRawJsonAndForms(app);
  app.setErrorHandler(payPalErrorHandler);

  tokenRoute(app, sandbox);
  checkoutRoutes(app, sandbox);
  app.get(CERT_PATH, async (_request, reply) => reply.type('application/x-pem-file').send(certificatePem()));

  await app.register(async (api) => {
    api.addHook('onRequest', requireBearer(sandbox));
    apiRoutes(api, sandbox);
  });
}
