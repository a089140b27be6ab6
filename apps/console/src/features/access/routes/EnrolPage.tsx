import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, QRCode, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../shared/ui/LanguageSwitch';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { RecoveryCodes } from './RecoveryCodes';

interface EnrolForm {
  password: string;
  confirm: string;
  totp: string;
}

/** The invited operator's enrolment: choose a password, scan the TOTP secret, confirm it with a code, keep the recovery codes. */
export default function EnrolPage() {
  const { t } = useTranslation('access');
  const { t: tApp } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const { control, handleSubmit, formState, getValues } = useForm<EnrolForm>({ defaultValues: { password: '', confirm: '', totp: '' } });

  const submit = handleSubmit((form) => {
    if (!invitation.data) return;
    accept.mutate({ token, password: form.password, totpSecret: invitation.data.totpSecret, totp: form.totp.trim() });
  });

  let body;
  if (!token || invitation.isError) body = <Result status="warning" title={invitation.error?.message ?? t('enrol.noToken')} />;
  else if (!invitation.data) body = <Spin />;
  else if (accept.data)
    body = (
      <>
        <Result status="success" title={t('enrol.done')} />
        <RecoveryCodes codes={accept.data.recoveryCodes} />
        <Link to="/login">
          <Button type="primary" block data-testid="enrol-to-login">
            {t('enrol.toLogin')}
          </Button>
        </Link>
      </>
    );
  else
    body = (
      <>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('login.email')}>{invitation.data.email}</Descriptions.Item>
          <Descriptions.Item label={t('enrol.name')}>{invitation.data.name}</Descriptions.Item>
          <Descriptions.Item label={t('enrol.role')}>{tApp(`role.${invitation.data.role}`)}</Descriptions.Item>
        </Descriptions>
        {accept.isError && <Alert type="error" showIcon title={accept.error.message} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item label={t('enrol.password')} htmlFor="enrol-password" validateStatus={formState.errors.password ? 'error' : ''} help={formState.errors.password && t('enrol.passwordRule')}>
            <Controller name="password" control={control} rules={{ required: true, minLength: 12, maxLength: 128 }} render={({ field }) => <Input.Password {...field} id="enrol-password" autoComplete="new-password" data-testid="enrol-password" />} />
          </Form.Item>
          <Form.Item label={t('enrol.confirm')} htmlFor="enrol-confirm" validateStatus={formState.errors.confirm ? 'error' : ''} help={formState.errors.confirm && t('enrol.mismatch')}>
            <Controller
              name="confirm"
              control={control}
              rules={{ validate: (value) => value === getValues('password') }}
              render={({ field }) => <Input.Password {...field} id="enrol-confirm" autoComplete="new-password" data-testid="enrol-confirm" />}
            />
          </Form.Item>
          <Typography.Paragraph>{t('enrol.scan')}</Typography.Paragraph>
          <QRCode value={invitation.data.otpauthUri} style={{ marginBottom: 8 }} />
          <Typography.Paragraph copyable code data-testid="enrol-secret">
            {invitation.data.totpSecret}
          </Typography.Paragraph>
          <Form.Item label={t('login.totp')} htmlFor="enrol-totp" validateStatus={formState.errors.totp ? 'error' : ''} help={formState.errors.totp && t('login.totpFormat')}>
            <Controller name="totp" control={control} rules={{ required: true, pattern: /^\d{6}$/ }} render={({ field }) => <Input {...field} id="enrol-totp" inputMode="numeric" autoComplete="one-time-code" data-testid="enrol-totp" />} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={accept.isPending} data-testid="enrol-submit">
            {t('enrol.submit')}
          </Button>
        </Form>
      </>
    );

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f7', padding: 24 }}>
      <Card style={{ width: 440 }} data-testid="enrol-page">
        <Flex justify="space-between" align="baseline">
          <Typography.Title level={4}>{t('enrol.title')}</Typography.Title>
          <LanguageSwitch />
        </Flex>
        {body}
      </Card>
    </div>
  );
}
