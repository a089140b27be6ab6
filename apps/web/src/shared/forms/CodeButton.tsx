import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeTargetBody } from '@shop/contract/verification';
import { showToast } from '../ui/toast';
import { checkTarget, sendCode } from './verification-api';
import { secondsLeft } from './countdown';
import { CaptchaDialog } from './CaptchaDialog';
import './forms.css';

export type CodeTarget = CodeTargetBody;

/**
 * "Get code": checks the target (a message key when it is not valid), asks the server whether a code can go there (an
 * excluded calling code such as +84, or an unregistered phone for a reset, is refused before any puzzle), shows the
 * slide puzzle, sends the code with the puzzle's bot-check token, then counts down 60 s before it can be asked again.
 */
export function CodeButton({ target, onInvalid }: { target: () => CodeTarget | string; onInvalid: (key: string) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<CodeTarget>();
  const [checking, setChecking] = useState(false);
  const [startedAt, setStartedAt] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(startedAt, now);

  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const close = useCallback(() => setPending(undefined), []);

  const start = async () => {
    const value = target();
    if (typeof value === 'string') return onInvalid(value);
    onInvalid('');
    setChecking(true);
    try {
      await checkTarget(value);
      setPending(value);
    } catch {
      // the client showed the server's reason ("Invalid number", "not registered"...): no puzzle for it
    } finally {
      setChecking(false);
    }
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
      <button
        type="button"
        className="form-code"
        data-testid="get-code"
        disabled={left > 0 || checking}
        aria-busy={checking}
        onClick={() => void start()}
      >
        {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.getCode')}
      </button>
      {pending && <CaptchaDialog onSolved={solved} onClose={close} />}
    </>
  );
}
