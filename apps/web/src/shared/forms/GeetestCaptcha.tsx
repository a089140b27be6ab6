import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeetestCaptchaChallenge } from '@shop/contract/verification';
import { showToast } from '../ui/toast';
import { CaptchaFrame } from './CaptchaFrame';
import { createGeetest, type GeetestCaptchaObject } from './geetest';
import { checkCaptcha } from './verification-api';

/**
 * GeeTest v4's challenge (GeeTest draws it in its own window): its result goes to the server, which validates it with
 * GeeTest and hands over the one-time bot-check token. Until GeeTest is ready our frame shows "Loading…".
 */
export function GeetestCaptcha({
  challenge,
  onSolved,
  onClose,
}: {
  challenge: GeetestCaptchaChallenge;
  onSolved: (botCheckToken: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [ready, setReady] = useState(false);

  const failed = useEffectEvent(() => {
    showToast(t('common.loadFailed'));
    onClose();
  });
  const closed = useEffectEvent(() => onClose());
  const passed = useEffectEvent((captcha: GeetestCaptchaObject) => {
    const result = captcha.getValidate();
    if (!result) return;
    const { lot_number, captcha_output, pass_token, gen_time } = result;
    checkCaptcha({ provider: 'geetest', lot_number, captcha_output, pass_token, gen_time }).then(
      (answer) => {
        showToast(t('auth.captchaOk'));
        onSolved(answer.botCheckToken);
      },
      // the client showed the server's message; GeeTest's result is used up: a new challenge
      () => captcha.reset().showCaptcha(),
    );
  });

  useEffect(() => {
    let live = true;
    let captcha: GeetestCaptchaObject | undefined;
    createGeetest(challenge, i18n.language).then(
      (created) => {
        if (!live) return created.destroy();
        captcha = created;
        created
          .onReady(() => {
            setReady(true);
            created.showCaptcha();
          })
          .onSuccess(() => passed(created))
          .onError(() => failed())
          .onClose(() => closed());
      },
      () => live && failed(),
    );
    return () => {
      live = false;
      captcha?.destroy();
    };
  }, [challenge, i18n.language]);

  return ready ? null : <CaptchaFrame onClose={onClose} />;
}
