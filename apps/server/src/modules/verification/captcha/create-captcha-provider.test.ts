import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { productionConfig } from '../../../../test/production.ts';
import { createCaptchaProvider } from './create-captcha-provider.ts';
import { GeetestCaptcha } from './geetest/geetest-captcha.ts';
import { InHouseCaptcha } from './in-house/in-house-captcha.ts';

const deps = (config: ReturnType<typeof loadConfig>) => ({ db: {} as Db, verification: config.verification, log: console as never });

describe('the configured captcha', () => {
  it('is the in-house puzzle by default outside production, with nothing for the page to load from elsewhere', () => {
    const config = loadConfig({}, SANDBOX_CREDENTIALS);
    const provider = createCaptchaProvider(config.captcha, deps(config));
    expect(provider).toBeInstanceOf(InHouseCaptcha);
    expect(provider.pageOrigins).toEqual([]);
  });

  it("is GeeTest when configured, and the page may load GeeTest's script host and call its API host", async () => {
    const config = productionConfig();
    const provider = createCaptchaProvider(config.captcha, deps(config));
    expect(provider).toBeInstanceOf(GeetestCaptcha);
    expect(provider.pageOrigins).toEqual(['https://static.geetest.com', 'https://gcaptcha4.geetest.com']);
    expect(await provider.challenge('203.0.113.9')).toEqual({
      provider: 'geetest',
      captchaId: 'live-geetest-captcha-id',
      scriptUrl: 'https://static.geetest.com/v4/gt4.js',
    });
  });
});
