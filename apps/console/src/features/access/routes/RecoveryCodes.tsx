import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once: each logs in once when the authenticator is lost. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('access');
  return (
    <div data-testid="recovery-codes">
      <Alert type="warning" showIcon title={t('recovery.saveNow')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
        <pre style={{ columns: 2, margin: 0 }}>{codes.join('\n')}</pre>
      </Typography.Paragraph>
    </div>
  );
}
