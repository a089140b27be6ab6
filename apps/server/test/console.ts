import { hash } from '@node-rs/argon2';
import type { OperatorRole } from '@shop/contract/console/access';
import { operators } from '../src/db/schema.ts';
import { ARGON2_OPTIONS } from '../src/modules/account/passwords.ts';
import { currentTotp, newTotpSecret } from '../src/modules/console/access/totp.ts';
import type { TestShop } from './harness.ts';

export const OPERATOR_PASSWORD = 'operator-password-1';

export interface TestOperator {
  id: number;
  email: string;
  role: OperatorRole;
  totpSecret: string;
  /** The session cookie header (`console_session=...`) to send with console calls. */
  cookie: string;
}

let counter = 0;

/** An enrolled operator of `role` (made directly in the database), logged in through the console's login route. */
export async function loginOperator(shop: TestShop, role: OperatorRole, email = `${role}-${++counter}-${Date.now()}@console.test`): Promise<TestOperator> {
  const totpSecret = newTotpSecret();
  const [row] = await shop.services.db
    .insert(operators)
    .values({ email, name: `${role} ${counter}`, role, passwordHash: await hash(OPERATOR_PASSWORD, ARGON2_OPTIONS), totpSecret })
    .returning({ id: operators.id });
  const answer = await shop.api('POST', '/api/console/v1/auth/login', { body: { email, password: OPERATOR_PASSWORD, totp: currentTotp(totpSecret) } });
  if (answer.body.code !== 200) throw new Error(`operator login failed: ${JSON.stringify(answer.body)}`);
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { id: row!.id, email, role, totpSecret, cookie };
}

/** A console call as `operator` (its session cookie). */
export function asOperator(shop: TestShop, operator: Pick<TestOperator, 'cookie'>) {
  return <T = unknown>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; rawBody?: string } = {}) =>
    shop.api<T>(method, path, { ...options, headers: { cookie: operator.cookie, ...(options.headers ?? {}) } });
}
