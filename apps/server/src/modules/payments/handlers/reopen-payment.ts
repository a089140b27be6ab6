import type { Language } from '@shop/contract/languages';
import { devicePlatformOf } from '../../channels/channels.service.ts';
import type { OrderPayments } from '../../orders/order-payments.ts';

/** Opens the payment of the caller's unpaid order again at the provider its route names (the one reopen, orders/order-payments.ts). */
export function reopenPayment(
  { orderPayments }: { orderPayments: Pick<OrderPayments, 'payAgain'> },
  caller: { userId: number; orderId: number; provider: string; language: Language; userAgent: string | undefined },
) {
  return orderPayments.payAgain(caller.userId, caller.orderId, { language: caller.language, platform: devicePlatformOf(caller.userAgent), expectProvider: caller.provider });
}
