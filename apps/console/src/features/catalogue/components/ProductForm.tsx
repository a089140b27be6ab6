import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GoodsType } from '@shop/contract/catalog.schema';
import { SUPPORTED_LANGUAGES } from '@shop/contract/languages';
import { formatMoney } from '../../../shared/ui/format';
import { CompletenessTag } from './CompletenessTag';
import { GameSelect } from './GameSelect';
import { GOODS_TYPE_OPTIONS } from './goods';
import { ImageField } from './ImageField';
import { LanguageTable } from './LanguageTable';
import { MoneyInput } from './MoneyInput';
import { parseItems, type ProductFormValues } from './product-form-values';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'CNY', 'TWD', 'BRL', 'IDR', 'THB', 'VND', 'TRY', 'PLN', 'RUB'];

interface ProductFormProps {
  defaultValues: ProductFormValues;
  /** Editing an existing product: its game and type stay. */
  existing?: { id: number; excluded: boolean; claimed: number };
  saving: boolean;
  /** A role that may only look (support, finance): no Save. */
  readOnly?: boolean;
  error?: string | undefined;
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
}

/**
 * The product editor (react-hook-form): game and type, prices in minor units shown with the currency's decimals, voucher
 * amount and diamond config, the 22 languages with a completeness marker, thumbnail upload with preview, sort order,
 * on/off, sale window, claim limit for free gifts. The server checks every rule again.
 */
export function ProductForm({ defaultValues, existing, saving, readOnly, error, onSubmit, onCancel }: ProductFormProps) {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const { control, handleSubmit, formState } = useForm<ProductFormValues>({ defaultValues, mode: 'onBlur' });
  const [goodsType, currency, priceMinor, discountPriceMinor, names, descs] = useWatch({
    control,
    name: ['goodsType', 'currency', 'priceMinor', 'discountPriceMinor', 'names', 'descs'],
  });
  const free = goodsType === GoodsType.FREE;
  const voucher = goodsType === GoodsType.VOUCHER;
  const missingNames = SUPPORTED_LANGUAGES.filter((language) => !names?.[language]?.trim());
  const missingDescs = SUPPORTED_LANGUAGES.filter((language) => !descs?.[language]?.trim());
  const errorOf = (name: keyof ProductFormValues) => formState.errors[name]?.message as string | undefined;

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit(onSubmit)()} data-testid="product-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="product-error" />}
      {existing?.excluded && <Alert type="warning" showIcon title={t('product.excludedNote')} style={{ marginBottom: 16 }} />}
      <Card title={t('product.basics')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col>
            <Form.Item label={t('field.game')} required validateStatus={errorOf('appId') ? 'error' : undefined} help={errorOf('appId')}>
              <Controller
                control={control}
                name="appId"
                rules={{ validate: (value) => value !== undefined || t('product.gameRequired') }}
                render={({ field }) => <GameSelect value={field.value} onChange={field.onChange} testId="product-game" width={260} disabled={Boolean(existing)} />}
              />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('field.type')} required>
              <Controller
                control={control}
                name="goodsType"
                render={({ field }) => (
                  <Select<number>
                    value={field.value}
                    onChange={field.onChange}
                    disabled={Boolean(existing)}
                    style={{ width: 200 }}
                    data-testid="product-type"
                    options={GOODS_TYPE_OPTIONS.map((type) => ({ value: type, label: t(`type.${type}`) }))}
                  />
                )}
              />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('field.productSn')} tooltip={t('product.snHint')}>
              <Controller
                control={control}
                name="productSn"
                rules={{ pattern: { value: /^[A-Za-z0-9._-]*$/, message: t('product.snPattern') } }}
                render={({ field, fieldState }) => (
                  <>
                    <Input {...field} maxLength={64} style={{ width: 220 }} placeholder={t('product.snPlaceholder')} status={fieldState.error ? 'error' : undefined} data-testid="product-sn" />
                    {fieldState.error && <Typography.Text type="danger">{fieldState.error.message}</Typography.Text>}
                  </>
                )}
              />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('field.onSale')}>
              <Controller
                control={control}
                name="onSale"
                render={({ field }) => <Switch checked={field.value && !existing?.excluded} onChange={field.onChange} disabled={existing?.excluded} data-testid="product-on" />}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('product.price')} size="small" style={{ marginBottom: 16 }}>
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
              <Form.Item label={t('field.claimLimit')} help={t('product.claimLimitHint', { claimed: existing?.claimed ?? 0 })}>
                <Controller
                  control={control}
                  name="claimLimit"
                  render={({ field }) => <InputNumber<number> value={field.value} onChange={field.onChange} min={1} precision={0} style={{ width: 160 }} placeholder={t('product.noLimit')} data-testid="product-claim-limit" />}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>

      <Card
        title={
          <Space>
            {t('product.languages')}
            <CompletenessTag missingNames={missingNames} missingDescs={missingDescs} />
          </Space>
        }
        size="small"
        style={{ marginBottom: 16 }}
      >
        <LanguageTable control={control} />
      </Card>

      <Card title={t('product.display')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col>
            <Form.Item label={t('field.thumbnail')} help={t('image.hint')}>
              <Controller control={control} name="thumbnail" render={({ field }) => <ImageField value={field.value} onChange={field.onChange} testId="product-thumbnail" />} />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('field.sort')} help={t('product.sortHint')}>
              <Controller
                control={control}
                name="sort"
                render={({ field }) => <InputNumber<number> value={field.value} onChange={(value) => field.onChange(value ?? 0)} min={-1_000_000} max={1_000_000} precision={0} data-testid="product-sort" />}
              />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('field.saleWindow')} help={t('product.saleWindowHint')}>
              <Controller
                control={control}
                name="saleWindow"
                render={({ field }) => (
                  <DatePicker.RangePicker
                    showTime
                    allowEmpty={[true, true]}
                    value={field.value}
                    onChange={(range) => field.onChange(range && (range[0] || range[1]) ? [range[0] ?? null, range[1] ?? null] : null)}
                    data-testid="product-sale-window"
                  />
                )}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Space>
        {!readOnly && (
          <Button type="primary" htmlType="submit" loading={saving} data-testid="product-save">
            {tApp('common.save')}
          </Button>
        )}
        <Button onClick={onCancel}>{readOnly ? tApp('common.back') : tApp('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
