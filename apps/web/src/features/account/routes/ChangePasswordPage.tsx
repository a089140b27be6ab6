import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, TextField, PasswordMatchHint } from '../../../shared/forms/Fields';
import { checkConfirm, checkPassword, firstProblem } from '../../../shared/forms/validation';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { showToast } from '../../../shared/ui/toast';
import { updatePassword } from '../api/account-api';
import './account.css';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = firstProblem(checkPassword(oldPassword), checkPassword(password), checkConfirm(password, confirm));
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    updatePassword({ oldPassword, password, confirmPassword: confirm })
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
      <form className="form-stack account-form" noValidate onSubmit={submit}>
        <TextField label={t('account.oldPassword')} type="password" autoComplete="current-password" testId="old-password" value={oldPassword} onChange={setOldPassword} />
        <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" testId="password" value={password} onChange={setPassword} />
        <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" testId="confirm-password" value={confirm} onChange={setConfirm} />
        <PasswordMatchHint password={password} confirm={confirm} />
        <FormError messageKey={error} />
        <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="change-password-submit">
          {t('account.save')}
        </button>
      </form>
    </main>
  );
}
