import { Typography } from 'antd';
import { Link } from 'react-router';
import { ORDER_SN_TAIL_FROM } from '../lib/order-labels';

/**
 * An order number on one line with its tail (what players read out) in bold; a link to the order's page when `id` is
 * given, with a copy button unless `copyable` is false (in a clickable row).
 */
export function OrderNumber({ orderSn, id, copyable = true, testId }: { orderSn: string; id?: number; copyable?: boolean; testId?: string }) {
  const text = (
    <Typography.Text copyable={copyable ? { text: orderSn } : false} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} data-testid={testId}>
      <Typography.Text type="secondary">{orderSn.slice(0, ORDER_SN_TAIL_FROM)}</Typography.Text>
      <strong>{orderSn.slice(ORDER_SN_TAIL_FROM)}</strong>
    </Typography.Text>
  );
  return id === undefined ? text : <Link to={`/orders/${id}`}>{text}</Link>;
}
