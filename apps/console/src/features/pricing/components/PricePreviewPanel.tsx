import { useState } from 'react';
import { Alert, Card, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricePointView, PricePreview } from '@shop/contract/console/pricing';
import { usePricePreview } from '../api/price-preview';
import { Money } from './Money';

type Channel = PricePreview['channels'][number];

/** "A player in <country> sees / pays": the product's price through each payment channel of the country. */
export function PricePreviewPanel({ productId, points, initialRegion }: { productId: number; points: readonly PricePointView[]; initialRegion: string }) {
  const { t } = useTranslation('pricing');
  const [regionCode, setRegionCode] = useState(initialRegion);
  const preview = usePricePreview(productId, regionCode);
  return (
    <Card
      title={t('preview.title', { country: preview.data?.region ?? regionCode })}
      extra={
        <Select<string>
          value={regionCode}
          onChange={setRegionCode}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 240 }}
          data-testid="preview-country"
          options={points.map((point) => ({ value: point.regionCode, label: `${point.regionCode} · ${point.region}` }))}
        />
      }
    >
      {preview.isError && <Alert type="error" showIcon title={preview.error.message} />}
      {preview.data && (
        <p style={{ marginTop: 0 }}>
          {t('preview.country', { currency: preview.data.currency, taxModel: t(`taxModel.${preview.data.taxModel}`) })}
        </p>
      )}
      <Table<Channel>
        rowKey={(channel) => `${channel.provider}-${channel.payMethodName}`}
        size="small"
        loading={preview.isFetching}
        dataSource={preview.data?.channels ?? []}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: t('preview.noChannels') }}
        columns={[
          { title: t('field.payMethod'), dataIndex: 'payMethodName', key: 'method', ellipsis: true },
          { title: t('field.provider'), dataIndex: 'provider', key: 'provider', width: 110, render: (provider: string) => <Tag>{provider}</Tag> },
          {
            title: t('preview.charges'),
            key: 'charges',
            width: 170,
            render: (_, channel) => (channel.chargesLocalCurrency ? <Tag color="green">{t('preview.local')}</Tag> : <Tag color="orange">{t('preview.base', { currency: channel.currency })}</Tag>),
          },
          { title: t('preview.pays'), key: 'pays', width: 190, render: (_, channel) => <Money {...channel} /> },
          {
            title: t('field.tax'),
            key: 'tax',
            width: 130,
            render: (_, channel) => <Typography.Text type="secondary">{channel.taxIncluded ? t('preview.withTax') : t('prices.taxExcluded')}</Typography.Text>,
          },
        ]}
        data-testid="preview-channels"
      />
    </Card>
  );
}
