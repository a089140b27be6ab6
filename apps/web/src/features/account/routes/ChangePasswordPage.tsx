import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChangePasswordBody } from '@shop/contract/account';
import { FormError, NewPasswordFields, TextField } from '../../../shared/forms/Fields';
import { firstErrorKey } from '../../../shared/forms/form-errors';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { showToast } from '../../../shared/ui/toast';
import { updatePassword } from '../api/account-api';
import { CHANGE_PASSWORD_FORM_FIELDS, changePasswordFormResolver, type ChangePasswordFormInput } from '../lib/change-password-form';
import './account.css';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<ChangePasswordFormInput, unknown, ChangePasswordBody>({
    resolver: changePasswordFormResolver,
    defaultValues: { oldPassword: '', password: '', confirm: '' },
  });
  const [oldPassword, password, confirm] = useWatch({ control: form.control, name: ['oldPassword', 'password', 'confirm'] });
  // one message at a time, the first problem in field order
  const error = firstErrorKey(form.formState.errors, CHANGE_PASSWORD_FORM_FIELDS);
  const [busy, setBusy] = useState(false);

  /** The form passed its checks and is the contract's body (../lib/change-password-form.ts). */
  const change = (body: ChangePasswordBody) => {
    setBusy(true);
    updatePassword(body)
      .then(
        () => {
          showToast(t('account.passwordChanged'));
          navigate('/my/personalCenter', { replace: true });
        },
        () => undefined, // the API client showed the server's message
      )
      .finally(() => setBusy(false));
  };

  return (
    <main className="shop-page account-page" data-testid="change-password-page">
      <PageHeader title={t('account.changePassword')} />
      <form className="form-stack account-form" noValidate onSubmit={form.handleSubmit(change)}>
        <TextField
          label={t('account.oldPassword')}
          type="password"
          autoComplete="current-password"
          testId="old-password"
          value={oldPassword}
          onChange={(value) => form.setValue('oldPassword', value)}
        />
        <NewPasswordFields
          label={t('auth.newPassword')}
          password={password}
          confirm={confirm}
          onPassword={(value) => form.setValue('password', value)}
          onConfirm={(value) => form.setValue('confirm', value)}
        />
        <FormError messageKey={error} />
        <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="change-password-submit">
          {t('account.save')}
        </button>
      </form>
    </main>
  );
}
