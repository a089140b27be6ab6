import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './forms.css';

/** The captcha's window over the page: title, close button and the challenge (or a loading line). */
export function CaptchaFrame({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="form-mask" role="presentation">
      <div className="form-captcha" role="dialog" aria-modal="true" aria-label={t('auth.captchaTitle')} data-testid="captcha">
        <div className="form-captcha__head">
          <span>{t('auth.captchaTitle')}</span>
          <button type="button" className="form-captcha__close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children ?? <p className="form-captcha__loading">{t('common.loading')}</p>}
      </div>
    </div>
  );
}
