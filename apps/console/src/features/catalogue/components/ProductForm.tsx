import { Alert, Button, Card, Form, Space } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GoodsType } from '@shop/contract/catalog.schema';
import { SUPPORTED_LANGUAGES } from '@shop/contract/languages';
import { CompletenessTag } from './CompletenessTag';
import { LanguageTable } from './LanguageTable';
import { ProductBasics } from './ProductBasics';
import { ProductContents } from './ProductContents';
import { ProductDisplay } from './ProductDisplay';
import { ProductPrice } from './ProductPrice';
import type { ProductFormValues } from '../lib/product-form-values';

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
 * amount and gem config, the 22 languages with a completeness marker, thumbnail upload with preview, sort order,
 * on/off, sale window, claim limit for free gifts. The server checks every rule again.
 */
export function ProductForm({ defaultValues, existing, saving, readOnly, error, onSubmit, onCancel }: ProductFormProps) {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const { control, handleSubmit } = useForm<ProductFormValues>({ defaultValues, mode: 'onBlur' });
  const [goodsType, currency, priceMinor, discountPriceMinor, names, descs] = useWatch({
    control,
    name: ['goodsType', 'currency', 'priceMinor', 'discountPriceMinor', 'names', 'descs'],
  });
  const free = goodsType === GoodsType.FREE;
  const missingNames = SUPPORTED_LANGUAGES.filter((language) => !names?.[language]?.trim());
  const missingDescs = SUPPORTED_LANGUAGES.filter((language) => !descs?.[language]?.trim());

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit(onSubmit)()} data-testid="product-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="product-error" />}
      {existing?.excluded && <Alert type="warning" showIcon title={t('product.excludedNote')} style={{ marginBottom: 16 }} />}
      <ProductBasics control={control} existing={existing} />

      <Card title={t('product.price')} size="small" style={{ marginBottom: 16 }}>
        <ProductPrice control={control} free={free} currency={currency} priceMinor={priceMinor} discountPriceMinor={discountPriceMinor} />
        <ProductContents control={control} goodsType={goodsType} claimed={existing?.claimed ?? 0} />
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

      <ProductDisplay control={control} />

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
