import { t } from '../i18n/i18n';

/**
 * The expired-session dialog (spec section 8): one Refresh button, no other way out. Resolves when Refresh is pressed.
 * antd-mobile's Dialog is loaded only when it is needed.
 */
export async function askToRefreshSession(): Promise<void> {
  let Dialog: typeof import('antd-mobile/es/components/dialog').default;
  try {
    const loaded = await Promise.all([import('./antd-setup'), import('antd-mobile/es/components/dialog')]);
    Dialog = loaded[1].default;
  } catch {
    // the dialog chunk could not load: the browser's own dialog says the same thing
    window.alert(t('session.expired'));
    return;
  }
  await new Promise<void>((resolve) => {
    Dialog.show({
      content: t('session.expired'),
      closeOnMaskClick: false,
      closeOnAction: true,
      actions: [{ key: 'refresh', text: t('session.refresh'), bold: true }],
      onAction: () => resolve(),
    });
  });
}
