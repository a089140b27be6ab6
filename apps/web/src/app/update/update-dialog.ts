import { getConfig } from '../../shared/config/runtime-config';
import { t } from '../../shared/i18n/i18n';
import { startUpdateCheck } from './version-check';

/** "New version available" with one button, "UPDATE NOW!", which reloads the page (antd-mobile's Dialog, loaded on demand). */
export async function showUpdateDialog(reload: () => void = () => location.reload()): Promise<void> {
  try {
    const [, { default: Dialog }] = await Promise.all([import('../../shared/ui/antd-setup'), import('antd-mobile/es/components/dialog')]);
    Dialog.show({
      title: t('update.title'),
      content: t('update.text'),
      closeOnMaskClick: false,
      closeOnAction: true,
      actions: [{ key: 'update', text: t('update.now'), bold: true, className: 'shop-update-now' }],
      onAction: () => reload(),
    });
  } catch {
    if (window.confirm(`${t('update.title')}\n${t('update.now')}`)) reload();
  }
}

let started = false;

/** Starts the version check once per page. */
export function installUpdateCheck(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const config = getConfig();
  startUpdateCheck({ currentBuildId: config.buildId, apiBase: config.apiBase, onNewVersion: () => void showUpdateDialog() });
}
