import type { ReactNode } from 'react';
import { useCan } from './use-me';

/** Shows its children only to roles with the permission (buttons a role may not use are not offered). */
export function Can({ permission, children }: { permission: string; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : null;
}
