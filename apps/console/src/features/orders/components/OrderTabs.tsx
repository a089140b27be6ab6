import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { Permission } from '@shop/contract/console/access';
import { useCan } from '../../../shared/auth/use-me';
import { OrderDeliveries } from './OrderDeliveries';
import { OrderHistory } from './OrderHistory';
import { OrderItems } from './OrderItems';
import { OrderOperatorActions } from './OrderOperatorActions';
import { OrderPaymentEvents } from './OrderPaymentEvents';
import { OrderRefunds } from './OrderRefunds';
import { OrderVouchers } from './OrderVouchers';

/** An order's tabs, each with its count: items, history, payments, deliveries, refunds, vouchers, operators' actions. */
export function OrderTabs({ detail }: { detail: ConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const canRefund = useCan(Permission.ORDERS_REFUND);
  const refunds = (detail.refundRequest ? 1 : 0) + (detail.refund ? 1 : 0) + detail.secondPayments.length;
  const items = [
    { key: 'items', label: t('tab.items', { count: detail.items.length }), children: <OrderItems detail={detail} /> },
    { key: 'history', label: t('tab.history', { count: detail.history.length }), children: <OrderHistory detail={detail} /> },
    { key: 'payments', label: t('tab.payments', { count: detail.paymentEvents.length }), children: <OrderPaymentEvents detail={detail} /> },
    { key: 'deliveries', label: t('tab.deliveries', { count: detail.deliveries.length }), children: <OrderDeliveries detail={detail} /> },
    { key: 'refunds', label: t('tab.refunds', { count: refunds }), children: <OrderRefunds detail={detail} canRefund={canRefund} /> },
    { key: 'vouchers', label: t('tab.vouchers', { count: detail.ledger.length }), children: <OrderVouchers detail={detail} /> },
    { key: 'actions', label: t('tab.actions', { count: detail.operatorActions.length }), children: <OrderOperatorActions detail={detail} /> },
  ];
  return <Tabs items={items} />;
}
