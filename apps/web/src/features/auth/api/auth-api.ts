import { login, register, resetPassword, type LoginBody, type RegisterBody, type ResetPasswordBody } from '@shop/contract/account';
import { countryList } from '@shop/contract/countries';
import { getCaptcha, getCode, verifyCaptcha, type CaptchaVerifyBody, type GetCodeBody } from '@shop/contract/verification';
import { call } from '../../../shared/api/client';
import { saveToken } from '../../../shared/storage/token';

export const fetchCountries = () => call(countryList, { silent: true });
export const fetchCaptcha = () => call(getCaptcha, { silent: true });
export const checkCaptcha = (body: CaptchaVerifyBody) => call(verifyCaptcha, { body });
export const sendCode = (body: GetCodeBody) => call(getCode, { body });

/** Log in and keep the token record exactly as quick login does. */
export async function loginWithPassword(body: LoginBody) {
  const data = await call(login, { body, authRedirect: false });
  saveToken(data);
  return data;
}

export async function registerAccount(body: RegisterBody) {
  const data = await call(register, { body, authRedirect: false });
  saveToken(data);
  return data;
}

export const resetAccountPassword = (body: ResetPasswordBody) => call(resetPassword, { body, authRedirect: false });
