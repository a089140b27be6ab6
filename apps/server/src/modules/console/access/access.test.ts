import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { ConsoleMe, InvitationView, OperatorView } from '@shop/contract/console/access';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, OPERATOR_PASSWORD, type TestOperator } from '../../../../test/console.ts';
import { startupBanner } from '../../../banner.ts';
import { operators, operatorSessions } from '../../../db/schema.ts';
import { ARGON2_OPTIONS } from '../../account/passwords.ts';
import { DEMO_ADMIN, ensureDemoAdmin } from './operators.service.ts';
import { tokenHash } from './secrets.ts';
import { currentTotp, newTotpSecret } from './totp.ts';

const API = '/api/console/v1';
const STEP_MS = 30_000;

describe.each(BACKENDS)('console access (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  beforeAll(async () => {
    shop = await startShop(backend);
    admin = await loginOperator(shop, 'admin');
  });
  afterAll(() => shop?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  /**
   * Everything the access area writes: operators, their sessions and recovery codes, and the audit log. A wrong login
   * counts toward the lock on purpose (failed_logins), so that counter is left out.
   */
  const accessState = async () =>
    JSON.stringify(
      await rows(sql`SELECT
        (SELECT md5(coalesce(string_agg((to_jsonb(o) - 'failed_logins')::text, ',' ORDER BY id), '')) FROM operators o) AS operators,
        (SELECT md5(coalesce(string_agg(token_hash || ':' || coalesce(ended_at::text, ''), ',' ORDER BY token_hash), '')) FROM operator_sessions) AS sessions,
        (SELECT md5(coalesce(string_agg(id || ':' || coalesce(used_at::text, ''), ',' ORDER BY id), '')) FROM operator_recovery_codes) AS codes,
        (SELECT count(*) FROM audit_log) AS audit`),
    );
  /** A refused call: the envelope with this status and a message, and nothing written. */
  async function expectRefused(status: number, send: () => Promise<ApiAnswer>, message?: RegExp): Promise<ApiAnswer> {
    const before = await accessState();
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ code: status, data: null });
    expect(answer.body.message.length).toBeGreaterThan(0);
    if (message) expect(answer.body.message).toMatch(message);
    expect(await accessState()).toBe(before);
    return answer;
  }
  const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) => shop.api<ConsoleMe>('POST', `${API}/auth/login`, { body, headers });
  const cookieOf = (answer: ApiAnswer) => (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
  const me = (cookie: string) => shop.api<ConsoleMe>('GET', `${API}/auth/me`, { headers: { cookie } });
  const auditOf = (entityId: number) =>
    rows<{ actor: string; action: string; before: unknown; after: unknown }>(
      sql`SELECT actor, action, before, after FROM audit_log WHERE entity_type = 'operator' AND entity_id = ${String(entityId)} ORDER BY id`,
    );

  describe('login and the second factor', () => {
    it('logs in with password and TOTP: an HttpOnly, SameSite=Strict cookie limited to /api/console; me answers role and permissions; audited', async () => {
      const operator = await loginOperator(shop, 'finance');
      const answer = await asOperator(shop, operator)<ConsoleMe>('GET', `${API}/auth/me`);
      expect(answer.body.data).toMatchObject({ email: operator.email, role: 'finance', state: 'active', recoveryCodesLeft: 0, idleTimeoutSeconds: 1800 });
      expect(answer.body.data.permissions).toEqual(expect.arrayContaining(['orders.refund', 'players.adjustVouchers', 'reports.read']));
      expect(answer.body.data.permissions).not.toContain('operators.manage');
      expect((await auditOf(operator.id)).map((entry) => [entry.actor, entry.action])).toEqual([[operator.email, 'operator.login']]);

      const fresh = await freshOperator('support');
      const logged = await login({ email: fresh.email, password: OPERATOR_PASSWORD, totp: currentTotp(fresh.totpSecret) });
      expect(logged.body.code).toBe(200);
      const cookie = logged.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^console_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/api/console');
      expect(cookie).toContain('Max-Age=43200');
    });

    it('accepts each TOTP code once and refuses a stale one (older than one step of drift), with the same message as a wrong password', async () => {
      const operator = await freshOperator('support');
      const failed = /E-mail, password or code is wrong/;
      await expectRefused(401, () => login({ email: operator.email, password: OPERATOR_PASSWORD, totp: currentTotp(operator.totpSecret, Date.now() - 3 * STEP_MS) }), failed);
      await expectRefused(401, () => login({ email: operator.email, password: OPERATOR_PASSWORD, totp: currentTotp(operator.totpSecret, Date.now() + 3 * STEP_MS) }), failed);
      await expectRefused(401, () => login({ email: operator.email, password: 'wrong password', totp: currentTotp(operator.totpSecret) }), failed);
      await expectRefused(401, () => login({ email: 'nobody@console.test', password: OPERATOR_PASSWORD, totp: '123456' }), failed);
      const code = currentTotp(operator.totpSecret);
      expect((await login({ email: operator.email, password: OPERATOR_PASSWORD, totp: code })).body.code).toBe(200);
      // the same code again (a replay), and the previous step's code, are both spent now
      await expectRefused(401, () => login({ email: operator.email, password: OPERATOR_PASSWORD, totp: code }), failed);
      await expectRefused(401, () => login({ email: operator.email, password: OPERATOR_PASSWORD, totp: currentTotp(operator.totpSecret, Date.now() - STEP_MS) }), failed);
    });

    it('refuses missing, malformed and oversized login fields with 400 and writes nothing', async () => {
      const bad: Record<string, unknown>[] = [
        {},
        { email: admin.email, password: OPERATOR_PASSWORD },
        { email: 'not-an-email', password: OPERATOR_PASSWORD, totp: '123456' },
        { email: admin.email, password: '', totp: '123456' },
        { email: admin.email, password: 'p'.repeat(201), totp: '123456' },
        { email: admin.email, password: OPERATOR_PASSWORD, totp: '12345' },
        { email: admin.email, password: OPERATOR_PASSWORD, totp: 123456 },
        { email: `ad\u0000min@console.test`, password: OPERATOR_PASSWORD, totp: '123456' },
        { email: admin.email, password: OPERATOR_PASSWORD, recoveryCode: 'not a code' },
      ];
      for (const body of bad) await expectRefused(400, () => login(body));
    });

    it('logs in with a recovery code once; the codes left are counted; new codes need a current TOTP and retire the old ones', async () => {
      const operator = await enrolledThroughInvitation('finance');
      const [first, second] = operator.recoveryCodes;
      const byCode = await login({ email: operator.email, password: operator.password, recoveryCode: first!.toUpperCase() });
      expect(byCode.body.code).toBe(200);
      expect(byCode.body.data.recoveryCodesLeft).toBe(9);
      await expectRefused(401, () => login({ email: operator.email, password: operator.password, recoveryCode: first! }));
      expect((await auditOf(operator.id)).map((entry) => entry.action)).toContain('operator.login-recovery-code');

      const cookie = cookieOf(byCode);
      const regenerate = (totp: string) => shop.api<{ recoveryCodes: string[] }>('POST', `${API}/auth/recovery-codes`, { body: { totp }, headers: { cookie } });
      // a stale code and the one the enrolment already used are refused
      await expectRefused(400, () => regenerate(currentTotp(operator.totpSecret, Date.now() - 3 * STEP_MS)), /wrong or was already used/);
      await expectRefused(400, () => regenerate(operator.enrolmentCode), /wrong or was already used/);
      await expectRefused(400, () => regenerate('12'));
      const renewed = await regenerate(currentTotp(operator.totpSecret, Date.now() + STEP_MS));
      expect(renewed.body.code).toBe(200);
      expect(new Set(renewed.body.data.recoveryCodes).size).toBe(10);
      expect((await me(cookie)).body.data.recoveryCodesLeft).toBe(10);
      await expectRefused(401, () => login({ email: operator.email, password: operator.password, recoveryCode: second! }));
      expect((await login({ email: operator.email, password: operator.password, recoveryCode: renewed.body.data.recoveryCodes[0]! })).body.code).toBe(200);
    });

    it('locks the account for a while after five wrong logins in a row, then lets the owner in again', async () => {
      const operator = await freshOperator('support');
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login({ email: operator.email, password: 'wrong password', totp: '123456' })).status).toBe(401);
      }
      const [locked] = await shop.services.db.select().from(operators).where(eq(operators.id, operator.id));
      expect(locked!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
      // even the right password and code are refused while locked, and the code is not spent
      const code = currentTotp(operator.totpSecret);
      await expectRefused(429, () => login({ email: operator.email, password: OPERATOR_PASSWORD, totp: code }), /try again in 15 minutes/);
      // the lock runs out
      await shop.services.db.update(operators).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(operators.id, operator.id));
      expect((await login({ email: operator.email, password: OPERATOR_PASSWORD, totp: code })).body.code).toBe(200);
    });
  });

  describe('sessions', () => {
    it('ends on logout: the cookie is cleared and the same session is refused afterwards', async () => {
      const operator = await loginOperator(shop, 'support');
      expect((await me(operator.cookie)).status).toBe(200);
      const out = await shop.api('POST', `${API}/auth/logout`, { headers: { cookie: operator.cookie } });
      expect(out.body.code).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/^console_session=;.*Max-Age=0/);
      await expectRefused(401, () => me(operator.cookie), /Please log in to the console/);
      await expectRefused(401, () => shop.api('POST', `${API}/auth/logout`, { headers: { cookie: operator.cookie } }));
    });

    it('ends after the idle timeout and after its maximum age, whatever the request', async () => {
      const idle = await loginOperator(shop, 'finance');
      const aged = await loginOperator(shop, 'finance');
      const sessionOf = (operator: TestOperator) => eq(operatorSessions.tokenHash, tokenHash(operator.cookie.split('=')[1]!));
      const lastSeen = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
      // 29 minutes after the last request the session is still alive
      await shop.services.db.update(operatorSessions).set({ lastSeenAt: lastSeen(29) }).where(sessionOf(idle));
      expect((await me(idle.cookie)).status).toBe(200);
      await shop.services.db.update(operatorSessions).set({ lastSeenAt: lastSeen(31) }).where(sessionOf(idle));
      expect((await me(idle.cookie)).status).toBe(401);
      const [ended] = await shop.services.db.select().from(operatorSessions).where(sessionOf(idle));
      expect(ended!.endedAt).not.toBeNull();
      // the ended session stays ended even if it looked fresh again
      await shop.services.db.update(operatorSessions).set({ lastSeenAt: new Date() }).where(sessionOf(idle));
      await expectRefused(401, () => asOperator(shop, idle)('POST', `${API}/players/1/sessions/end`));

      await shop.services.db.update(operatorSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(sessionOf(aged));
      await expectRefused(401, () => me(aged.cookie));
      await expectRefused(401, () => asOperator(shop, aged)('GET', `${API}/orders`));
      // a made-up or oversized cookie is no session either
      await expectRefused(401, () => me('console_session=made-up-token'));
      await expectRefused(401, () => me(`console_session=${'x'.repeat(5000)}`));
    });

    it('refuses a change sent from another site (Origin) even with a valid session; reads and the own origin pass', async () => {
      const operator = await loginOperator(shop, 'support');
      const foreign = { cookie: operator.cookie, origin: 'https://evil.example' };
      await expectRefused(403, () => shop.api('POST', `${API}/auth/logout`, { headers: foreign }), /another site/);
      await expectRefused(403, () => shop.api('POST', `${API}/players/1/block`, { headers: foreign, body: { reason: 'cross-site' } }));
      expect((await shop.api('GET', `${API}/auth/me`, { headers: foreign })).status).toBe(200);
      expect((await shop.api('POST', `${API}/auth/logout`, { headers: { cookie: operator.cookie, origin: new URL(shop.config.publicUrl).origin } })).body.code).toBe(200);
    });
  });

  describe('enrolment and operator accounts (admins)', () => {
    it('invites an operator with a one-time link: they choose the password and prove the TOTP secret; the link then stops working', async () => {
      const invited = await invite('support');
      const view = await shop.api<InvitationView>('GET', `${API}/auth/invitation?token=${invited.token}`);
      expect(view.body.data).toMatchObject({ email: invited.email, role: 'support' });
      expect(view.body.data.otpauthUri).toContain(`secret=${view.body.data.totpSecret}`);
      const secret = view.body.data.totpSecret;
      const accept = (body: Record<string, unknown>) => shop.api<{ recoveryCodes: string[] }>('POST', `${API}/auth/invitation/accept`, { body: { token: invited.token, ...body } });
      await expectRefused(400, () => accept({ password: 'short', totpSecret: secret, totp: currentTotp(secret) }));
      await expectRefused(400, () => accept({ password: 'long enough password', totpSecret: secret, totp: currentTotp(secret, Date.now() - 3 * STEP_MS) }), /wrong or was already used/);
      await expectRefused(400, () => accept({ password: 'long enough password', totpSecret: 'not base32!', totp: currentTotp(secret) }));
      await expectRefused(404, () => shop.api('POST', `${API}/auth/invitation/accept`, { body: { token: 'x'.repeat(43), password: 'long enough password', totpSecret: secret, totp: currentTotp(secret) } }), /invalid or has expired/);
      const accepted = await accept({ password: 'long enough password', totpSecret: secret, totp: currentTotp(secret) });
      expect(accepted.body.code).toBe(200);
      expect(accepted.body.data.recoveryCodes).toHaveLength(10);
      await expectRefused(404, () => accept({ password: 'another password!', totpSecret: secret, totp: currentTotp(secret, Date.now() + STEP_MS) }));
      await expectRefused(404, () => shop.api('GET', `${API}/auth/invitation?token=${invited.token}`));
      expect((await auditOf(invited.id)).map((entry) => [entry.actor, entry.action])).toEqual([
        [admin.email, 'operator.invite'],
        [invited.email, 'operator.enrol'],
      ]);
      const logged = await login({ email: invited.email, password: 'long enough password', totp: currentTotp(secret, Date.now() + STEP_MS) });
      expect(logged.body.data).toMatchObject({ role: 'support', state: 'active', recoveryCodesLeft: 10 });
    });

    it('changes a role and disables an operator: their sessions end at once, the audit log has before and after', async () => {
      const target = await loginOperator(shop, 'support');
      const update = (id: number, body: unknown) => asOperator(shop, admin)<OperatorView>('POST', `${API}/operators/${id}`, { body });
      const promoted = await update(target.id, { role: 'finance' });
      expect(promoted.body.data).toMatchObject({ role: 'finance', state: 'active' });
      await expectRefused(401, () => me(target.cookie));
      const entries = await auditOf(target.id);
      expect(entries.at(-1)).toMatchObject({ actor: admin.email, action: 'operator.update', before: { role: 'support' }, after: { role: 'finance' } });

      await forgetUsedCodes(target.id);
      const relogged = await login({ email: target.email, password: OPERATOR_PASSWORD, totp: currentTotp(target.totpSecret) });
      expect(relogged.body.code).toBe(200);
      expect((await update(target.id, { disabled: true })).body.data.state).toBe('disabled');
      await expectRefused(401, () => me(cookieOf(relogged)));
      // a code that would otherwise be accepted does not let a disabled operator in
      await forgetUsedCodes(target.id);
      await expectRefused(401, () => login({ email: target.email, password: OPERATOR_PASSWORD, totp: currentTotp(target.totpSecret) }));
      expect((await update(target.id, { disabled: false })).body.data.state).toBe('active');
      expect((await login({ email: target.email, password: OPERATOR_PASSWORD, totp: currentTotp(target.totpSecret) })).body.code).toBe(200);

      // an admin cannot lock themselves out, and bad input changes nothing
      await expectRefused(409, () => update(admin.id, { role: 'support' }), /your own admin role/);
      await expectRefused(409, () => update(admin.id, { disabled: true }));
      await expectRefused(404, () => update(2_000_000_000, { name: 'Nobody' }), /Operator not found/);
      await expectRefused(400, () => update(0, { name: 'Nobody' }));
      await expectRefused(400, () => update(target.id, { role: 'owner' }));
      await expectRefused(400, () => update(target.id, { name: 'a\u0000b' }));
      await expectRefused(400, () => update(target.id, { name: 'x'.repeat(101) }));
    });

    it('resets a lost login: password and authenticator cleared, sessions ended, a new link; duplicates and bad invitations are refused', async () => {
      const target = await loginOperator(shop, 'finance');
      const reset = await asOperator(shop, admin)<{ operator: OperatorView; invitationUrl: string }>('POST', `${API}/operators/${target.id}/reset`);
      expect(reset.body.data.operator.state).toBe('invited');
      await expectRefused(401, () => me(target.cookie));
      await forgetUsedCodes(target.id);
      await expectRefused(401, () => login({ email: target.email, password: OPERATOR_PASSWORD, totp: currentTotp(target.totpSecret) }));
      const token = new URL(reset.body.data.invitationUrl).searchParams.get('token')!;
      expect((await shop.api('GET', `${API}/auth/invitation?token=${token}`)).body.code).toBe(200);
      expect((await auditOf(target.id)).at(-1)).toMatchObject({ actor: admin.email, action: 'operator.reset' });

      const inviteAs = (body: unknown) => asOperator(shop, admin)('POST', `${API}/operators`, { body });
      await expectRefused(409, () => inviteAs({ email: target.email.toUpperCase(), name: 'Again', role: 'support' }), /already exists/);
      await expectRefused(400, () => inviteAs({ email: 'not-an-email', name: 'X', role: 'support' }));
      await expectRefused(400, () => inviteAs({ email: 'new@console.test', name: '', role: 'support' }));
      await expectRefused(400, () => inviteAs({ email: 'new@console.test', name: 'X', role: 'superuser' }));
      await expectRefused(400, () => inviteAs({ email: 'new@console.test', name: 'X' }));
      await expectRefused(404, () => asOperator(shop, admin)('POST', `${API}/operators/2000000000/reset`));
    });

    it('the first-admin command invites an admin, or makes an existing operator admin again with a fresh link; audited as the command', async () => {
      const email = `first-${Date.now()}@console.test`;
      const first = await shop.services.operators.inviteFromCommand({ email, name: 'First admin' });
      expect(first.operator).toMatchObject({ email, role: 'admin', state: 'invited' });
      expect(first.invitationUrl).toMatch(new RegExp(`^${shop.config.publicUrl}/console/enrol\\?token=`));
      expect((await auditOf(first.operator.id)).map((entry) => [entry.actor, entry.action])).toEqual([['console-command', 'operator.invite']]);

      const support = await loginOperator(shop, 'support');
      const again = await shop.services.operators.inviteFromCommand({ email: support.email, name: 'ignored' });
      expect(again.operator).toMatchObject({ id: support.id, role: 'admin', state: 'invited' });
      await expectRefused(401, () => me(support.cookie));
      expect((await auditOf(support.id)).slice(-2).map((entry) => [entry.actor, entry.action])).toEqual([
        ['console-command', 'operator.update'],
        ['console-command', 'operator.reset'],
      ]);
    });
  });

  describe('the audit log', () => {
    it('is searchable by who, action, entity and time, newest first, a page at a time', async () => {
      const target = await freshOperator('support');
      const update = (name: string) => asOperator(shop, admin)('POST', `${API}/operators/${target.id}`, { body: { name } });
      for (const name of ['One', 'Two', 'Three']) expect((await update(name)).body.code).toBe(200);
      const search = (query: string) =>
        asOperator(shop, admin)<{ entries: { id: number; actor: string; action: string; entityId: string; after: { name: string } }[]; nextBefore: number | null }>(
          'GET',
          `${API}/audit?${query}`,
        );
      const page1 = await search(`entityType=operator&entityId=${target.id}&action=operator.upd&limit=2`);
      expect(page1.body.data.entries.map((entry) => entry.after.name)).toEqual(['Three', 'Two']);
      expect(page1.body.data.nextBefore).toBe(page1.body.data.entries[1]!.id);
      const page2 = await search(`entityType=operator&entityId=${target.id}&action=operator.upd&limit=2&before=${page1.body.data.nextBefore}`);
      expect(page2.body.data.entries.map((entry) => entry.after.name)).toEqual(['One']);
      expect(page2.body.data.nextBefore).toBeNull();
      const byActor = await search(`actor=${encodeURIComponent(admin.email.toUpperCase())}&entityId=${target.id}`);
      expect(byActor.body.data.entries).toHaveLength(3);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await search(`entityId=${target.id}&from=${encodeURIComponent(future)}`)).body.data.entries).toEqual([]);
      // LIKE wildcards are matched literally
      expect((await search(`actor=%25`)).body.data.entries).toEqual([]);
      for (const bad of ['from=yesterday', 'limit=0', 'limit=201', 'before=-1', `action=${'a'.repeat(101)}`, 'actor=a%00b']) {
        await expectRefused(400, () => search(bad));
      }
    });

    it('cannot be changed or emptied, not even by the database owner: a trigger refuses UPDATE, DELETE and TRUNCATE', async () => {
      const before = await accessState();
      for (const statement of [sql`UPDATE audit_log SET actor = 'someone else'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
        await expect(shop.services.db.execute(statement)).rejects.toThrow();
      }
      expect(await accessState()).toBe(before);
    });
  });

  // --- helpers ----------------------------------------------------------------------------------------------------------

  let seq = 0;
  /** An enrolled operator (made directly in the database) who has not logged in yet. */
  async function freshOperator(role: 'admin' | 'finance' | 'support') {
    const totpSecret = newTotpSecret();
    const email = `fresh-${role}-${++seq}-${Date.now()}@console.test`;
    const [row] = await shop.services.db
      .insert(operators)
      .values({ email, name: `${role} ${seq}`, role, passwordHash: await hash(OPERATOR_PASSWORD, ARGON2_OPTIONS), totpSecret })
      .returning({ id: operators.id });
    return { id: row!.id, email, totpSecret };
  }

  /** Forgets the last TOTP step an operator used, so that the current code would be accepted again (tests only). */
  const forgetUsedCodes = (id: number) => shop.services.db.update(operators).set({ totpLastStep: null }).where(eq(operators.id, id));

  /** An admin invites an operator: the new account and the token of its enrolment link. */
  async function invite(role: 'admin' | 'finance' | 'support') {
    const email = `invited-${role}-${++seq}-${Date.now()}@console.test`;
    const answer = await asOperator(shop, admin)<{ operator: OperatorView; invitationUrl: string; expiresAt: string }>('POST', `${API}/operators`, {
      body: { email, name: `Invited ${role}`, role },
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.operator).toMatchObject({ email, role, state: 'invited' });
    expect(Date.parse(answer.body.data.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    return { id: answer.body.data.operator.id, email, token: new URL(answer.body.data.invitationUrl).searchParams.get('token')! };
  }

  /** An operator enrolled the way people are: invited, then the link accepted. */
  async function enrolledThroughInvitation(role: 'admin' | 'finance' | 'support') {
    const invited = await invite(role);
    const view = await shop.api<InvitationView>('GET', `${API}/auth/invitation?token=${invited.token}`);
    const totpSecret = view.body.data.totpSecret;
    const password = 'enrolled password 1';
    const enrolmentCode = currentTotp(totpSecret);
    const accepted = await shop.api<{ recoveryCodes: string[] }>('POST', `${API}/auth/invitation/accept`, {
      body: { token: invited.token, password, totpSecret, totp: enrolmentCode },
    });
    expect(accepted.body.code).toBe(200);
    return { ...invited, password, totpSecret, enrolmentCode, recoveryCodes: accepted.body.data.recoveryCodes };
  }
});

describe("the development shop's demo admin", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop('pglite', { SHOP_ENV: 'development' });
  });
  afterAll(() => shop?.close());

  it('exists in development only, once, and logs in with what the start-up banner prints', async () => {
    const demo = await shop.services.db.select().from(operators).where(eq(operators.email, DEMO_ADMIN.email));
    expect(demo).toMatchObject([{ role: 'admin', name: DEMO_ADMIN.name }]);
    // a second start keeps the row as it is (an admin may have changed its name)
    await shop.services.db.update(operators).set({ name: 'Renamed demo' }).where(eq(operators.email, DEMO_ADMIN.email));
    await ensureDemoAdmin(shop.services.db);
    expect(await shop.services.db.select({ name: operators.name }).from(operators).where(eq(operators.email, DEMO_ADMIN.email))).toEqual([{ name: 'Renamed demo' }]);

    const banner = startupBanner(shop.config, 'pglite');
    expect(banner).toContain(`${shop.config.publicUrl}/console (demo admin ${DEMO_ADMIN.email}, password ${DEMO_ADMIN.password}`);
    expect(banner).toContain('npm run console:admin -- --demo-code');
    const answer = await shop.api<ConsoleMe>('POST', `${API}/auth/login`, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, totp: currentTotp(DEMO_ADMIN.totpSecret) },
    });
    expect(answer.body.data).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
  });

  it('is never created outside development', async () => {
    const test = await startShop('pglite');
    try {
      expect(await test.services.db.select().from(operators).where(eq(operators.email, DEMO_ADMIN.email))).toEqual([]);
      expect(startupBanner(test.config, 'pglite')).not.toContain(DEMO_ADMIN.password);
    } finally {
      await test.close();
    }
  });
});
