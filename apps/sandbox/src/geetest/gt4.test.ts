import { createHmac } from 'node:crypto';
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { startHarness, waitFor, type Harness } from '../testing/harness.ts';

/** gt4.js in a DOM (happy-dom), loaded from the sandbox as the shop's page loads it, and solved by clicking. */

const { captchaId, captchaKey } = SANDBOX_CREDENTIALS.geetest;

type Handler = (arg?: unknown) => void;
interface CaptchaObj {
  appendTo(target: string): CaptchaObj;
  showCaptcha(): CaptchaObj;
  getValidate(): Record<string, string> | false;
  reset(): CaptchaObj;
  destroy(): void;
  onReady(handler: Handler): CaptchaObj;
  onNextReady(handler: Handler): CaptchaObj;
  onSuccess(handler: Handler): CaptchaObj;
  onFail(handler: Handler): CaptchaObj;
  onError(handler: Handler): CaptchaObj;
  onClose(handler: Handler): CaptchaObj;
}
type InitGeetest4 = (config: Record<string, unknown>, callback: (captcha: CaptchaObj) => void) => void;

interface Node {
  textContent: string | null;
  click(): void;
}

let h: Harness;
let browser: Window;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  await browser.happyDOM.close();
});

async function loadScript(): Promise<InitGeetest4> {
  browser = new Window({
    url: 'http://shop.example/login/registerAccount',
    settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
  const script = browser.document.createElement('script');
  script.async = true;
  script.src = `${h.sandbox.url}/geetest/v4/gt4.js`;
  browser.document.head.appendChild(script);
  await browser.happyDOM.waitUntilComplete();
  return (browser as unknown as { initGeetest4: InitGeetest4 }).initGeetest4;
}

/** Records every callback of a captcha object, in order. */
function watch(captcha: CaptchaObj): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  for (const name of ['Ready', 'NextReady', 'Success', 'Fail', 'Error', 'Close'] as const) {
    captcha[`on${name}`]((arg) => seen.push([name, arg]));
  }
  return seen;
}

const query = (selector: string) => browser.document.querySelector(selector) as unknown as Node | null;
const tiles = () => [...browser.document.querySelectorAll('.geetest_tile')] as unknown as Node[];
const target = () => query('.geetest_target')?.textContent;

async function bind(init: InitGeetest4, config: Record<string, unknown> = {}) {
  let captcha: CaptchaObj | undefined;
  init({ captchaId, product: 'bind', ...config }, (created) => (captcha = created));
  const seen = watch(captcha!);
  return { captcha: captcha!, seen };
}

describe('gt4.js stand-in', () => {
  it('shows the challenge on showCaptcha, and the right pick gives getValidate the fields the server validates', async () => {
    const { captcha, seen } = await bind(await loadScript());
    expect(captcha.getValidate()).toBe(false);
    await waitFor(() => seen.some(([name]) => name === 'Ready'));
    captcha.showCaptcha();
    expect(query('[role="dialog"][aria-label="GeeTest sandbox"]')).not.toBeNull();
    tiles().find((tile) => tile.textContent === target())!.click();
    await waitFor(() => seen.some(([name]) => name === 'Success'));
    expect(query('.geetest_box_wrap')).toBeNull();

    const result = captcha.getValidate() as Record<string, string>;
    expect(Object.keys(result).sort()).toEqual(['captcha_id', 'captcha_output', 'gen_time', 'lot_number', 'pass_token']);
    const sign_token = createHmac('sha256', captchaKey).update(result.lot_number!).digest('hex');
    const { captcha_id: _id, ...fields } = result;
    const answer = await fetch(`${h.sandbox.url}/geetest/validate?captcha_id=${captchaId}`, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, sign_token }),
    });
    expect(await answer.json()).toMatchObject({ result: 'success' });

    captcha.reset();
    expect(captcha.getValidate()).toBe(false);
    await waitFor(() => seen.some(([name]) => name === 'NextReady'));
  });

  it('reports a wrong pick with onFail and shows a new challenge in the same window', async () => {
    const { captcha, seen } = await bind(await loadScript());
    await waitFor(() => seen.some(([name]) => name === 'Ready'));
    captcha.showCaptcha();
    const first = target();
    tiles().find((tile) => tile.textContent !== first)!.click();
    await waitFor(() => seen.some(([name]) => name === 'NextReady'));
    expect(seen.map(([name]) => name)).toEqual(['Ready', 'Fail', 'NextReady']);
    expect(query('.geetest_result')?.textContent).toBe('Not quite. Try this one.');
    expect(tiles()).toHaveLength(6);
    expect(captcha.getValidate()).toBe(false);
  });

  it('calls onClose when the player closes the window, and destroy removes everything', async () => {
    const { captcha, seen } = await bind(await loadScript());
    await waitFor(() => seen.some(([name]) => name === 'Ready'));
    captcha.showCaptcha();
    query('.geetest_close')!.click();
    expect(seen.map(([name]) => name)).toEqual(['Ready', 'Close']);
    expect(query('.geetest_box_wrap')).toBeNull();
    captcha.showCaptcha();
    captcha.destroy();
    expect(query('.geetest_box_wrap')).toBeNull();
  });

  it('puts a button on the page for product popup', async () => {
    const init = await loadScript();
    browser.document.body.innerHTML = '<div id="captcha-box"></div>';
    let captcha: CaptchaObj | undefined;
    init({ captchaId, product: 'popup' }, (created) => (captcha = created.appendTo('#captcha-box')));
    await waitFor(() => tiles().length === 0 && query('#captcha-box .geetest_btn'));
    query('#captcha-box .geetest_btn')!.click();
    await waitFor(() => tiles().length === 6);
    captcha!.destroy();
    expect(query('#captcha-box .geetest_btn')).toBeNull();
  });

  it('reports an unknown captcha_id with onError (60001), and a missing one at once', async () => {
    const init = await loadScript();
    const { seen } = await bind(init, { captchaId: 'not-the-sandbox-id' });
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([['Error', { code: '60001', msg: 'captcha_id is incorrect', desc: { detail: 'captcha_id is incorrect' } }]]);
    expect(() => init({}, () => undefined)).toThrow(/captchaId is required/);
  });
});
