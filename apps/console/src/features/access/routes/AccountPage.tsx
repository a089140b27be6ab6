import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../shared/auth/use-me';
import { formatDateTime } from '../../../shared/ui/format';
import { useRegenerateRecoveryCodes } from '../api/recovery-codes';
import { RecoveryCodes } from './RecoveryCodes';

/** The signed-in operator: who they are, and new recovery codes when few are left. */
export default function AccountPage() {
  const { t } = useTranslation('access');
  const { t: tApp } = useTranslation();
  const { data: me } = useMe();
  const [totp, setTotp] = useState('');
  const regenerate = useRegenerateRecoveryCodes();
  if (!me) return null;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Card title={t('account.title')}>
        <Descriptions column={1}>
          <Descriptions.Item label={t('login.email')}>{me.email}</Descriptions.Item>
          <Descriptions.Item label={t('enrol.name')}>{me.name}</Descriptions.Item>
          <Descriptions.Item label={t('enrol.role')}>{tApp(`role.${me.role}`)}</Descriptions.Item>
          <Descriptions.Item label={t('account.lastLogin')}>{formatDateTime(me.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label={t('account.idle')}>{t('account.idleMinutes', { count: Math.round(me.idleTimeoutSeconds / 60) })}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('recovery.title')}>
        <p>{t('recovery.left', { count: me.recoveryCodesLeft })}</p>
        {me.recoveryCodesLeft < 3 && <Alert type="warning" showIcon title={t('recovery.few')} style={{ marginBottom: 12 }} />}
        {regenerate.isError && <Alert type="error" showIcon title={regenerate.error.message} style={{ marginBottom: 12 }} />}
        {regenerate.data ? (
          <RecoveryCodes codes={regenerate.data.recoveryCodes} />
        ) : (
          <Space.Compact>
            <Input placeholder={t('login.totp')} value={totp} onChange={(event) => setTotp(event.target.value.trim())} inputMode="numeric" style={{ width: 200 }} />
            <Button type="primary" disabled={!/^\d{6}$/.test(totp)} loading={regenerate.isPending} onClick={() => regenerate.mutate(totp)}>
              {t('recovery.regenerate')}
            </Button>
          </Space.Compact>
        )}
      </Card>
    </Space>
  );
}
