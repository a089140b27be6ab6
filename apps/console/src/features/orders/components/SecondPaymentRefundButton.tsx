import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import { useShowError } from '../../../shared/ui/errors';
import { formatMoney } from '../../../shared/ui/format';
import { useRefundSecondPayment } from '../api/refund-second-payment';

/** Refunds a second payment through its provider, after a confirmation; only while it is open or its refund failed. */
export function SecondPaymentRefundButton({ payment }: { payment: DuplicatePaymentView }) {
  const { t } = useTranslation('orders');
  const { modal, message } = App.useApp();
  const refund = useRefundSecondPayment();
  const showError = useShowError();
  if (payment.status !== 'open' && payment.status !== 'refund_failed') return null;
  const confirm = () =>
    modal.confirm({
      title: t('secondPayments.confirmTitle', { amount: formatMoney(payment.amountMinor, payment.currency), provider: payment.provider }),
      content: t('secondPayments.confirmText', { paymentId: payment.paymentId, tail: payment.orderSn.slice(12) }),
      okText: t('secondPayments.refund'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
      onOk: () =>
        refund.mutateAsync({ id: payment.id }).then(
          () => void message.success(t('secondPayments.refundAsked')),
          (error: unknown) => showError(error),
        ),
    });
  return (
    <Button size="small" danger onClick={confirm} loading={refund.isPending} data-testid="second-payment-refund">
      {t('secondPayments.refund')}
    </Button>
  );
}
