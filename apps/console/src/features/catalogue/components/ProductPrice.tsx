import { Col, Form, Row, Select, Space, Tag, Typography } from 'antd';
import { Controller, type Control, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/ui/format';
import { CURRENCIES } from '../lib/currencies';
import { MoneyInput } from './MoneyInput';
import type { ProductFormValues } from '../lib/product-form-values';

interface Props {
  control: Control<ProductFormValues>;
  /** A free gift has no price. */
  free: boolean;
  currency: string;
  priceMinor: number | null;
  discountPriceMinor: number | null;
}

/** Currency, price and discount price in minor units shown with the currency's decimals, and the price as the shop shows it. */
export function ProductPrice({ control, free, currency, priceMinor, discountPriceMinor }: Props) {
  const { t } = useTranslation('catalogue');
  const { errors } = useFormState({ control });
  const errorOf = (name: keyof ProductFormValues) => errors[name]?.message as string | undefined;
  return (
    <Row gutter={16}>
      <Col>
        <Form.Item label={t('field.currency')}>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => <Select value={field.value} onChange={field.onChange} showSearch style={{ width: 110 }} disabled={free} data-testid="product-currency" options={CURRENCIES.map((code) => ({ value: code, label: code }))} />}
          />
        </Form.Item>
      </Col>
      <Col>
        <Form.Item label={t('field.price')} required={!free} validateStatus={errorOf('priceMinor') ? 'error' : undefined} help={errorOf('priceMinor') ?? (priceMinor !== null && !free ? t('product.minorUnits', { minor: priceMinor }) : undefined)}>
          <Controller
            control={control}
            name="priceMinor"
            rules={{
              validate: (value) => free || (value !== null && value !== undefined) || t('product.priceRequired'),
              min: { value: 0, message: t('product.belowZero') },
            }}
            render={({ field }) => <MoneyInput value={free ? 0 : field.value} onChange={field.onChange} onBlur={field.onBlur} currency={currency} testId="product-price" status={errorOf('priceMinor') ? 'error' : undefined} />}
          />
        </Form.Item>
      </Col>
      <Col>
        <Form.Item
          label={t('field.discountPrice')}
          validateStatus={errorOf('discountPriceMinor') ? 'error' : undefined}
          help={errorOf('discountPriceMinor') ?? t('product.discountHint')}
        >
          <Controller
            control={control}
            name="discountPriceMinor"
            rules={{
              validate: (value) =>
                value === null || value === undefined || free || (value >= 0 ? value <= (priceMinor ?? 0) || t('product.discountAbovePrice') : t('product.belowZero')),
            }}
            render={({ field }) => (
              <MoneyInput value={free ? 0 : field.value} onChange={field.onChange} onBlur={field.onBlur} currency={currency} testId="product-discount-price" placeholder={t('product.samePrice')} />
            )}
          />
        </Form.Item>
      </Col>
      {priceMinor !== null && !free && (
        <Col style={{ paddingTop: 30 }}>
          <Space>
            {discountPriceMinor !== null && discountPriceMinor < priceMinor && <Typography.Text delete>{formatMoney(priceMinor, currency)}</Typography.Text>}
            <Tag color="blue">{formatMoney(discountPriceMinor ?? priceMinor, currency)}</Tag>
          </Space>
        </Col>
      )}
    </Row>
  );
}
