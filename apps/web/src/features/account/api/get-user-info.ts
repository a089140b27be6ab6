import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfo } from '@shop/contract/auth';
import { call } from '../../../shared/api/client';
import { userInfoKey } from '../../../shared/account/user-info-key';

export const fetchUserInfo = () => call(userInfo, {});

export const userInfoQuery = () => queryOptions({ queryKey: [...userInfoKey, 'account'] as const, queryFn: fetchUserInfo });

/** GET /user/info for the account screens (asked for again after a change: shared/account/user-info-key.ts). */
export const useUserInfo = () => useQuery(userInfoQuery());
