import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { basicAuth, buttonAction, startHarness, type Harness } from '../testing/harness.ts';

/**
 * The embed script in a DOM (happy-dom): loaded from the sandbox like the shop's page loads it, opened on a
 * real token, then fed the messages the Pay Station page posts after Pay and Cancel.
 */

const { merchantId, projectId, apiKey } = SANDBOX_CREDENTIALS.xsolla;

interface Widget {
  eventTypes: Record<string, string>;
  init(options: Record<string, unknown>): void;
  open(): void;
  on(event: string, handler: (event: { type: string; detail: unknown }, data: unknown) => void): void;
  off(event?: string, handler?: unknown): void;
}

let h: Harness;
let browser: Window;

async function newToken(): Promise<string> {
  const response = await fetch(`${h.sandbox.url}/xsolla/merchant/v2/merchants/${merchantId}/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(merchantId, apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({
      user: { id: { value: 'widget-user' } },
      settings: { project_id: Number(projectId), external_id: `W-${Date.now()}-${Math.random()}`, mode: 'sandbox' },
      purchase: { checkout: { amount: 1.5, currency: 'USD' } },
    }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** The messages a Pay Station result page would post to its parent. */
async function pageMessages(token: string, label: 'Pay' | 'Cancel'): Promise<string[]> {
  const page = await (await fetch(`${h.sandbox.url}/xsolla/paystation4/?token=${token}`)).text();
  const result = await fetch(buttonAction(page, label), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'framed=1',
  });
  const messages = JSON.parse(/var messages=(\[.*?\]);/.exec(await result.text())?.[1] ?? '[]') as unknown[];
  return messages.map((m) => JSON.stringify(m));
}

/** A page of the shop. The lightbox's iframe loads the real Pay Station page; its messages after a button are replayed. */
function openBrowser(): Window {
  return new Window({
    url: 'http://shop.example/checkout',
    settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true, enableIframePageLoading: true },
  });
}

async function loadWidget(): Promise<Widget> {
  const document = browser.document;
  const script = document.createElement('script');
  // async, as a shop loads it (and so happy-dom fetches it without blocking the sandbox in this process).
  script.async = true;
  script.src = `${h.sandbox.url}/xsolla/embed/paystation/1.2.3/widget.min.js`;
  document.head.appendChild(script);
  await browser.happyDOM.waitUntilComplete();
  return (browser as unknown as { XPayStationWidget: Widget }).XPayStationWidget;
}

function iframe() {
  return browser.document.querySelector('iframe.xpaystation-widget-lightbox-content-iframe') as unknown as {
    src: string;
    contentWindow: unknown;
    parentElement: { style: { width: string; height: string } };
  } | null;
}

function postFromFrame(data: string): void {
  const event = new browser.MessageEvent('message', { data, source: iframe()?.contentWindow as never });
  browser.dispatchEvent(event);
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  await browser.happyDOM.close();
});

describe('XPayStationWidget', () => {
  it('opens a lightbox on this sandbox and turns Pay Station messages into status events', async () => {
    browser = openBrowser();
    const widget = await loadWidget();
    expect(widget.eventTypes.STATUS_DONE).toBe('status-done');

    const seen: Array<[string, unknown]> = [];
    for (const type of ['init', 'open', 'open-lightbox', 'status', 'status-invoice', 'status-done', 'close', 'close-lightbox']) {
      widget.on(type, (event, data) => seen.push([event.type, data]));
    }
    const token = await newToken();
    widget.init({ access_token: token, sandbox: true, lightbox: { width: '80%', height: '80%' } });
    widget.open();

    const frame = iframe();
    expect(frame?.src).toBe(`${h.sandbox.url}/xsolla/paystation4/?token=${token}`);
    expect(frame?.parentElement.style.width).toBe('80%');
    expect(frame?.parentElement.style.height).toBe('80%');

    for (const message of await pageMessages(token, 'Pay')) postFromFrame(message);
    const types = seen.map(([type]) => type);
    expect(types).toEqual(['init', 'open', 'open-lightbox', 'status', 'status-invoice', 'status', 'status-done']);
    const invoice = (seen.at(-1)?.[1] as { paymentInfo: { invoice: number } }).paymentInfo.invoice;
    expect(invoice).toBeGreaterThan(0);

    // Messages from other windows or not in the Pay Station format are ignored.
    browser.dispatchEvent(new browser.MessageEvent('message', { data: JSON.stringify({ command: 'close' }) }));
    postFromFrame('not json');
    expect(iframe()).not.toBeNull();

    const closeButton = browser.document.querySelector('.xpaystation-widget-lightbox-close') as unknown as { click(): void };
    closeButton.click();
    expect(iframe()).toBeNull();
    expect(seen.slice(-2).map(([type]) => type)).toEqual(['close', 'close-lightbox']);
  });

  it('closes the lightbox when the Pay Station page asks to (Cancel)', async () => {
    browser = openBrowser();
    const widget = await loadWidget();
    const closed: string[] = [];
    widget.on('close', (event) => closed.push(event.type));
    const token = await newToken();
    widget.init({ access_token: token, host: `${h.sandbox.url}/xsolla` });
    widget.open();
    for (const message of await pageMessages(token, 'Cancel')) postFromFrame(message);
    expect(closed).toEqual(['close']);
    expect(iframe()).toBeNull();
  });
});
