import { App, Button, Card, Space, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '../../../shared/ui/errors';
import { useRecomputePrices } from '../api/recompute-prices';

/**
 * Computes every product's price in every country from its base price at today's rates (prices set by hand stay): what
 * an operator does once after the first rates table, when no product has local prices yet, and after a broad rate move.
 */
export function ComputeAllPrices() {
  const { t } = useTranslation('pricing');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const recompute = useRecomputePrices();
  const confirm = () =>
    modal.confirm({
      title: t('rates.computeAllConfirm'),
      content: t('rates.computeAllText'),
      okText: t('rates.computeAll'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () =>
        recompute.mutateAsync({ onlyDrifted: false }).then((done) => void message.success(t('prices.recomputed', { count: done.recomputed })), showError),
    });
  return (
    <Card title={t('rates.computeAllTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('rates.computeAllText')}</Typography.Text>
        <Button onClick={confirm} loading={recompute.isPending} data-testid="rates-compute-all">
          {t('rates.computeAll')}
        </Button>
      </Space>
    </Card>
  );
}
