import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime } from '../../../shared/ui/format';
import { JsonBlock } from './JsonBlock';

type Detail = ConsoleOrderDetail;

/** What operators did to the order (the audit log's entries), with the values before and after. */
export function OrderOperatorActions({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={detail.operatorActions}
      locale={{ emptyText: t('audit.none') }}
      expandable={{
        expandedRowRender: (entry) => (
          <Space align="start" wrap>
            <div>
              <Typography.Text type="secondary">{t('audit.before')}</Typography.Text>
              <JsonBlock value={entry.before} />
            </div>
            <div>
              <Typography.Text type="secondary">{t('audit.after')}</Typography.Text>
              <JsonBlock value={entry.after} />
            </div>
          </Space>
        ),
      }}
      columns={[
        { title: t('field.created'), key: 'at', width: 170, render: (_: unknown, entry: Detail['operatorActions'][number]) => formatDateTime(entry.createdAt) },
        { title: t('audit.actor'), dataIndex: 'actor', key: 'actor' },
        {
          title: t('audit.action'),
          key: 'action',
          render: (_: unknown, entry: Detail['operatorActions'][number]) => t(`audit.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action }),
        },
      ]}
    />
  );
}
