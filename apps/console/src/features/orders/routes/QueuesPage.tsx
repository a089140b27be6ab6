import type { ReactNode } from 'react';
import { Badge, Button, Card, Space, Tabs } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQueueCounts } from '../api/queue-counts';
import { DeliveryErrorsQueue } from '../components/DeliveryErrorsQueue';
import { ReconciliationQueue } from '../components/ReconciliationQueue';
import { RefundRequestsQueue } from '../components/RefundRequestsQueue';
import { SecondPaymentsQueue } from '../components/SecondPaymentsQueue';

const QUEUES = ['delivery-errors', 'refund-requests', 'second-payments', 'reconciliation'] as const;
type Queue = (typeof QUEUES)[number];

/** The work queues: what waits for an operator, with counts as badges; the tab is kept in the URL. */
export default function QueuesPage() {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Queue = (QUEUES as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Queue) : 'delivery-errors';
  const counts = useQueueCounts();
  const badge = (label: string, count: number | undefined, testId: string): ReactNode => (
    <Space size={8} data-testid={testId}>
      {label}
      <Badge count={count ?? 0} showZero overflowCount={999} color={count ? undefined : '#d9d9d9'} data-testid={`${testId}-count`} />
    </Space>
  );
  const items = [
    { key: 'delivery-errors', label: badge(t('queues.deliveryErrors'), counts.data?.deliveryErrors, 'queue-tab-delivery-errors'), children: <DeliveryErrorsQueue /> },
    { key: 'refund-requests', label: badge(t('queues.refundRequests'), counts.data?.refundRequests, 'queue-tab-refund-requests'), children: <RefundRequestsQueue /> },
    { key: 'second-payments', label: badge(t('queues.secondPayments'), counts.data?.secondPayments, 'queue-tab-second-payments'), children: <SecondPaymentsQueue /> },
    { key: 'reconciliation', label: badge(t('queues.reconciliation'), counts.data?.reconciliation, 'queue-tab-reconciliation'), children: <ReconciliationQueue /> },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/orders">
        <ArrowLeftOutlined /> {t('queues.backToSearch')}
      </Link>
      <Card
        title={t('queues.title')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void counts.refetch()} loading={counts.isFetching}>
            {tApp('common.refresh')}
          </Button>
        }
      >
        <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key })} items={items} destroyOnHidden />
      </Card>
    </Space>
  );
}
