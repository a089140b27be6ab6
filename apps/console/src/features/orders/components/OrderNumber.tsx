import { Typography } from 'antd';
import { Link } from 'react-router';

/** The players' part of an order number starts at its 13th character (spec section 9). */
export const ORDER_SN_TAIL_FROM = 12;

/**
 * An order number with its tail (what players read out) in bold; a link to the order's page when `id` is given, with a
 * copy button unless `copyable` is false (in a clickable row).
 */
export function OrderNumber({ orderSn, id, copyable = true }: { orderSn: string; id?: number; copyable?: boolean }) {
  const text = (
    <Typography.Text copyable={copyable ? { text: orderSn } : false} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{orderSn.slice(0, ORDER_SN_TAIL_FROM)}</Typography.Text>
      <strong>{orderSn.slice(ORDER_SN_TAIL_FROM)}</strong>
    </Typography.Text>
  );
  return id === undefined ? text : <Link to={`/orders/${id}`}>{text}</Link>;
}
