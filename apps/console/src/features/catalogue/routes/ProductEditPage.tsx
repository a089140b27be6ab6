import { Alert, App, Card, Result, Button, Spin, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import { ApiError } from '../../../shared/api/client';
import { useCan } from '../../../shared/auth/use-me';
import { formatDateTime } from '../../../shared/ui/format';
import { useCreateProduct } from '../api/create-product';
import { useProduct } from '../api/product';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm } from '../components/ProductForm';
import { emptyProductForm, formToBody, productToForm, type ProductFormValues } from '../lib/product-form-values';

/** A new product (/catalogue/products/new) or an existing one (/catalogue/products/:id). */
export default function ProductEditPage() {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const idParam = useParams().id;
  const id = idParam !== undefined ? Number(idParam) : undefined;
  const valid = id === undefined || (Number.isSafeInteger(id) && id > 0);
  const product = useProduct(valid ? id : undefined);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const back = () => void navigate(-1);

  if (!valid || (product.error instanceof ApiError && product.error.code === 404)) {
    return <Result status="404" title={t('product.notFound')} extra={<Button onClick={() => void navigate('/catalogue/products')}>{tApp('common.back')}</Button>} />;
  }
  if (product.isError) return <Alert type="error" showIcon title={product.error.message} />;
  if (id !== undefined && !product.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const save = (values: ProductFormValues) => {
    const body = formToBody(values);
    if (product.data) {
      const { appId: _appId, goodsType: _goodsType, ...changes } = body;
      // product 9521 stays as it is unless the operator switches it off
      const hidden = product.data.excluded && changes.hidden === false ? undefined : changes.hidden;
      update.mutate(
        { id: product.data.id, body: { ...changes, hidden } },
        { onSuccess: () => void message.success(tApp('common.saved')) },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          void message.success(t('product.created', { id: created.id }));
          void navigate(`/catalogue/products?appId=${created.appId}&goodsType=${created.goodsType}`);
        },
      });
    }
  };
  const defaults = product.data
    ? productToForm(product.data)
    : emptyProductForm(Number(params.get('appId')) || undefined, Number(params.get('goodsType')) || undefined);
  const error = (product.data ? update.error : create.error)?.message;

  return (
    <Card
      title={
        product.data ? (
          <Space>
            {t('product.edit', { id: product.data.id })}
            <Typography.Text type="secondary">{product.data.productSn}</Typography.Text>
            {product.data.excluded && <Tag color="red">{t('product.excluded')}</Tag>}
          </Space>
        ) : (
          t('products.new')
        )
      }
      extra={
        product.data && (
          <Space>
            <Link to={`/pricing/products/${product.data.id}`} data-testid="product-local-prices">
              {t('product.localPrices')}
            </Link>
            <Typography.Text type="secondary" data-testid="product-version">
              {t('product.version', { version: product.data.version })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('product.updatedAt', { at: formatDateTime(product.data.updatedAt) })}</Typography.Text>
          </Space>
        )
      }
    >
      {!canWrite && <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} />}
      <ProductForm
        key={product.data?.updatedAt ?? 'new'}
        defaultValues={defaults}
        existing={product.data ? { id: product.data.id, excluded: product.data.excluded, claimed: product.data.claimed } : undefined}
        saving={create.isPending || update.isPending}
        readOnly={!canWrite}
        error={error}
        onSubmit={save}
        onCancel={back}
      />
    </Card>
  );
}
