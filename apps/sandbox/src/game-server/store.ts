/** One role of a game ID on a game server. */
export interface SandboxRole {
  roleId: string;
  roleName: string;
  level: number;
  serverId: string;
  serverName: string;
}

export interface SandboxGameAccount {
  appId: number;
  /** The game ID / UID players copy from the game's settings. */
  gameId: string;
  accountName: string;
  roles: SandboxRole[];
}

/** A role together with the game and game ID it belongs to. */
export type GameRole = SandboxRole & { appId: number; gameId: string };

export interface DeliveryItem {
  productId: number;
  productSn: string;
  goodsType: number;
  quantity: number;
  config: Record<string, unknown>;
}

export interface Delivery {
  id: number;
  appId: number;
  orderSn: string;
  gameId: string;
  serverId: string;
  roleId: string;
  items: DeliveryItem[];
  deliveredAt: string;
  /** Set when the order was refunded and the game took its goods back. */
  revokedAt: string | null;
  revokeReason: string | null;
}

/**
 * Demo roles of both games. The first account of each game is the demo player of the voucher links `npm start`
 * prints (quick login binds it); the others are for binding by game ID on /role, one of them with two roles.
 */
export const DEMO_ACCOUNTS: SandboxGameAccount[] = [
  {
    appId: 10030,
    gameId: 'demo-10001',
    accountName: 'Demo Survivor',
    roles: [{ roleId: '10001001', roleName: 'Rick_Demo', level: 12, serverId: '10001', serverName: 'S10001 - Demo' }],
  },
  {
    appId: 10030,
    gameId: '1003000001',
    accountName: 'Wolfpack',
    roles: [
      { roleId: '1003000101', roleName: 'IronWolf', level: 35, serverId: '1', serverName: 'S1 - Dawn' },
      { roleId: '1003000102', roleName: 'NightOwl', level: 18, serverId: '2', serverName: 'S2 - Outpost' },
    ],
  },
  {
    appId: 10030,
    gameId: '1003000002',
    accountName: 'Lone Scavenger',
    roles: [{ roleId: '1003000201', roleName: 'Scavenger', level: 7, serverId: '3', serverName: 'S3 - Wasteland' }],
  },
  {
    appId: 10002,
    gameId: 'demo-20001',
    accountName: 'Demo Hero',
    roles: [{ roleId: '20001001', roleName: 'Athena_Demo', level: 8, serverId: '10001', serverName: 'S10001 - Demo' }],
  },
  {
    appId: 10002,
    gameId: '1000200001',
    accountName: 'Pantheon',
    roles: [
      { roleId: '1000200101', roleName: 'Zeus', level: 42, serverId: '1', serverName: 'S1 - Olympus' },
      { roleId: '1000200102', roleName: 'Freya', level: 21, serverId: '2', serverName: 'S2 - Asgard' },
    ],
  },
  {
    appId: 10002,
    gameId: '1000200002',
    accountName: 'Avalon Keeper',
    roles: [{ roleId: '1000200201', roleName: 'Merlin', level: 5, serverId: '3', serverName: 'S3 - Avalon' }],
  },
];

/** In-memory game servers of both games: accounts, roles and the deliveries received (idempotent by order number). */
export class GameServerStore {
  private readonly accounts = new Map<string, SandboxGameAccount>();
  private readonly deliveries = new Map<string, Delivery>();
  /** Order numbers revoked, delivered or not: no delivery of them may land any more. */
  private readonly revokedOrders = new Set<string>();
  private nextId = 1;
  /** Deliveries to refuse with 503 before accepting again (-1: refuse until switched off). */
  failDeliveries = 0;

  constructor(accounts: SandboxGameAccount[] = DEMO_ACCOUNTS) {
    for (const account of accounts) this.addAccount(account);
  }

  private static key = (appId: number, id: string) => `${appId}:${id}`;

  addAccount(account: SandboxGameAccount): void {
    this.accounts.set(GameServerStore.key(account.appId, account.gameId), structuredClone(account));
  }

  account(appId: number, gameId: string): SandboxGameAccount | undefined {
    return this.accounts.get(GameServerStore.key(appId, gameId));
  }

  role(appId: number, serverId: string, roleId: string): GameRole | undefined {
    return this.roles().find((role) => role.appId === appId && role.serverId === serverId && role.roleId === roleId);
  }

  /** Every role of every account, with the game and game ID it belongs to. */
  roles(): GameRole[] {
    return [...this.accounts.values()].flatMap((account) => account.roles.map((role) => ({ ...role, appId: account.appId, gameId: account.gameId })));
  }

  /** Records a delivery once per (game, order number); a repeat returns the first one. Callers check isRevoked first. */
  deliver(delivery: Omit<Delivery, 'id' | 'deliveredAt' | 'revokedAt' | 'revokeReason'>): { delivery: Delivery; duplicate: boolean } {
    const key = GameServerStore.key(delivery.appId, delivery.orderSn);
    const existing = this.deliveries.get(key);
    if (existing) return { delivery: existing, duplicate: true };
    const stored: Delivery = { ...delivery, id: this.nextId++, deliveredAt: new Date().toISOString(), revokedAt: null, revokeReason: null };
    this.deliveries.set(key, stored);
    return { delivery: stored, duplicate: false };
  }

  /**
   * Takes back the goods of a refunded order, once per (game, order number). The order number stays revoked whether or not
   * it was delivered, so a delivery still in flight when the order was refunded can never land afterwards; that also keeps
   * `revoked` the same on a repeat.
   */
  revoke(appId: number, orderSn: string, reason: string | null): { revoked: boolean; duplicate: boolean } {
    const key = GameServerStore.key(appId, orderSn);
    const duplicate = this.revokedOrders.has(key);
    const delivery = this.deliveries.get(key);
    if (delivery && !duplicate) {
      delivery.revokedAt = new Date().toISOString();
      delivery.revokeReason = reason;
    }
    this.revokedOrders.add(key);
    return { revoked: delivery !== undefined, duplicate };
  }

  isRevoked(appId: number, orderSn: string): boolean {
    return this.revokedOrders.has(GameServerStore.key(appId, orderSn));
  }

  /** Takes one refusal from the failure switch; true when this delivery must fail. */
  takeFailure(): boolean {
    if (this.failDeliveries === 0) return false;
    if (this.failDeliveries > 0) this.failDeliveries -= 1;
    return true;
  }

  list(filter: { appId?: number; gameId?: string; roleId?: string; orderSn?: string } = {}): Delivery[] {
    return [...this.deliveries.values()]
      .filter(
        (d) =>
          (filter.appId === undefined || d.appId === filter.appId) &&
          (!filter.gameId || d.gameId === filter.gameId) &&
          (!filter.roleId || d.roleId === filter.roleId) &&
          (!filter.orderSn || d.orderSn === filter.orderSn),
      )
      .reverse();
  }
}
