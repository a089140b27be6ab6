import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CountryPricingView } from '@shop/contract/console/pricing';
import { byText } from '../lib/country-filter';
import { taxPercentText } from '../lib/tax-rate';

/** The country table's columns (each with a width: the table scrolls at their sum at 1366 px, ADR 0046). */
export function useCountryColumns(onEdit: ((country: CountryPricingView) => void) | null): ColumnsType<CountryPricingView> {
  const { t, i18n } = useTranslation('pricing');
  const zh = i18n.language === 'zh';
  const columns: ColumnsType<CountryPricingView> = [
    { title: t('field.code'), dataIndex: 'regionCode', key: 'code', width: 72, sorter: byText((row) => row.regionCode), defaultSortOrder: 'ascend' },
    { title: t('field.country'), key: 'name', width: 150, ellipsis: true, sorter: byText((row) => (zh ? row.regionCN : row.region)), render: (_, row) => (zh ? row.regionCN : row.region) },
    { title: t('field.currency'), dataIndex: 'currency', key: 'currency', width: 100, sorter: byText((row) => row.currency) },
    { title: t('field.taxModel'), dataIndex: 'taxModel', key: 'taxModel', width: 140, render: (model: CountryPricingView['taxModel']) => <Tag>{t(`taxModel.${model}`)}</Tag> },
    { title: t('field.taxRate'), dataIndex: 'taxRateBp', key: 'taxRate', width: 90, align: 'right', sorter: (a, b) => a.taxRateBp - b.taxRateBp, render: (bp: number) => `${taxPercentText(bp)}%` },
    {
      title: t('field.rate'),
      key: 'rate',
      width: 130,
      render: (_, row) =>
        row.rate ? (
          <Space orientation="vertical" size={0}>
            <span>{row.rate.perUsd}</span>
            <Typography.Text type="secondary">{row.rate.asOf}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="warning">{t('countries.noRate')}</Typography.Text>
        ),
    },
    {
      title: t('field.localProviders'),
      key: 'localProviders',
      width: 140,
      ellipsis: true,
      render: (_, row) => (row.localProviders === null ? t('countries.allThatCan') : row.localProviders.join(', ') || t('countries.noProvider')),
    },
    {
      title: t('field.chargingProviders'),
      key: 'charging',
      width: 172,
      render: (_, row) =>
        row.chargingProviders.length ? row.chargingProviders.map((provider) => <Tag key={provider} color="green">{provider}</Tag>) : <Typography.Text type="secondary">{t('countries.basePriceOnly')}</Typography.Text>,
    },
  ];
  if (!onEdit) return columns;
  return [
    ...columns,
    {
      title: '',
      key: 'actions',
      width: 56,
      fixed: 'right',
      render: (_, row) => <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(row)} aria-label={t('countries.edit')} data-testid={`country-edit-${row.regionCode}`} />,
    },
  ];
}
