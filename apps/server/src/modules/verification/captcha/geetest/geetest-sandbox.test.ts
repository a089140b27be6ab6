import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { BACKENDS, startShop, type TestShop } from '../../../../../test/harness.ts';

interface Challenge {
  lot_number: string;
  prompt: string;
  tiles: string[];
}

/**
 * The shop with CAPTCHA_PROVIDER=geetest against the embedded sandbox's GeeTest v4 stand-in, end to end: the page's
 * challenge, the stand-in solved through its API as gt4.js does, the shop's validation, the bot-check token, the code.
 */
describe.each(BACKENDS)('GeeTest v4 end to end against the sandbox stand-in (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { CAPTCHA_PROVIDER: 'geetest' });
  });
  afterAll(() => shop?.close());

  /** What gt4.js does for the page: loads a challenge, picks the tile showing the prompt, gets getValidate()'s fields. */
  async function solve(captchaId: string, scriptUrl: string) {
    const api = scriptUrl.replace(/\/v4\/gt4\.js$/, '');
    const loaded = (await (await fetch(`${api}/load?captcha_id=${captchaId}`)).json()) as { data: Challenge };
    const { lot_number, tiles, prompt } = loaded.data;
    const verified = await fetch(`${api}/verify`, {
      method: 'POST',
      body: new URLSearchParams({ captcha_id: captchaId, lot_number, answer: String(tiles.indexOf(prompt)) }),
    });
    const { data } = (await verified.json()) as { data: { result: string; seccode: Record<string, string> } };
    expect(data.result).toBe('success');
    const { lot_number: lot, captcha_output, pass_token, gen_time } = data.seccode;
    return { provider: 'geetest', lot_number: lot, captcha_output, pass_token, gen_time };
  }

  it('getCaptcha -> solve in the stand-in -> verify -> bot-check token -> getSmsCode sends the code', async () => {
    const challenge = await shop.api<{ provider: string; captchaId: string; scriptUrl: string }>('GET', '/api/common/captcha');
    expect(challenge.body.data).toEqual({
      provider: 'geetest',
      captchaId: SANDBOX_CREDENTIALS.geetest.captchaId,
      scriptUrl: `http://localhost:${shop.config.port}/sandbox/geetest/v4/gt4.js`,
    });
    const { captchaId, scriptUrl } = challenge.body.data;
    // The page reaches the sandbox on the shop's own origin; here the test reaches it on the address the shop listens on.
    const solution = await solve(captchaId, scriptUrl.replace(/^http:\/\/localhost:/, 'http://127.0.0.1:'));

    const verified = await shop.api<{ botCheckToken: string }>('POST', '/api/common/captcha/verify', { body: solution });
    expect(verified.body).toMatchObject({ code: 200, message: 'Verification successful' });
    // A pass is good for one token.
    expect((await shop.api('POST', '/api/common/captcha/verify', { body: solution })).body).toMatchObject({ code: 400 });

    const email = `geetest.e2e.${Date.now()}@example.com`;
    const sent = await shop.api('POST', '/api/user/getSmsCode', {
      body: { accountType: 2, purpose: 1, email, botCheckToken: verified.body.data.botCheckToken },
    });
    expect(sent.body).toMatchObject({ code: 200, message: 'Verification code successfully sent.' });
    const outbox = (await (await fetch(`${shop.url}/sandbox/outbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
    expect(outbox.messages[0]!.text).toMatch(/\b\d{6}\b/);

    // The token is spent: a second code needs a new captcha.
    const again = await shop.api('POST', '/api/user/getSmsCode', {
      body: { accountType: 2, purpose: 1, email, botCheckToken: verified.body.data.botCheckToken },
    });
    expect(again.body).toMatchObject({ code: 400, message: 'Verification failed, please try again.' });
  });
});
