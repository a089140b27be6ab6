import { countryList } from '@shop/contract/countries';
import { checkCodeTarget, getCaptcha, getCode, verifyCaptcha, type CaptchaVerifyBody, type CodeTargetBody, type GetCodeBody } from '@shop/contract/verification';
import { call } from '../api/client';

export const fetchCountries = () => call(countryList, { silent: true });
export const fetchCaptcha = () => call(getCaptcha, { silent: true });
export const checkCaptcha = (body: CaptchaVerifyBody) => call(verifyCaptcha, { body });
export const sendCode = (body: GetCodeBody) => call(getCode, { body });
/** Before the puzzle: whether the code can go there at all (an excluded calling code, an unregistered phone are refused). */
export const checkTarget = (body: CodeTargetBody) => call(checkCodeTarget, { body });
