import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '../../../shared/ui/errors';
import { useRetryDelivery } from '../api/retry-delivery';

/** Asks for confirmation, then queues the delivery of an order in Delivery Error again. */
export function useConfirmRetry() {
  const { t } = useTranslation('orders');
  const { modal, message } = App.useApp();
  const retry = useRetryDelivery();
  const showError = useShowError();
  const confirm = (order: { id: number; orderSn: string }) =>
    modal.confirm({
      title: t('retry.title', { tail: order.orderSn.slice(12) }),
      content: t('retry.explain'),
      okText: t('retry.confirm'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
      onOk: () =>
        retry.mutateAsync(order.id).then(
          () => void message.success(t('retry.queued')),
          (error: unknown) => showError(error),
        ),
    });
  return { confirm, pending: retry.isPending };
}
