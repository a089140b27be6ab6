import { countryList } from '@shop/contract/countries';
import { getCaptcha, getCode, verifyCaptcha, type CaptchaVerifyBody, type GetCodeBody } from '@shop/contract/verification';
import { call } from '../api/client';

export const fetchCountries = () => call(countryList, { silent: true });
export const fetchCaptcha = () => call(getCaptcha, { silent: true });
export const checkCaptcha = (body: CaptchaVerifyBody) => call(verifyCaptcha, { body });
export const sendCode = (body: GetCodeBody) => call(getCode, { body });
