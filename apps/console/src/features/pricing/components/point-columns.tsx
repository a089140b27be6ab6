import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PricePointView } from '@shop/contract/console/pricing';
import { formatDateTime } from '../../../shared/ui/format';
import { byText } from '../lib/country-filter';
import { pointFlags, type PointFlag } from '../lib/price-points';
import { signedPercent } from '../lib/signed-percent';
import { taxPercentText } from '../lib/tax-rate';
import { Money } from './Money';

const FLAG_COLOURS: Record<PointFlag, string | undefined> = { none: undefined, override: 'blue', computed: 'green', drifted: 'orange', stale: 'red' };

/** The price points table's columns (each with a width: the table scrolls at their sum at 1366 px, ADR 0046). */
export function usePointColumns(): ColumnsType<PricePointView> {
  const { t } = useTranslation('pricing');
  return [
    { title: t('field.code'), dataIndex: 'regionCode', key: 'code', width: 72, sorter: byText((point) => point.regionCode), defaultSortOrder: 'ascend' },
    { title: t('field.country'), dataIndex: 'region', key: 'name', width: 150, ellipsis: true, sorter: byText((point) => point.region) },
    {
      title: t('field.price'),
      key: 'price',
      width: 170,
      sorter: byText((point) => point.currency),
      render: (_, point) =>
        point.currency !== null && point.priceMinor !== null ? (
          <Money currency={point.currency} priceMinor={point.priceMinor} discountPriceMinor={point.discountPriceMinor ?? point.priceMinor} />
        ) : (
          <Typography.Text type="secondary">{t('prices.basePrice')}</Typography.Text>
        ),
    },
    {
      title: t('field.tax'),
      key: 'tax',
      width: 120,
      render: (_, point) => point.taxIncluded !== null && (point.taxIncluded ? t('prices.taxIncluded', { rate: taxPercentText(point.taxRateBp ?? 0) }) : t('prices.taxExcluded')),
    },
    {
      title: t('field.status'),
      key: 'status',
      width: 200,
      render: (_, point) => (
        <Space size={2} wrap data-testid={`point-flags-${point.regionCode}`}>
          {pointFlags(point).map((flag) => (
            <Tag key={flag} color={FLAG_COLOURS[flag]}>
              {t(`flag.${flag}`)}
            </Tag>
          ))}
          {signedPercent(point.driftPercent) && <Typography.Text type={point.drifted ? 'warning' : 'secondary'}>{signedPercent(point.driftPercent)}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('field.computedAt'),
      key: 'computed',
      width: 150,
      render: (_, point) =>
        point.rate !== null && (
          <Space orientation="vertical" size={0}>
            <span>{t('prices.atRate', { rate: point.rate })}</span>
            <Typography.Text type="secondary">{formatDateTime(point.computedAt)}</Typography.Text>
          </Space>
        ),
    },
    {
      title: t('field.computedNow'),
      key: 'computedNow',
      width: 132,
      render: (_, point) => (point.computedNow ? <Money {...point.computedNow} /> : <Typography.Text type="secondary">{t('prices.noRate')}</Typography.Text>),
    },
  ];
}
