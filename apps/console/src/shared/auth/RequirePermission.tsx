import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from './use-me';

/**
 * A page for roles with a permission: anyone else who opens its address sees why it is closed to them (the menu does not
 * offer it, but a shared link or a bookmark can lead there), instead of an empty page; the server refuses its calls anyway.
 */
export function RequirePermission({ permission, title, children }: { permission: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (!useCan(permission)) return <Result status="403" title={title} subTitle={t('common.forbidden')} data-testid="forbidden" />;
  return <>{children}</>;
}
