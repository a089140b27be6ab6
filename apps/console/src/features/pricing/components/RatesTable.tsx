import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RateView } from '@shop/contract/console/pricing';
import { formatDateTime } from '../../../shared/ui/format';
import { useRates } from '../api/rates';
import { byText } from '../lib/country-filter';

/** The current exchange rates (units per US dollar) with the date and source of their table, and the drift setting. */
export function RatesTable() {
  const { t } = useTranslation('pricing');
  const rates = useRates();
  return (
    <Card
      title={t('rates.current')}
      extra={rates.data && <Tag color="purple" data-testid="rates-drift">{t('rates.drift', { percent: rates.data.driftPercent })}</Tag>}
    >
      <p style={{ marginTop: 0 }}>{t('rates.driftHint')}</p>
      <Table<RateView>
        rowKey="currency"
        size="small"
        loading={rates.isLoading}
        dataSource={rates.data?.rates ?? []}
        pagination={{ pageSize: 30, hideOnSinglePage: true, showSizeChanger: false }}
        tableLayout="fixed"
        columns={[
          { title: t('field.currency'), dataIndex: 'currency', key: 'currency', width: 96, sorter: byText((rate) => rate.currency), defaultSortOrder: 'ascend' },
          { title: t('field.perUsd'), dataIndex: 'perUsd', key: 'perUsd', width: 110, align: 'right' },
          { title: t('field.asOf'), dataIndex: 'asOf', key: 'asOf', width: 104, sorter: byText((rate) => rate.asOf) },
          {
            title: t('field.source'),
            key: 'source',
            ellipsis: true,
            render: (_, rate) => (
              <>
                <Typography.Text ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
                  {rate.source}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
                  {t('rates.importedAt', { at: formatDateTime(rate.importedAt) })}
                </Typography.Text>
              </>
            ),
          },
        ]}
        data-testid="rates-table"
      />
    </Card>
  );
}
