import { useState } from 'react';
import { Alert, App, Checkbox, Descriptions, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleVoucherPosition } from '@shop/contract/console/orders';
import { formatMoney } from '../../../shared/ui/format';
import { useRefundOrder } from '../api/refund-order';

export interface RefundTarget {
  id: number;
  orderSn: string;
  provider: string | null;
  payAmountMinor: number;
  currency: string;
  vouchers: ConsoleVoucherPosition;
  /** Approving a player's refund request (their reason is shown). */
  requestReason?: string | null;
}

/**
 * Confirms a refund through the provider: what goes back, to whom, and (voucher orders) how many vouchers were already
 * spent in the game and cannot be taken back; the operator must accept that loss explicitly.
 */
export function RefundOrderDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const [acceptLoss, setAcceptLoss] = useState(false);
  const close = () => {
    setReason('');
    setAcceptLoss(false);
    refund.reset();
    onClose();
  };
  if (!target) return null;
  const mustAccept = target.vouchers.spent > 0;
  const submit = () =>
    refund.mutate(
      { id: target.id, body: { ...(reason.trim() ? { reason: reason.trim() } : {}), ...(mustAccept ? { allowUnrecoveredVouchers: acceptLoss } : {}) } },
      {
        onSuccess: (view) => {
          void message.success(t(view.status === 'completed' ? 'refund.completed' : 'refund.pending'));
          close();
        },
      },
    );
  return (
    <Modal
      open
      title={t(target.requestReason !== undefined ? 'refund.approveTitle' : 'refund.title', { tail: target.orderSn.slice(12) })}
      okText={t('refund.confirm')}
      okButtonProps={{ danger: true, disabled: mustAccept && !acceptLoss, loading: refund.isPending, 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 12 }}
        items={[
          { key: 'orderSn', label: t('field.orderSn'), children: target.orderSn },
          { key: 'amount', label: t('field.amount'), children: formatMoney(target.payAmountMinor, target.currency) },
          { key: 'provider', label: t('field.provider'), children: target.provider ? t(`provider.${target.provider}`, { defaultValue: target.provider }) : '—' },
          ...(target.requestReason !== undefined ? [{ key: 'reason', label: t('refundRequest.playerReason'), children: target.requestReason ?? '—' }] : []),
        ]}
      />
      <Alert type="info" showIcon title={t('refund.explain')} style={{ marginBottom: 12 }} />
      {mustAccept && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('refund.vouchersSpent', { spent: target.vouchers.spent, credited: target.vouchers.credited })}
          description={
            <Checkbox checked={acceptLoss} onChange={(event) => setAcceptLoss(event.target.checked)} data-testid="refund-accept-loss">
              {t('refund.acceptLoss', { count: target.vouchers.spent })}
            </Checkbox>
          }
        />
      )}
      <Input.TextArea
        placeholder={t('refund.reason')}
        value={reason}
        maxLength={200}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        onChange={(event) => setReason(event.target.value)}
        data-testid="refund-reason"
      />
      {refund.isError && <Alert type="error" showIcon title={refund.error.message} style={{ marginTop: 12 }} data-testid="refund-error" />}
    </Modal>
  );
}
