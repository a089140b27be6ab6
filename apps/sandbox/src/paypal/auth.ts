import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { basicCredentials, isObject } from '../shared/body.ts';
import { digits } from '../shared/ids.ts';
import { safeEqual } from '../shared/secure.ts';
import { invalidToken, PayPalError } from './errors.ts';
import type { PayPalSandbox } from './service.ts';

/** POST /v1/oauth2/token: client-credentials grant with HTTP Basic client_id:secret. */
export function tokenRoute(app: FastifyInstance, sandbox: PayPalSandbox): void {
  app.post('/v1/oauth2/token', async (request, reply) => {
    const credentials = basicCredentials(request);
    const { clientId, clientSecret } = SANDBOX_CREDENTIALS.paypal;
    if (!credentials || !safeEqual(credentials[0], clientId) || !safeEqual(credentials[1], clientSecret)) {
      throw new PayPalError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grantType = isObject(request.body) ? request.body.grant_type : undefined;
    if (grantType !== 'client_credentials') {
      throw new PayPalError(400, {
        error: 'unsupported_grant_type',
        error_description: grantType === undefined ? 'Grant Type is NULL' : 'unsupported grant_type',
      });
    }
    const { token, expiresIn } = sandbox.issueToken();
    return reply.send({
      scope:
        'https://uri.paypal.com/services/payments/payment/authcapture openid ' +
        'https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: expiresIn,
      nonce: `${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}${digits(10)}`,
    });
  });
}

/** onRequest hook for the REST API: a bearer token this stand-in issued and that has not expired. */
export function requireBearer(sandbox: PayPalSandbox) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw invalidToken('No access token was provided');
    if (!sandbox.tokenIsValid(match[1])) throw invalidToken('Token signature verification failed');
  };
}
