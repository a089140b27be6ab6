import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  0: 'blue',
  1: 'processing',
  2: 'cyan',
  3: 'green',
  4: 'default',
  5: 'default',
  6: 'purple',
  7: 'red',
  8: 'volcano',
  9: 'purple',
};

/** An order status by the state machine's name (spec section 4), with its code. */
export function OrderStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={testId} data-status={status}>
      {t(`status.${status}`, { defaultValue: String(status) })} ({status})
    </Tag>
  );
}
