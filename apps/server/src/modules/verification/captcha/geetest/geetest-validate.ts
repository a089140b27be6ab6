import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { GeetestCaptchaSolution } from '@shop/contract/verification';
import type { GeetestConfig } from '../../../../config.ts';
import { unavailable } from '../../../../shared/domain-errors.ts';

/**
 * GeeTest's answer to a secondary validation. `status` "error" (with code and msg) means GeeTest refused the request
 * itself (unknown captcha_id, malformed parameters); otherwise `result` is the verdict.
 */
const ValidateAnswer = z.union([
  z.object({ status: z.literal('error'), code: z.unknown().optional(), msg: z.unknown().optional() }),
  z.object({
    status: z.literal('success').optional(),
    result: z.enum(['success', 'fail']),
    reason: z.string().optional(),
    captcha_args: z.record(z.string(), z.unknown()).optional(),
  }),
]);

/** `sign_token`: hex HMAC-SHA256 of the lot_number, keyed by the captcha key (GeeTest v4 server API). */
export function signToken(lotNumber: string, captchaKey: string): string {
  return createHmac('sha256', captchaKey).update(lotNumber, 'utf8').digest('hex');
}

/**
 * GeeTest v4's secondary validation: POST {api}/validate?captcha_id=... form-encoded with lot_number, captcha_output,
 * pass_token, gen_time and sign_token. Resolves with GeeTest's verdict. When GeeTest cannot be reached, answers late,
 * answers non-2xx or with something that is not its answer, it throws 503: the pass is refused, not waved through
 * (ADR 0018, docs/adr/0018-captcha-providers.md).
 */
export async function validateWithGeetest(
  config: GeetestConfig,
  solution: GeetestCaptchaSolution,
  log: FastifyBaseLogger,
  fetchImpl: typeof fetch = fetch,
): Promise<'success' | 'fail'> {
  const url = `${config.apiUrl}/validate?captcha_id=${encodeURIComponent(config.captchaId)}`;
  const form = new URLSearchParams({
    lot_number: solution.lot_number,
    captcha_output: solution.captcha_output,
    pass_token: solution.pass_token,
    gen_time: solution.gen_time,
    sign_token: signToken(solution.lot_number, config.captchaKey),
  });
  let text: string;
  try {
    const response = await fetchImpl(url, { method: 'POST', body: form, signal: AbortSignal.timeout(config.timeoutMs) });
    text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    log.error({ err: error }, 'GeeTest validate unreachable: captcha refused');
    throw unavailable();
  }
  const answer = ValidateAnswer.safeParse(safeJson(text));
  if (!answer.success) {
    log.error({ answer: text.slice(0, 200) }, 'GeeTest validate answered something else than its answer: captcha refused');
    throw unavailable();
  }
  if (answer.data.status === 'error') {
    // Reachable, but it refused the request: a wrong captcha_id is ours to fix, malformed fields the client's.
    log.error({ code: answer.data.code, msg: answer.data.msg }, 'GeeTest refused the validate request');
    return 'fail';
  }
  if (answer.data.result === 'fail') log.info({ reason: answer.data.reason }, 'GeeTest refused the captcha');
  return answer.data.result;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
