import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { GameServerConfig } from '../../config.ts';

/** Every game-server call gives up after this long (a delivery is then retried by the outbox with the same key). */
export const GAME_SERVER_TIMEOUT_MS = 10_000;

/**
 * Requests to a game server are signed (SECURITY.md): `x-game-signature` = hex HMAC-SHA256 with the game's secret over
 * `${x-game-timestamp}.${raw body}` (unix seconds; the game server accepts 5 minutes of skew). Deliveries carry the
 * order number as `idempotency-key`.
 */
export const signGameRequest = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

export const GameServerRoleSchema = z.object({
  roleId: z.coerce.string(),
  roleName: z.string(),
  level: z.coerce.number().int(),
  serverId: z.coerce.string(),
  serverName: z.string(),
});
const LookupAnswer = z.object({ gameId: z.coerce.string(), accountName: z.string(), roles: z.array(GameServerRoleSchema) });
export type GameServerAccount = z.infer<typeof LookupAnswer>;

const DeliveryAnswer = z.object({ deliveryId: z.union([z.string(), z.number()]), duplicate: z.boolean().optional() });
const RevokeAnswer = z.object({ revoked: z.boolean(), duplicate: z.boolean().optional() });
/** The game server's error body: `{error: {code, message}}`. */
const ErrorAnswer = z.object({ error: z.object({ code: z.string() }) });

/** The game answers this to a delivery of an order whose goods were revoked (refunded): it must never land. */
export const ORDER_REVOKED = 'ORDER_REVOKED';

export interface DeliveryRequest {
  orderSn: string;
  gameId: string;
  serverId: string;
  roleId: string;
  items: { productId: number; productSn: string; goodsType: number; quantity: number; config: Record<string, unknown> }[];
}

/**
 * - `not-found`: the game server answered that the game ID (or role) does not exist.
 * - `refused`: any other 4xx (bad request, bad signature): retrying the same request will not help.
 * - `unavailable`: no answer, 5xx or an unreadable answer: try again later.
 */
export class GameServerError extends Error {
  override readonly name = 'GameServerError';
  constructor(
    readonly kind: 'not-found' | 'refused' | 'unavailable',
    message: string,
    readonly status?: number,
    /** The game server's own error code, when it sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The production adapter for the games' servers; in sandbox mode it talks to apps/sandbox's stand-in. */
export class GameServerClient {
  constructor(
    private readonly config: GameServerConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** The account and roles of a game ID on this game's server; undefined when the game ID does not exist there. */
  async lookup(appId: number, gameId: string): Promise<GameServerAccount | undefined> {
    try {
      return LookupAnswer.parse(await this.call(appId, '/roles/lookup', { gameId }));
    } catch (error) {
      if (error instanceof GameServerError && error.kind === 'not-found') return undefined;
      if (error instanceof z.ZodError) throw new GameServerError('unavailable', 'unreadable lookup answer');
      throw error;
    }
  }

  /** Delivers an order's goods; idempotent by order number on the game's side. */
  async deliver(appId: number, request: DeliveryRequest): Promise<{ deliveryId: string; duplicate: boolean }> {
    const answer = DeliveryAnswer.safeParse(await this.call(appId, '/deliveries', request, request.orderSn));
    if (!answer.success) throw new GameServerError('unavailable', 'unreadable delivery answer');
    return { deliveryId: String(answer.data.deliveryId), duplicate: answer.data.duplicate ?? false };
  }

  /**
   * Takes back the goods of a refunded order; idempotent by order number. `revoked` is false when the game never received
   * the order; either way the game refuses any later delivery of it (ORDER_REVOKED), so one still in flight cannot land.
   */
  async revoke(appId: number, orderSn: string, reason: string): Promise<{ revoked: boolean; duplicate: boolean }> {
    const answer = RevokeAnswer.safeParse(await this.call(appId, '/deliveries/revoke', { orderSn, reason }, orderSn));
    if (!answer.success) throw new GameServerError('unavailable', 'unreadable revoke answer');
    return { revoked: answer.data.revoked, duplicate: answer.data.duplicate ?? false };
  }

  private async call(appId: number, path: string, body: unknown, idempotencyKey?: string): Promise<unknown> {
    const secret = this.config.secrets[appId];
    if (!secret) throw new GameServerError('refused', `no game-server secret for appId ${appId}`);
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(this.now() / 1000);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.config.baseUrl.replace(/\/+$/, '')}/api/${appId}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-game-timestamp': String(timestamp),
          'x-game-signature': signGameRequest(secret, timestamp, raw),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: raw,
        signal: AbortSignal.timeout(GAME_SERVER_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new GameServerError('unavailable', `game server ${appId} could not be reached: ${(error as Error).message}`);
    }
    if (response.status === 404) throw new GameServerError('not-found', `game server ${appId}: not found`, 404);
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
      throw new GameServerError('refused', `game server ${appId} refused (HTTP ${response.status}): ${text.slice(0, 300)}`, response.status, errorCode(text));
    if (response.status < 200 || response.status >= 300)
      throw new GameServerError('unavailable', `game server ${appId} answered HTTP ${response.status}`, response.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new GameServerError('unavailable', `game server ${appId} sent an unreadable answer`);
    }
  }
}

function errorCode(text: string): string | undefined {
  try {
    const parsed = ErrorAnswer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error.code : undefined;
  } catch {
    return undefined;
  }
}
