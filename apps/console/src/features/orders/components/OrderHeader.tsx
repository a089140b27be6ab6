import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { orderSnTail } from '../lib/order-labels';
import { providerLabel } from './order-columns';
import { OrderNumber } from './OrderNumber';
import { OrderStatusTag } from './OrderStatusTag';

/** An order's facts: its number on one line (players read it out), the tail, money, provider, player, role, game and times. */
export function OrderHeader({ detail }: { detail: ConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const { order, player } = detail;
  const items = [
    { key: 'orderSn', label: t('field.orderSn'), children: <OrderNumber orderSn={order.orderSn} testId="order-sn" /> },
    { key: 'tail', label: t('field.tail'), children: <Typography.Text strong copyable data-testid="order-tail">{orderSnTail(order.orderSn)}</Typography.Text> },
    { key: 'status', label: t('field.status'), children: <OrderStatusTag status={order.status} testId="order-status" /> },
    {
      key: 'amount',
      label: t('field.amount'),
      children: (
        <span data-testid="order-amount">
          {formatMoney(order.payAmountMinor, order.currency)}
          {order.totalAmountMinor !== order.payAmountMinor && <Typography.Text type="secondary"> / {formatMoney(order.totalAmountMinor, order.currency)}</Typography.Text>}
          <Typography.Text type="secondary"> ({t('detail.minorUnits', { minor: order.payAmountMinor, currency: order.currency })})</Typography.Text>
        </span>
      ),
    },
    { key: 'pricing', label: t('field.pricing'), children: <OrderPricing order={order} /> },
    { key: 'provider', label: t('field.provider'), children: providerLabel(t, order) },
    { key: 'channel', label: t('field.channel'), children: order.payMethodName ? `${order.payMethodName} (${order.payMethodId ?? '—'})` : '—' },
    { key: 'session', label: t('field.providerSession'), children: order.thirdOrderId ? <Typography.Text copyable>{order.thirdOrderId}</Typography.Text> : '—' },
    { key: 'source', label: t('field.source'), children: t(`source.${order.orderSource}`, { defaultValue: order.orderSource }) },
    {
      key: 'player',
      label: t('field.player'),
      children: (
        <Space size={4}>
          <Link to={`/players/${player.userId}`} data-testid="order-player-link">
            {player.email ?? player.mobile ?? `#${player.userId}`}
          </Link>
          {player.blocked && <Tag color="red">{t('detail.blocked')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'role',
      label: t('field.role'),
      children: order.role ? `${order.role.roleName || '—'} · ${t('detail.roleIds', { roleId: order.role.roleId, serverId: order.role.serverId, accountId: order.role.accountId })}` : '—',
    },
    { key: 'game', label: t('field.game'), children: `${order.gameName ?? ''} (${order.appId})` },
    { key: 'region', label: t('field.region'), children: [order.regionCode, order.selectedRegionCode].filter(Boolean).join(' / ') || '—' },
    { key: 'created', label: t('field.created'), children: formatDateTime(order.createdAt) },
    { key: 'paid', label: t('field.paid'), children: formatDateTime(order.paidAt) },
    { key: 'expires', label: t('field.expires'), children: formatDateTime(order.expiresAt) },
    // a voucher pack is not sent to the game: its vouchers are credited when the order completes (the 'delivered' event)
    order.orderSource === 'voucher'
      ? { key: 'delivered', label: t('field.credited'), children: formatDateTime(detail.history.find((change) => change.event === 'delivered')?.createdAt ?? null) }
      : { key: 'delivered', label: t('field.delivered'), children: formatDateTime(order.deliveredAt) },
    { key: 'updated', label: t('field.updated'), children: formatDateTime(order.updatedAt) },
    ...(order.deletedAt ? [{ key: 'deleted', label: t('field.deletedByPlayer'), children: formatDateTime(order.deletedAt) }] : []),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />;
}

/** What the order was sold at (ADR 0050): country, the base-currency amount at the frozen rate, the tax inside the price. */
function OrderPricing({ order }: { order: ConsoleOrderDetail['order'] }) {
  const { t } = useTranslation('orders');
  const pricing = order.pricing;
  if (!pricing) return <Typography.Text type="secondary">{t('detail.pricingBefore')}</Typography.Text>;
  return (
    <span data-testid="order-pricing">
      {t('detail.pricing', {
        country: pricing.countryCode ?? '—',
        base: formatMoney(pricing.basePayMinor, pricing.baseCurrency),
        rate: pricing.exchangeRate,
        currency: order.currency,
        baseCurrency: pricing.baseCurrency,
      })}
      {pricing.taxModel === 'inclusive' && (
        <Typography.Text type="secondary"> · {t('detail.taxIncluded', { rate: pricing.taxRateBp / 100, amount: formatMoney(pricing.taxMinor, order.currency) })}</Typography.Text>
      )}
    </span>
  );
}
