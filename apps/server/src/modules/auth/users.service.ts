import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export class UsersService {
  constructor(private readonly db: Db) {}

  async find(userId: number) {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }
}
