import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { startHarness, type Harness } from '../testing/harness.ts';
import { GeetestStore, LOT_TTL_MS, type PassResult } from './store.ts';

const { captchaId, captchaKey } = SANDBOX_CREDENTIALS.geetest;
const sign = (lotNumber: string, key: string = captchaKey) => createHmac('sha256', key).update(lotNumber).digest('hex');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function load(id: string = captchaId) {
  const response = await fetch(`${h.sandbox.url}/geetest/load?captcha_id=${id}`);
  return { response, body: (await response.json()) as { status: string; data: { lot_number: string; prompt: string; tiles: string[] } } };
}

async function pick(lotNumber: string, answer: number) {
  const response = await fetch(`${h.sandbox.url}/geetest/verify`, form({ captcha_id: captchaId, lot_number: lotNumber, answer: String(answer) }));
  return (await response.json()) as { status: string; data?: { result: string; seccode?: PassResult }; msg?: string };
}

/** Solves a challenge as a person does: the tile that shows the prompt's symbol. */
async function pass(): Promise<PassResult> {
  const { data } = (await load()).body;
  const answer = await pick(data.lot_number, data.tiles.indexOf(data.prompt));
  return answer.data!.seccode!;
}

async function validate(fields: Record<string, string>, id: string = captchaId) {
  const response = await fetch(`${h.sandbox.url}/geetest/validate?captcha_id=${id}`, form(fields));
  return (await response.json()) as { status: string; result?: string; reason?: string; captcha_args?: unknown; msg?: string };
}

const validation = (result: PassResult, key: string = captchaKey) => ({
  lot_number: result.lot_number,
  captcha_output: result.captcha_output,
  pass_token: result.pass_token,
  gen_time: result.gen_time,
  sign_token: sign(result.lot_number, key),
});

describe('GeeTest v4 stand-in', () => {
  it('serves gt4.js as a cross-origin classic script', async () => {
    const response = await fetch(`${h.sandbox.url}/geetest/v4/gt4.js`);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await response.text()).toContain('window.initGeetest4 = initGeetest4');
  });

  it('hands out a challenge for the sandbox captcha_id only, to pages of any origin', async () => {
    const { response, body } = await load();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.status).toBe('success');
    expect(body.data.lot_number).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data.tiles).toHaveLength(6);
    expect(body.data.tiles).toContain(body.data.prompt);
    expect((await load('not-the-sandbox-id')).body).toMatchObject({ status: 'error', code: '-50005' });
  });

  it('passes the right pick with the four fields, and validates them once with the signed lot_number', async () => {
    const result = await pass();
    expect(result).toMatchObject({ captcha_id: captchaId, gen_time: expect.stringMatching(/^\d{10}$/) });
    expect(result.pass_token).toMatch(/^[0-9a-f]{64}$/);
    const first = await validate(validation(result));
    expect(first).toMatchObject({ status: 'success', result: 'success', reason: '' });
    expect(first.captcha_args).toMatchObject({ lot_number: result.lot_number });
    expect(await validate(validation(result))).toMatchObject({ status: 'success', result: 'fail', reason: 'pass_token used' });
  });

  it('takes the validation as a GET with query parameters too, as GeeTest does', async () => {
    const result = await pass();
    const query = new URLSearchParams({ captcha_id: captchaId, ...validation(result) });
    const answer = (await (await fetch(`${h.sandbox.url}/geetest/validate?${query.toString()}`)).json()) as { result: string };
    expect(answer.result).toBe('success');
  });

  it('refuses a wrong sign_token without using the pass up', async () => {
    const result = await pass();
    expect(await validate(validation(result, 'another-key'))).toMatchObject({ result: 'fail', reason: 'sign_token error' });
    expect(await validate({ ...validation(result), sign_token: '' })).toMatchObject({ status: 'error', code: '-50001' });
    expect(await validate(validation(result))).toMatchObject({ result: 'success' });
  });

  it('refuses fields that are not those of the pass, and lots never passed', async () => {
    const result = await pass();
    for (const name of ['pass_token', 'captcha_output', 'gen_time'] as const) {
      expect(await validate({ ...validation(result), [name]: `${result[name]}0` })).toMatchObject({ result: 'fail', reason: 'pass_token error' });
    }
    const { data } = (await load()).body;
    expect(await validate({ ...validation(result), lot_number: data.lot_number, sign_token: sign(data.lot_number) })).toMatchObject({
      result: 'fail',
      reason: 'lot_number not passed',
    });
    expect(await validate(validation(result), 'not-the-sandbox-id')).toMatchObject({ status: 'error', code: '-50005' });
  });

  it('uses a lot up on a wrong pick: no second try', async () => {
    const { data } = (await load()).body;
    const right = data.tiles.indexOf(data.prompt);
    expect(await pick(data.lot_number, (right + 1) % 6)).toEqual({ status: 'success', data: { result: 'fail' } });
    expect(await pick(data.lot_number, right)).toMatchObject({ status: 'error', msg: 'lot_number already used' });
    expect(await pick('0'.repeat(32), 0)).toMatchObject({ status: 'error', msg: 'lot_number unknown or expired' });
    const malformed = await fetch(`${h.sandbox.url}/geetest/verify`, form({ captcha_id: captchaId, lot_number: data.lot_number, answer: '' }));
    expect(await malformed.json()).toMatchObject({ status: 'error', code: '-50001' });
  });
});

describe('GeetestStore', () => {
  it('lets a lot and its pass expire after 10 minutes', () => {
    let now = 1_700_000_000_000;
    const store = new GeetestStore({ id: 'key' }, () => now);
    const late = store.load('id');
    now += LOT_TTL_MS + 1;
    expect(store.verify('id', late.lot_number, late.tiles.indexOf(late.prompt))).toEqual({ error: 'lot_number unknown or expired' });

    const challenge = store.load('id');
    const outcome = store.verify('id', challenge.lot_number, challenge.tiles.indexOf(challenge.prompt));
    if (!('result' in outcome) || outcome.result !== 'success') throw new Error('expected a pass');
    now += LOT_TTL_MS + 1;
    const fields = { ...outcome.seccode, sign_token: sign(challenge.lot_number, 'key') };
    expect(store.validate('id', fields)).toEqual({ result: 'fail', reason: 'pass_token expire' });
  });
});
