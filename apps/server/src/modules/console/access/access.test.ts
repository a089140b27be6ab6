import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, OPERATOR_PASSWORD } from '../../../../test/console.ts';
import { currentTotp } from './totp.ts';

describe.each(BACKENDS)('console access (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop?.close());

  it('logs an operator in with password and TOTP, and me answers their role and permissions', async () => {
    const admin = await loginOperator(shop, 'admin');
    const me = await asOperator(shop, admin)<{ role: string; permissions: string[] }>('GET', '/api/console/v1/auth/me');
    expect(me.body.code).toBe(200);
    expect(me.body.data.role).toBe('admin');
    expect(me.body.data.permissions).toContain('operators.manage');
  });

  it('refuses a console call without a session (401) and with a role that lacks the permission (403)', async () => {
    const none = await shop.api('GET', '/api/console/v1/operators');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const support = await loginOperator(shop, 'support');
    const refused = await asOperator(shop, support)('GET', '/api/console/v1/operators');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
  });

  it('accepts a TOTP code once: the same code again is refused', async () => {
    const admin = await loginOperator(shop, 'admin');
    const again = await shop.api('POST', '/api/console/v1/auth/login', { body: { email: admin.email, password: OPERATOR_PASSWORD, totp: currentTotp(admin.totpSecret) } });
    expect(again.status).toBe(401);
  });
});
