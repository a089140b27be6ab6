import { App, Button, Space, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricePointView } from '@shop/contract/console/pricing';
import { useShowError } from '../../../shared/ui/errors';
import { useRecomputePrices } from '../api/recompute-prices';
import { useResetProductPrices } from '../api/reset-product-prices';
import { driftedCodes } from '../lib/price-points';

interface Props {
  productId: number;
  points: readonly PricePointView[];
  selected: string[];
  onEdit: () => void;
  onDone: () => void;
}

/** The price points' actions: edit the selected countries, reset them to the computed prices, recompute the drifted ones. */
export function PointActions({ productId, points, selected, onEdit, onDone }: Props) {
  const { t } = useTranslation('pricing');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const reset = useResetProductPrices(productId);
  const recompute = useRecomputePrices();
  const drifted = driftedCodes(points);
  const confirmReset = () =>
    modal.confirm({
      title: t('prices.resetTitle', { count: selected.length }),
      content: t('prices.resetText'),
      okText: t('prices.reset'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => reset.mutateAsync(selected).then(() => (onDone(), void message.success(t('prices.resetDone', { count: selected.length }))), showError),
    });
  const recomputeDrifted = () =>
    recompute.mutate(
      { onlyDrifted: true, productIds: [productId] },
      { onSuccess: (done) => (onDone(), void message.success(t('prices.recomputed', { count: done.recomputed }))), onError: showError },
    );

  return (
    <Space wrap>
      <Typography.Text type="secondary">{t('prices.selected', { count: selected.length })}</Typography.Text>
      <Button type="primary" onClick={onEdit} disabled={selected.length === 0} data-testid="prices-edit">
        {t('prices.edit')}
      </Button>
      <Button onClick={confirmReset} disabled={selected.length === 0} loading={reset.isPending} data-testid="prices-reset">
        {t('prices.reset')}
      </Button>
      <Button onClick={recomputeDrifted} disabled={drifted.length === 0} loading={recompute.isPending} data-testid="prices-recompute">
        {t('prices.recomputeDrifted', { count: drifted.length })}
      </Button>
    </Space>
  );
}
