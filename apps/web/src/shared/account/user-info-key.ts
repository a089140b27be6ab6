import { queryClient } from '../query/query-client';

/** The key of user/info in the query cache (the account screens' and the voucher page's queries start with it). */
export const userInfoKey = ['user-info'] as const;

/** After the session acts for another game account or a contact or the password changes. */
export const invalidateUserInfo = () => queryClient.invalidateQueries({ queryKey: userInfoKey });
