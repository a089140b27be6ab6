import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GetCodeBody } from '@shop/contract/verification';
import { showToast } from '../ui/toast';
import { sendCode } from './verification-api';
import { secondsLeft } from './countdown';
import { CaptchaDialog } from './CaptchaDialog';
import './forms.css';

export type CodeTarget = Omit<GetCodeBody, 'botCheckToken'>;

/**
 * "Get code": checks the target (a message key when it is not valid), shows the slide puzzle, sends the code with the
 * puzzle's bot-check token, then counts down 60 s before it can be asked again.
 */
export function CodeButton({ target, onInvalid }: { target: () => CodeTarget | string; onInvalid: (key: string) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<CodeTarget>();
  const [startedAt, setStartedAt] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(startedAt, now);

  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const close = useCallback(() => setPending(undefined), []);

  const start = () => {
    const value = target();
    if (typeof value === 'string') return onInvalid(value);
    onInvalid('');
    setPending(value);
  };

  const solved = (botCheckToken: string) => {
    const body = pending;
    setPending(undefined);
    if (!body) return;
    sendCode({ ...body, botCheckToken }).then(
      () => {
        showToast(t('auth.codeSent'));
        const at = Date.now();
        setNow(at);
        setStartedAt(at);
      },
      () => undefined, // the client showed the server's message
    );
  };

  return (
    <>
      <button type="button" className="form-code" data-testid="get-code" disabled={left > 0} onClick={start}>
        {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.getCode')}
      </button>
      {pending && <CaptchaDialog onSolved={solved} onClose={close} />}
    </>
  );
}
