import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { isObject, useRawJsonAndForms } from '../shared/body.ts';
import { GeetestStore, type ValidateFields } from './store.ts';

/** The script, read once. It is static: it finds the stand-in's API next to the URL it was loaded from. */
const SCRIPT_SOURCE = readFileSync(new URL('./gt4.js', import.meta.url), 'utf8');

const VALIDATE_FIELDS = ['lot_number', 'captcha_output', 'pass_token', 'gen_time', 'sign_token'] as const;

/** Query and form fields together, as GeeTest's validate API takes them either way (GET or POST). */
function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  return { ...(isObject(request.query) ? request.query : {}), ...(isObject(request.body) ? request.body : {}) };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 8192 ? value : undefined);

/** The page's calls come from the shop's origin (another one when the sandbox runs on its own). */
const forPages = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');

/**
 * GeeTest v4 stand-in, mounted at {publicUrl}/geetest: the script (`/v4/gt4.js`), the page's challenge API (`/load`,
 * `/verify`) and the server's secondary validation (`/validate`), for the sandbox captcha_id only.
 */
export async function geetestPlugin(app: FastifyInstance, opts: { store?: GeetestStore } = {}): Promise<void> {
  const { captchaId, captchaKey } = SANDBOX_CREDENTIALS.geetest;
  const store = opts.store ?? new GeetestStore({ [captchaId]: captchaKey });
  await useRawJsonAndForms(app);

  app.get('/v4/gt4.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      // The shop's page (another origin when the sandbox runs on its own) loads it as a classic cross-origin script.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'no-cache')
      .send(SCRIPT_SOURCE),
  );

  // A form post is a "simple" request that browsers send without asking first; some clients ask anyway.
  for (const path of ['/load', '/verify']) {
    app.options(path, async (_request, reply) =>
      forPages(reply).header('access-control-allow-methods', 'GET, POST').header('access-control-allow-headers', 'content-type').code(204).send(),
    );
  }

  app.get('/load', async (request, reply) => {
    const id = text(fieldsOf(request)['captcha_id']);
    forPages(reply);
    if (!id || !store.knows(id)) return { status: 'error', code: '-50005', msg: 'captcha_id is incorrect' };
    return { status: 'success', data: store.load(id) };
  });

  app.post('/verify', async (request, reply) => {
    const fields = fieldsOf(request);
    const id = text(fields['captcha_id']);
    const lotNumber = text(fields['lot_number']);
    const answer = text(fields['answer']);
    forPages(reply);
    if (!id || !lotNumber || !answer || !/^\d{1,2}$/.test(answer)) return { status: 'error', code: '-50001', msg: 'captcha_id, lot_number and answer are required' };
    const outcome = store.verify(id, lotNumber, Number(answer));
    if ('error' in outcome) return { status: 'error', code: '-50002', msg: outcome.error };
    return { status: 'success', data: outcome };
  });

  const validate = async (request: FastifyRequest) => {
    const fields = fieldsOf(request);
    const id = text(fields['captcha_id']);
    if (!id || !store.knows(id)) return { status: 'error', code: '-50005', msg: 'illegal captcha_id' };
    const missing = VALIDATE_FIELDS.filter((name) => !text(fields[name]));
    if (missing.length) return { status: 'error', code: '-50001', msg: `param missing: ${missing.join(', ')}` };
    const given = Object.fromEntries(VALIDATE_FIELDS.map((name) => [name, text(fields[name])!])) as unknown as ValidateFields;
    const verdict = store.validate(id, given);
    return {
      status: 'success',
      result: verdict.result,
      reason: verdict.result === 'fail' ? verdict.reason : '',
      captcha_args: { used_type: 'sandbox-pick', lot_number: given.lot_number, scene: 'sandbox' },
    };
  };
  app.get('/validate', validate);
  app.post('/validate', validate);
}
