import type { ConsoleOrderSummary } from '@shop/contract/console/orders';

/** A game role as the lists show it: its name (its id when it has none) and its server. */
export function roleLabel(role: ConsoleOrderSummary['role']): string {
  return role ? `${role.roleName || role.roleId} · ${role.serverId}` : '—';
}

/** Who paid: the player's e-mail, else their phone, else their id. */
export function playerLabel(order: Pick<ConsoleOrderSummary, 'playerEmail' | 'playerMobile' | 'userId'>): string {
  return order.playerEmail ?? order.playerMobile ?? `#${order.userId}`;
}

/** The number support asks players for: the order number from its 13th character (spec section 9). */
export const ORDER_SN_TAIL_FROM = 12;
export const orderSnTail = (orderSn: string) => orderSn.slice(ORDER_SN_TAIL_FROM);

/** The operators' queues that wait for someone, added up (the badge on the queues' button). */
export function waitingCount(counts: { deliveryErrors: number; refundRequests: number; secondPayments: number; reconciliation: number } | undefined): number {
  return counts ? counts.deliveryErrors + counts.refundRequests + counts.secondPayments + counts.reconciliation : 0;
}
