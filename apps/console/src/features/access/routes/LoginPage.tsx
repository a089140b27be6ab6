import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../shared/ui/LanguageSwitch';
import { useLogin } from '../api/login';

interface LoginForm {
  email: string;
  password: string;
  code: string;
}

/** E-mail, password and the authenticator's code (or a recovery code) on one form. */
export default function LoginPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [useRecovery, setUseRecovery] = useState(false);
  const login = useLogin();
  const { control, handleSubmit, formState } = useForm<LoginForm>({ defaultValues: { email: '', password: '', code: '' } });

  const submit = handleSubmit((form) =>
    login.mutate(
      { email: form.email.trim(), password: form.password, ...(useRecovery ? { recoveryCode: form.code.trim() } : { totp: form.code.trim() }) },
      {
        onSuccess: () => {
          const next = params.get('next');
          void navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/orders', { replace: true });
        },
      },
    ),
  );

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f7' }}>
      <Card style={{ width: 380 }} data-testid="login-page">
        <Flex justify="space-between" align="baseline">
          <Typography.Title level={4}>{t('login.title')}</Typography.Title>
          <LanguageSwitch />
        </Flex>
        {params.get('ended') && !login.isError && <Alert type="info" showIcon title={t('login.sessionEnded')} style={{ marginBottom: 16 }} data-testid="login-session-ended" />}
        {login.isError && <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form layout="vertical" onFinish={() => void submit()}>
          {/* htmlFor and id bind each label to its input: the fields are react-hook-form's, so Form.Item has no name to bind by */}
          <Form.Item label={t('login.email')} htmlFor="login-email" validateStatus={formState.errors.email ? 'error' : ''} help={formState.errors.email && t('login.required')}>
            <Controller name="email" control={control} rules={{ required: true }} render={({ field }) => <Input {...field} id="login-email" type="email" autoComplete="username" data-testid="login-email" />} />
          </Form.Item>
          <Form.Item label={t('login.password')} htmlFor="login-password" validateStatus={formState.errors.password ? 'error' : ''} help={formState.errors.password && t('login.required')}>
            <Controller name="password" control={control} rules={{ required: true }} render={({ field }) => <Input.Password {...field} id="login-password" autoComplete="current-password" data-testid="login-password" />} />
          </Form.Item>
          <Form.Item
            label={useRecovery ? t('login.recoveryCode') : t('login.totp')}
            htmlFor="login-code"
            validateStatus={formState.errors.code ? 'error' : ''}
            help={formState.errors.code && (useRecovery ? t('login.recoveryCodeFormat') : t('login.totpFormat'))}
          >
            <Controller
              name="code"
              control={control}
              rules={{ required: true, pattern: useRecovery ? /^[a-z0-9]{5}-?[a-z0-9]{5}$/i : /^\d{6}$/ }}
              render={({ field }) => <Input {...field} id="login-code" autoComplete="one-time-code" inputMode={useRecovery ? 'text' : 'numeric'} data-testid="login-code" />}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Button type="link" block onClick={() => setUseRecovery(!useRecovery)} style={{ marginTop: 8 }}>
            {useRecovery ? t('login.useTotp') : t('login.useRecovery')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
