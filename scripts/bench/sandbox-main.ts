// The provider and game-server stand-ins on their own server, started as a child process by the bench, so their work
// (PayPal orders, Xsolla tokens, PayerMax trades) never runs on the measured shop's event loop, as in production.
// Environment: PORT, HOST, SHOP_URL (the shop the stand-ins send webhooks to and spend vouchers at).
import { startSandbox } from '../../apps/sandbox/src/standalone.ts';

const shop = process.env.SHOP_URL ?? 'http://127.0.0.1:8080';
const sandbox = await startSandbox({
  port: Number(process.env.PORT ?? 0),
  host: process.env.HOST ?? '127.0.0.1',
  paypalWebhookUrl: `${shop}/api/webhooks/paypal`,
  xsollaWebhookUrl: `${shop}/api/webhooks/xsolla`,
  shopApiUrl: `${shop}/api`,
  webhookRetryDelaysMs: [],
});
console.log(`sandbox listening at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
