import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleList } from '@shop/contract/roles';
import type { Language } from '@shop/contract/languages';
import { call } from '../api/client';
import { queryClient } from '../query/query-client';

/** The caller's bound game accounts (default first), of one game or of all. Used by the shop, the role screen and checkout. */
export const fetchBoundRoles = (appId?: number) => call(roleList, { body: appId ? { appId } : {} });

export const boundRolesKey = ['bound-roles'] as const;

/** Game names come in the request's language. */
export const boundRolesQuery = (language: Language, appId?: number) =>
  queryOptions({ queryKey: [...boundRolesKey, appId ?? 'all', language] as const, queryFn: () => fetchBoundRoles(appId) });

export const useBoundRoles = (language: Language, options: { appId?: number; enabled?: boolean } = {}) =>
  useQuery({ ...boundRolesQuery(language, options.appId), enabled: options.enabled ?? true });

/** After binding, unbinding, switching or choosing the default account. */
export const invalidateBoundRoles = () => queryClient.invalidateQueries({ queryKey: boundRolesKey });
