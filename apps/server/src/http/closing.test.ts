import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { translate } from '../i18n/messages.ts';
import { freePort, testConfig } from '../../test/harness.ts';

/**
 * Requests arriving while the shop shuts down. The database plays no part (they are refused before any work), so this
 * runs on the embedded one only. The shop is built by hand: the test needs a preClose hook of its own, added before
 * the server listens, that sends a request while the shop is closing.
 */
describe('shutting down', () => {
  it('a request arriving while the shop closes gets the 503 envelope in its language and Connection: close', async () => {
    const port = await freePort();
    const { app } = await buildApp(testConfig(port), { logger: false, runJobs: false });
    const url = `http://127.0.0.1:${port}/api/common/countries`;
    let during: { status: number; connection: string | null; body: unknown } | undefined;
    // Runs after the shop's own preClose hook (registered first): the shop is closing, still listening.
    app.addHook('preClose', async () => {
      const response = await fetch(url, { headers: { 'accept-language': 'es' } });
      during = { status: response.status, connection: response.headers.get('connection'), body: await response.json() };
    });
    await app.listen({ port, host: '127.0.0.1' });

    expect((await fetch(url)).status).toBe(200);
    await app.close();

    expect(during).toEqual({
      status: 503,
      connection: 'close',
      body: { code: 503, message: translate('es', 'serviceUnavailable'), data: null },
    });
  });
});
