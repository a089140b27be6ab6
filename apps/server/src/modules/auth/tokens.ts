import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { and, eq, isNull } from 'drizzle-orm';
import { TOKEN_HEAD, type TokenData } from '@shop/contract/auth';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import { sessionExpired, unauthorized } from '../../http/errors.ts';

export interface SessionUser {
  userId: number;
  /** The game account a quick-login session was opened for. */
  gameAccountId?: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'game-shop';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlDays: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Opens a new session: a short-lived JWT and the first refresh token of a new family. */
  issue(user: SessionUser): Promise<TokenData> {
    return this.issueInFamily(user, randomUUID());
  }

  async verifyAccessToken(token: string): Promise<SessionUser> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER, typ: 'access' });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0) throw unauthorized();
      const gameAccountId = typeof payload.gaid === 'number' ? payload.gaid : undefined;
      return { userId, gameAccountId };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw sessionExpired();
      throw unauthorized();
    }
  }

  /**
   * Rotates a refresh token. The conditional update marks it used only if it was not used before; presenting a used
   * (or revoked) token again means it leaked, so the whole family is revoked (RFC 9700 refresh token rotation).
   */
  async refresh(refreshToken: string): Promise<TokenData> {
    const tokenHash = hashToken(refreshToken);
    const now = new Date();
    const [claimed] = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    if (!claimed) {
      const [known] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      if (known) await this.revokeFamily(known.familyId);
      throw unauthorized('invalidRefreshToken');
    }
    if (claimed.expiresAt <= now) throw unauthorized('invalidRefreshToken');
    return this.issueInFamily({ userId: claimed.userId, gameAccountId: claimed.gameAccountId ?? undefined }, claimed.familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  private async issueInFamily(user: SessionUser, familyId: string): Promise<TokenData> {
    const token = await new SignJWT(user.gameAccountId ? { gaid: user.gameAccountId } : {})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'access' })
      .setSubject(String(user.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
    const refreshToken = randomBytes(32).toString('base64url');
    await this.db.insert(refreshTokens).values({
      userId: user.userId,
      gameAccountId: user.gameAccountId ?? null,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + this.refreshTtlDays * 86_400_000),
    });
    return { token, refreshToken, expiresIn: this.accessTtlSeconds, tokenHead: TOKEN_HEAD };
  }
}
