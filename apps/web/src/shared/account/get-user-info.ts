import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfo } from '@shop/contract/auth';
import { call } from '../api/client';
import { userInfoKey } from './user-info-key';

export const fetchUserInfo = () => call(userInfo, {});

export const userInfoQuery = () => queryOptions({ queryKey: [...userInfoKey, 'account'] as const, queryFn: fetchUserInfo });

/** GET /user/info for the account screens and the shop's prices (asked for again after a change: user-info-key.ts). */
export const useUserInfo = () => useQuery(userInfoQuery());
