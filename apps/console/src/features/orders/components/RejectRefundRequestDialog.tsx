import { useState } from 'react';
import { Alert, App, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRejectRefundRequest } from '../api/reject-refund-request';

export interface RejectTarget {
  id: number;
  orderSn: string;
  playerReason: string | null;
}

/** Rejects a player's refund request: the operator's reason is required (it is kept in the audit log). */
export function RejectRefundRequestDialog({ target, onClose }: { target: RejectTarget | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const reject = useRejectRefundRequest();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    reject.reset();
    onClose();
  };
  if (!target) return null;
  const submit = () =>
    reject.mutate(
      { id: target.id, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('refundRequest.rejected'));
          close();
        },
      },
    );
  return (
    <Modal
      open
      title={t('refundRequest.rejectTitle', { tail: target.orderSn.slice(12) })}
      okText={t('refundRequest.reject')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: reject.isPending, 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('refundRequest.playerReason')}: {target.playerReason ?? '—'}
      </Typography.Paragraph>
      <Input.TextArea
        placeholder={t('refundRequest.answer')}
        value={reason}
        maxLength={500}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(event) => setReason(event.target.value)}
        data-testid="refund-request-reason"
      />
      {reject.isError && <Alert type="error" showIcon title={reject.error.message} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
