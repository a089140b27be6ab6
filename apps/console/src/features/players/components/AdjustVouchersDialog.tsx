import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_VOUCHER_ADJUSTMENT, type AdjustDirection, type RoleView } from '@shop/contract/console/players';
import { useShowError } from '../../../shared/ui/errors';
import { useAdjustVouchers } from '../api/adjust-vouchers';

interface AdjustForm {
  direction: AdjustDirection;
  amount: number | null;
  reason: string;
}

/** A random key for one adjustment (the ledger reference): the same dialog sends the same key, so it applies once. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const formatCount = (value: number) => value.toLocaleString();

/**
 * Credit or debit a role's vouchers with a reason. Mount it when it opens: the key is made then and kept while it is
 * open, so a double click or a retry after a lost answer sends the same key and the server applies it once.
 */
export function AdjustVouchersDialog({ role, playerId, onClose }: { role: RoleView; playerId?: number; onClose: () => void }) {
  const { t } = useTranslation('players');
  const { message } = App.useApp();
  const adjust = useAdjustVouchers();
  const showError = useShowError();
  // one key per dialog: the dialog is mounted when opened, so each adjustment gets its own
  const [key] = useState(newKey);
  const { control, handleSubmit, formState } = useForm<AdjustForm>({ defaultValues: { direction: 'credit', amount: null, reason: '' } });

  const direction = useWatch({ control, name: 'direction' });
  const amount = useWatch({ control, name: 'amount' });
  const after = amount ? role.balance + (direction === 'credit' ? amount : -amount) : null;

  const submit = handleSubmit((form) => {
    if (adjust.isPending) return;
    adjust.mutate(
      { gameAccountId: role.gameAccountId, body: { direction: form.direction, amount: form.amount!, reason: form.reason.trim(), key } },
      {
        onSuccess: (answer) => {
          void message.success(t(answer.replayed ? 'adjust.replayed' : 'adjust.done', { balance: formatCount(answer.balance) }));
          onClose();
        },
        onError: showError,
      },
    );
  });

  return (
    <Modal
      open
      title={t('adjust.title', { name: role.roleName })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={adjust.isPending}
      okText={t('adjust.submit')}
      okButtonProps={{ 'data-testid': 'adjust-submit', danger: direction === 'debit' }}
    >
      {playerId !== undefined && role.ownerUserId !== playerId && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={role.ownerUserId === null ? t('adjust.noOwnerYet') : t('adjust.notOwner')} />
      )}
      <Typography.Paragraph>{t('adjust.current', { balance: formatCount(role.balance) })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('adjust.direction')}>
          <Controller
            name="direction"
            control={control}
            render={({ field }) => (
              <Radio.Group {...field} optionType="button" buttonStyle="solid" data-testid="adjust-direction">
                <Radio.Button value="credit">
                  <span data-testid="adjust-direction-credit">{t('adjust.credit')}</span>
                </Radio.Button>
                <Radio.Button value="debit">
                  <span data-testid="adjust-direction-debit">{t('adjust.debit')}</span>
                </Radio.Button>
              </Radio.Group>
            )}
          />
        </Form.Item>
        <Form.Item
          label={t('adjust.amount')}
          validateStatus={formState.errors.amount ? 'error' : ''}
          help={formState.errors.amount && (formState.errors.amount.type === 'belowZero' ? t('adjust.belowZero') : t('adjust.amountRule', { max: formatCount(MAX_VOUCHER_ADJUSTMENT) }))}
        >
          <Controller
            name="amount"
            control={control}
            rules={{
              required: true,
              min: 1,
              max: MAX_VOUCHER_ADJUSTMENT,
              validate: {
                whole: (value) => value !== null && Number.isInteger(value),
                belowZero: (value, form) => form.direction !== 'debit' || value === null || value <= role.balance,
              },
            }}
            render={({ field }) => (
              <InputNumber
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                onBlur={field.onBlur}
                min={1}
                max={MAX_VOUCHER_ADJUSTMENT}
                precision={0}
                style={{ width: 200 }}
                data-testid="adjust-amount"
              />
            )}
          />
        </Form.Item>
        {after !== null && (
          <Typography.Paragraph type={after < 0 ? 'danger' : 'secondary'} data-testid="adjust-after">
            {t('adjust.after', { balance: formatCount(after) })}
          </Typography.Paragraph>
        )}
        <Form.Item label={t('adjust.reason')} validateStatus={formState.errors.reason ? 'error' : ''} help={formState.errors.reason && t('adjust.reasonRule')}>
          <Controller
            name="reason"
            control={control}
            rules={{ validate: (value) => value.trim().length >= 3 && value.trim().length <= 500 }}
            render={({ field }) => <Input.TextArea {...field} rows={3} maxLength={500} showCount placeholder={t('adjust.reasonPlaceholder')} data-testid="adjust-reason" />}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
