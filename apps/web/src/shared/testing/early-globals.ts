// For unit tests (Node, no DOM) of the code that runs before the app: a bound game account, and the document's head
// stubbed to record the preload links added to it.
import { vi } from 'vitest';
import type { BoundRole } from '@shop/contract/roles';

export const boundRole = (id: number, flags: Partial<BoundRole> = {}): BoundRole => ({
  id,
  appId: 10030,
  gameName: 'Breaking Dead',
  gameId: `g${id}`,
  roleId: `r${id}`,
  roleName: `R${id}`,
  accountName: 'A',
  level: 1,
  serverId: '1',
  serverName: 'S1',
  isDefault: false,
  current: false,
  ...flags,
});

/** Stubs `document` (no runtime configuration, a head); returns the links appended, as "rel as href". */
export function stubDocumentHead(): string[] {
  const appended: string[] = [];
  vi.stubGlobal('document', {
    getElementById: () => null,
    createElement: () => ({}),
    head: { append: (link: { rel: string; as: string; href: string }) => appended.push(`${link.rel} ${link.as} ${link.href}`) },
  });
  return appended;
}
