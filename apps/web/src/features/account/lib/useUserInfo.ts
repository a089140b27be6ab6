import { useAsyncData } from '../../../shared/hooks/useAsyncData';
import { fetchUserInfo } from '../api/account-api';

/** GET /user/info for the account screens; `reload` after a change. */
export const useUserInfo = () => useAsyncData('user-info', fetchUserInfo);
