import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { consoleDeliveryErrors } from '@shop/contract/console/orders';
import type { RouteData } from '@shop/contract/route';
import { useCan } from '../../../shared/auth/use-me';
import { useCursorPaging } from '../../../shared/hooks/use-cursor-paging';
import { formatDateTime } from '../../../shared/ui/format';
import { useDeliveryErrors } from '../api/delivery-errors';
import { orderColumns } from './order-columns';
import { QUEUE_PAGE_SIZE, QueueTable } from './QueueTable';
import { useConfirmRetry } from './use-confirm-retry';

type DeliveryErrorRow = RouteData<typeof consoleDeliveryErrors>['rows'][number];

/** Paid orders the game server refused: the game's last answer, and a retry (confirmed). */
export function DeliveryErrorsQueue() {
  const { t } = useTranslation('orders');
  const paging = useCursorPaging(QUEUE_PAGE_SIZE);
  const list = useDeliveryErrors(paging.cursor, paging.pageSize);
  const canRetry = useCan(Permission.ORDERS_RETRY_DELIVERY);
  const retry = useConfirmRetry();
  const common = orderColumns<DeliveryErrorRow>(t, (row) => row.order);
  const columns: ColumnsType<DeliveryErrorRow> = [
    common.order,
    common.role,
    { title: t('field.paid'), key: 'paid', width: 165, render: (_, row) => formatDateTime(row.order.paidAt) },
    { title: t('delivery.attempts'), dataIndex: 'attempts', key: 'attempts', width: 90, align: 'right' },
    {
      title: t('delivery.lastAnswer'),
      key: 'lastError',
      // a long answer is cut inside its own column (the whole text is in the tooltip and on the order's page)
      width: 240,
      ellipsis: { showTitle: false },
      render: (_, row) =>
        row.lastError ? (
          <Tooltip title={row.lastError}>
            <Typography.Text type="danger" data-testid="delivery-last-error">
              {row.lastError}
            </Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: t('delivery.lastAttempt'), key: 'lastAttempt', width: 165, render: (_, row) => formatDateTime(row.lastAttemptAt) },
    {
      title: '',
      key: 'action',
      fixed: 'right',
      width: 170,
      render: (_, row) =>
        row.retryQueued ? (
          <Tag color="processing">{t('delivery.retryQueued')}</Tag>
        ) : canRetry ? (
          <Button size="small" icon={<ReloadOutlined />} onClick={() => retry.confirm(row.order)} data-testid="order-retry-delivery">
            {t('action.retryDelivery')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('queues.deliveryErrorsHint')}</Typography.Paragraph>
      <QueueTable<DeliveryErrorRow>
        list={list}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.order.id}
        rowTestId={(row) => `order-row-${row.order.orderSn}`}
        emptyText={t('queues.empty.deliveryErrors')}
      />
    </>
  );
}
