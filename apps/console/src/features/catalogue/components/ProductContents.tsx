import { Col, Form, Input, InputNumber, Row } from 'antd';
import { Controller, type Control, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GoodsType } from '@shop/contract/catalog.schema';
import { parseItems, type ProductFormValues } from '../lib/product-form-values';

interface Props {
  control: Control<ProductFormValues>;
  goodsType: number;
  /** Of a free gift: how many were claimed (its claim limit's hint). */
  claimed: number;
}

/** What the product gives, by type: vouchers, gems and bonus, VIP days, items, and a free gift's claim limit. */
export function ProductContents({ control, goodsType, claimed }: Props) {
  const { t } = useTranslation('catalogue');
  const { errors } = useFormState({ control });
  const errorOf = (name: keyof ProductFormValues) => errors[name]?.message as string | undefined;
  const free = goodsType === GoodsType.FREE;
  const voucher = goodsType === GoodsType.VOUCHER;
  return (
    <Row gutter={16}>
      {voucher && (
        <Col>
          <Form.Item label={t('field.voucherAmount')} help={errorOf('voucherAmount') ?? t('product.voucherAmountHint')} validateStatus={errorOf('voucherAmount') ? 'error' : undefined}>
            <Controller
              control={control}
              name="voucherAmount"
              rules={{ validate: (value) => value === null || value === undefined || value > 0 || t('product.voucherAmountPositive') }}
              render={({ field }) => <InputNumber<number> value={field.value} onChange={field.onChange} min={0} precision={0} style={{ width: 180 }} data-testid="product-voucher-amount" />}
            />
          </Form.Item>
        </Col>
      )}
      {(voucher || goodsType === GoodsType.DIAMOND) && (
        <Col>
          <Form.Item label={t('field.diamond')} help={t('product.diamondHint')}>
            <Controller
              control={control}
              name="diamond"
              render={({ field }) => <InputNumber<number> value={field.value} onChange={field.onChange} min={1} precision={0} style={{ width: 180 }} data-testid="product-diamond" />}
            />
          </Form.Item>
        </Col>
      )}
      {(voucher || goodsType === GoodsType.DIAMOND) && (
        <Col>
          <Form.Item label={t('field.bonus')} help={t('product.bonusHint')}>
            <Controller
              control={control}
              name="bonus"
              render={({ field }) => <InputNumber<number> value={field.value} onChange={field.onChange} min={1} precision={0} style={{ width: 180 }} data-testid="product-bonus" />}
            />
          </Form.Item>
        </Col>
      )}
      {(voucher || goodsType === GoodsType.VIP) && (
        <Col>
          <Form.Item label={t('field.vipDays')}>
            <Controller
              control={control}
              name="vipDays"
              render={({ field }) => <InputNumber<number> value={field.value} onChange={field.onChange} min={1} max={36500} precision={0} style={{ width: 140 }} data-testid="product-vip-days" />}
            />
          </Form.Item>
        </Col>
      )}
      {(goodsType === GoodsType.OTHER || free) && (
        <Col flex="auto">
          <Form.Item label={t('field.items')} help={errorOf('items') ?? t('product.itemsHint')} validateStatus={errorOf('items') ? 'error' : undefined}>
            <Controller
              control={control}
              name="items"
              rules={{ validate: (value) => !parseItems(value).error || t('product.itemsInvalid') }}
              render={({ field }) => <Input.TextArea {...field} autoSize={{ minRows: 1, maxRows: 6 }} placeholder='[{"itemId": 100002, "count": 5}]' data-testid="product-items" />}
            />
          </Form.Item>
        </Col>
      )}
      {free && (
        <Col>
          <Form.Item label={t('field.claimLimit')} help={t('product.claimLimitHint', { claimed: claimed })}>
            <Controller
              control={control}
              name="claimLimit"
              render={({ field }) => <InputNumber<number> value={field.value} onChange={field.onChange} min={1} precision={0} style={{ width: 160 }} placeholder={t('product.noLimit')} data-testid="product-claim-limit" />}
            />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
