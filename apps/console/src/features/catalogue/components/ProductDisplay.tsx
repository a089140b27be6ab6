import { Card, Col, DatePicker, Form, InputNumber, Row } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageField } from './ImageField';
import type { ProductFormValues } from '../lib/product-form-values';

/** How the shop shows the product: thumbnail, order, and the window it is on sale in. */
export function ProductDisplay({ control }: { control: Control<ProductFormValues> }) {
  const { t } = useTranslation('catalogue');
  return (
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
  );
}
