import { Space, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { ProductView } from '@shop/contract/console/catalogue';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { formatDateTime } from '../../../shared/ui/format';
import { useUpdateProduct } from '../api/update-product';

/** A product on or off sale, switched in place; one the shop excludes says so; a sale window says whether it is in it. */
export function ProductOnSale({ product: row }: { product: ProductView }) {
  const { t } = useTranslation('catalogue');
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const showError = useShowError();
  const update = useUpdateProduct();
  if (row.excluded) {
    return (
      <Tooltip title={t('product.excludedNote')}>
        <Tag color="red" data-testid={`product-excluded-${row.id}`}>
          {t('product.excluded')}
        </Tag>
      </Tooltip>
    );
  }
  const window = row.saleStartsAt || row.saleEndsAt ? `${formatDateTime(row.saleStartsAt)} – ${formatDateTime(row.saleEndsAt)}` : null;
  return (
    <Space size={4}>
      <Switch
        size="small"
        checked={!row.hidden}
        disabled={!canWrite}
        loading={update.isPending && update.variables?.id === row.id}
        onChange={(on) => update.mutate({ id: row.id, body: { hidden: !on } }, { onError: showError })}
        data-testid={`product-switch-${row.id}`}
      />
      {window && (
        <Tooltip title={window}>
          <Tag color={row.onSale ? 'green' : 'default'}>{row.onSale ? t('product.inWindow') : t('product.outOfWindow')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}
