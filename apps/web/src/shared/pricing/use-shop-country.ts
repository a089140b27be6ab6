import { useUserInfo } from '../account/get-user-info';
import { useIpCountry } from '../payment/get-ip-country';
import { hasAccountCountry, shopCountryOf } from './shop-country';

/** The shop's pricing country, null until known (the account is loading, or its IP lookup for an account without one). */
export function useShopCountry(): string | null {
  const user = useUserInfo();
  const needsIp = user.isError || (user.isSuccess && !hasAccountCountry(user.data.countryCode));
  const ip = useIpCountry(needsIp);
  if (user.isPending) return null;
  if (!needsIp) return shopCountryOf(user.data?.countryCode, null);
  return ip.isPending ? null : shopCountryOf(null, ip.data);
}
