import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OrderStatus, orderDetail } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { call } from '../api/client';
import { formatDate } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { orderKeys } from './order-keys';
import { refundVoucherFacts } from './refund-facts';
import './refund-summary.css';

const REFUNDED: readonly number[] = [OrderStatus.REFUND_COMPLETE, OrderStatus.REFUNDED_AFTER_DELIVERY];

/**
 * A completed refund in an order's details (status 6 or 9): when it was made and, for a voucher order, the vouchers
 * taken back from the balance and those already spent in the game, which stay with the player. Only v1/order/detail
 * carries it (the lists do not), so it is asked for here, for refunded orders only. `className` places it on the screen.
 */
export function RefundSummary({ orderId, status, language, className }: { orderId: number; status: number; language: Language; className: string }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...orderKeys.detail(orderId), 'refund', status],
    queryFn: () => call(orderDetail, { body: { orderId }, silent: true, quiet: true }),
    enabled: REFUNDED.includes(status),
  });
  const refund = detail.data?.refund;
  if (!refund) return null;
  const { takenBack, kept } = refundVoucherFacts(refund);
  return (
    <section className={`refund-summary ${className}`} data-testid="refund-summary">
      <p className="refund-summary__date" data-testid="refund-date">
        {t('refund.refundedOn', { date: formatDate(refund.completeTime, language) })}
      </p>
      {takenBack !== undefined && (
        <p data-testid="refund-taken-back">{t('refund.vouchersTakenBack', { amount: formatNumber(takenBack, language) })}</p>
      )}
      {kept !== undefined && <p data-testid="refund-kept">{t('refund.vouchersKept', { amount: formatNumber(kept, language) })}</p>}
    </section>
  );
}
