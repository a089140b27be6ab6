import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export class UsersService {
  constructor(private readonly db: Db) {}

  async find(userId: number) {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /** Whether an account has this phone (E.164, channel sms) or e-mail (normalised, channel email). */
  async hasContact(channel: 'sms' | 'email', target: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(channel === 'sms' ? eq(users.mobile, target) : eq(users.email, target))
      .limit(1);
    return row !== undefined;
  }
}
