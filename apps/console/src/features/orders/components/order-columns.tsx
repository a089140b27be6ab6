import type { TFunction } from 'i18next';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { ConsoleOrderSummary } from '@shop/contract/console/orders';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { playerLabel, roleLabel } from '../lib/order-labels';
import { OrderNumber } from './OrderNumber';
import { OrderStatusTag } from './OrderStatusTag';

/**
 * The order columns the search and the queues share, for rows that hold an order (`orderOf`). Each has a width: at an
 * operator's 1366 px a column without one is squeezed to what the others leave. Texts of any length (player, role,
 * provider) end in an ellipsis, with the whole text in the cell's title; the order number and amounts never wrap.
 */
export function orderColumns<Row>(t: TFunction<'orders'>, orderOf: (row: Row) => ConsoleOrderSummary) {
  const ellipsis = { ellipsis: true };
  return {
    /** The number as a link with a copy button (the queues' rows are not clickable). */
    order: { title: t('field.orderSn'), key: 'order', width: 230, render: (_: unknown, row: Row) => <OrderNumber orderSn={orderOf(row).orderSn} id={orderOf(row).id} /> },
    /** The number alone (the search's whole row opens the order). */
    orderText: { title: t('field.orderSn'), key: 'orderSn', width: 205, render: (_: unknown, row: Row) => <OrderNumber orderSn={orderOf(row).orderSn} id={orderOf(row).id} copyable={false} /> },
    status: { title: t('field.status'), key: 'status', width: 160, ...ellipsis, render: (_: unknown, row: Row) => <OrderStatusTag status={orderOf(row).status} /> },
    amount: {
      title: t('field.amount'),
      key: 'amount',
      align: 'right' as const,
      width: 115,
      render: (_: unknown, row: Row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(orderOf(row).payAmountMinor, orderOf(row).currency)}</span>,
    },
    player: { title: t('field.player'), key: 'player', width: 180, ...ellipsis, render: (_: unknown, row: Row) => <Link to={`/players/${orderOf(row).userId}`}>{playerLabel(orderOf(row))}</Link> },
    playerText: { title: t('field.player'), key: 'player', ...ellipsis, render: (_: unknown, row: Row) => playerLabel(orderOf(row)) },
    role: { title: t('field.role'), key: 'role', width: 170, ...ellipsis, render: (_: unknown, row: Row) => roleLabel(orderOf(row).role) },
    provider: { title: t('field.provider'), key: 'provider', width: 110, ...ellipsis, render: (_: unknown, row: Row) => providerLabel(t, orderOf(row)) },
    /** The provider with the channel the player picked. */
    channel: {
      title: t('field.provider'),
      key: 'provider',
      ...ellipsis,
      render: (_: unknown, row: Row) => {
        const order = orderOf(row);
        return order.provider && order.payMethodName ? `${providerLabel(t, order)} · ${order.payMethodName}` : providerLabel(t, order);
      },
    },
    /** The role with its game under it: one column instead of two, so the search fits an operator's 1366 px without scrolling sideways. */
    roleInGame: {
      title: t('field.role'),
      key: 'role',
      render: (_: unknown, row: Row) => (
        <>
          <OneLine text={roleLabel(orderOf(row).role)} />
          <OneLine text={orderOf(row).gameName ?? String(orderOf(row).appId)} secondary />
        </>
      ),
    },
    created: { title: t('field.created'), key: 'created', width: 165, render: (_: unknown, row: Row) => formatDateTime(orderOf(row).createdAt) },
  };
}

export const providerLabel = (t: TFunction<'orders'>, order: Pick<ConsoleOrderSummary, 'provider'>) =>
  order.provider ? t(`provider.${order.provider}`, { defaultValue: order.provider }) : '—';

/** A line cut with an ellipsis at its cell's width, the whole text in its title. */
function OneLine({ text, secondary = false }: { text: string; secondary?: boolean }) {
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} title={text} style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {text}
    </Typography.Text>
  );
}
