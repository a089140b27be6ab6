import type { PayChannel } from '@shop/contract/channels';
import type { Order, ThirdChannelNameValue } from '@shop/contract/orders';
import { trackPurchase } from '../../../shared/analytics/analytics';
import { startPayment } from '../../../shared/payment/start-payment';
import { payWithChannel, reopenPayment } from '../api/payment-api';

export interface PayAgainChoice {
  /** The order's own provider, read from the order. */
  channel: ThirdChannelNameValue;
  /** Another payment method picked on the purchase order screen (v1/order/pay); undefined keeps the order's own. */
  switchTo?: Pick<PayChannel, 'payMethodId' | 'thirdChannelId'>;
  /** The region whose channel list was shown. */
  regionCode: string;
}

/**
 * Pays an unpaid order again (the purchase order screen): with another method through v1/order/pay, else by opening
 * the payment with the order's provider again. Sends the purchase event as the settlement and the voucher page do (in
 * production only, by the analytics module), then hands the player over to the provider.
 */
export async function payOrderAgain(order: Order, { channel, switchTo, regionCode }: PayAgainChoice): Promise<void> {
  const from = order.orderSource === 'voucher' ? 'voucher' : 'shop';
  if (switchTo) {
    const answer = await payWithChannel(order.id, switchTo, regionCode);
    trackPurchase({ transactionId: answer.orderSn, channel: answer.thirdChannelName, amount: answer.totalAmount, currency: answer.currency });
    await startPayment({ orderId: order.id, from, channel: answer.thirdChannelName }, answer.thirdPayResponse);
    return;
  }
  const response = await reopenPayment(order);
  trackPurchase({ transactionId: order.orderSn, channel, amount: order.totalAmount, currency: order.currency });
  await startPayment({ orderId: order.id, from, channel }, response);
}
