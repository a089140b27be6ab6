import { Alert, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { consoleReconciliationQueue } from '@shop/contract/console/orders';
import type { RouteData } from '@shop/contract/route';
import { useCursorPaging } from '../../../shared/hooks/use-cursor-paging';
import { formatDateTime } from '../../../shared/ui/format';
import { useReconciliationQueue } from '../api/reconciliation-queue';
import { orderColumns, providerLabel } from './order-columns';
import { QUEUE_PAGE_SIZE, QueueTable } from './QueueTable';

type ReconciliationRow = RouteData<typeof consoleReconciliationQueue>['rows'][number];

/** Orders reconciliation asks the provider about: why, since when, its next step and its last check. */
export function ReconciliationQueue() {
  const { t } = useTranslation('orders');
  const paging = useCursorPaging(QUEUE_PAGE_SIZE);
  const list = useReconciliationQueue(paging.cursor, paging.pageSize);
  const data = list.data;
  const common = orderColumns<ReconciliationRow>(t, (row) => row.order);
  const columns: ColumnsType<ReconciliationRow> = [
    common.order,
    common.status,
    common.provider,
    common.amount,
    { title: t('reconciliation.reason'), key: 'reason', width: 170, render: (_, row) => <Tag>{t(`reconciliation.reasons.${row.reason}`)}</Tag> },
    { title: t('reconciliation.since'), key: 'since', width: 165, render: (_, row) => formatDateTime(row.since) },
    {
      title: t('reconciliation.next'),
      key: 'next',
      width: 220,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{t(`reconciliation.steps.${row.nextStep}`, { provider: providerLabel(t, row.order) })}</span>
          {row.nextAt && <Typography.Text type="secondary">{t('reconciliation.at', { at: formatDateTime(row.nextAt) })}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('reconciliation.lastCheck'),
      key: 'last',
      width: 220,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(row.lastCheckAt)}</span>
          {row.lastError && <Typography.Text type="danger">{row.lastError}</Typography.Text>}
        </Space>
      ),
    },
  ];
  return (
    <>
      {data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('reconciliation.schedule', {
            next: formatDateTime(data.nextSweepAt),
            minutes: Math.max(1, Math.round(data.intervalSeconds / 60)),
            minAge: Math.round(data.minAgeSeconds / 60),
            hours: data.lookbackHours,
          })}
          data-testid="reconciliation-schedule"
        />
      )}
      <QueueTable<ReconciliationRow>
        list={list}
        paging={paging}
        columns={columns}
        rowKey={(row) => `${row.order.id}-${row.reason}`}
        rowTestId={(row) => `order-row-${row.order.orderSn}`}
        emptyText={t('queues.empty.reconciliation')}
      />
    </>
  );
}
