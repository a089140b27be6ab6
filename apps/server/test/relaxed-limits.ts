/**
 * Rate limits of the test harnesses (API, proof and browser tests): far above what their many quick logins, codes and
 * orders from 127.0.0.1 need. The limits stay on; the tests of the limits themselves start a shop with low values.
 */
export const RELAXED_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_REGISTER_PER_IP: '1000000',
  RATE_LIMIT_REGISTER_PER_ACCOUNT: '1000000',
  RATE_LIMIT_REFRESH_PER_IP: '1000000',
  RATE_LIMIT_CODE_PER_IP: '1000000',
  RATE_LIMIT_CODE_PER_ACCOUNT: '1000000',
  RATE_LIMIT_CAPTCHA_PER_IP: '1000000',
  RATE_LIMIT_ORDER_PER_IP: '1000000',
  RATE_LIMIT_ORDER_PER_PLAYER: '1000000',
  UNPAID_ORDERS_PER_PLAYER: '100000',
};
