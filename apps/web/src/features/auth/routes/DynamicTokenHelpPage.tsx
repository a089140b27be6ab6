import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader';
import './auth.css';

const STEPS = ['auth.dynamicHelp.step1', 'auth.dynamicHelp.step2', 'auth.dynamicHelp.step3', 'auth.dynamicHelp.step4'] as const;

/** Where the one-time dynamic token is found in the game, and how long it lasts. */
export default function DynamicTokenHelpPage() {
  const { t } = useTranslation();
  return (
    <main className="shop-page auth-page" data-testid="dynamic-help-page">
      <PageHeader title={t('auth.dynamicHelp.title')} />
      <div className="auth-body">
        <p>{t('auth.dynamicHelp.intro')}</p>
        <ol className="auth-steps">
          {STEPS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <p className="shop-muted">{t('auth.dynamicHelp.note')}</p>
      </div>
    </main>
  );
}
