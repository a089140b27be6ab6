import { Card, Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { Controller, type Control, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GameSelect } from './GameSelect';
import { GOODS_TYPE_OPTIONS } from '../lib/goods';
import type { ProductFormValues } from '../lib/product-form-values';

interface Props {
  control: Control<ProductFormValues>;
  /** Editing an existing product: its game and type stay; one the shop excludes cannot be put on sale. */
  existing?: { excluded: boolean } | undefined;
}

/** The product's game and type, its product number, and on or off sale. */
export function ProductBasics({ control, existing }: Props) {
  const { t } = useTranslation('catalogue');
  const { errors } = useFormState({ control });
  const errorOf = (name: keyof ProductFormValues) => errors[name]?.message as string | undefined;
  return (
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
  );
}
