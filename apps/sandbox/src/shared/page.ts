import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside an inline <script>: no "</script>", no HTML comment openers, no JS line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageButton {
  /** The visible label; tests find buttons by it ("Pay", "Decline", "Cancel"). */
  label: string;
  /** Absolute URL the button's form POSTs to. */
  action: string;
  kind: 'primary' | 'danger' | 'plain';
}

export interface PageSpec {
  /** The provider name as shown in the header, e.g. "PayPal sandbox". */
  provider: string;
  /** CSS colour of the header and the primary button. */
  accent: string;
  heading: string;
  /** Label/value rows, e.g. ["Amount", "9.99 USD"]. */
  rows?: Array<[string, string]>;
  message?: { text: string; tone: 'info' | 'success' | 'error' };
  buttons?: PageButton[];
  /**
   * Trusted script written by this package (never built from request data: pass data through jsonForScript).
   * It runs with a per-response nonce.
   */
  script?: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f2f4f7;color:#1d2433}
header{background:var(--accent);color:#fff;padding:14px 20px;font-weight:600;letter-spacing:.2px}
main{max-width:440px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
h1{font-size:20px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}
dt{color:#5b6478}
dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}
.msg{border-radius:8px;padding:10px 12px;margin:0 0 16px}
.msg.info{background:#eef4ff}.msg.success{background:#e8f7ee}.msg.error{background:#fdecec}
form{margin:0 0 10px}
button{width:100%;padding:12px;border-radius:24px;border:1px solid #c3c9d5;background:#fff;font:inherit;font-weight:600;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
button.danger{color:#b42318;border-color:#f1a9a3}
footer{color:#7a8294;font-size:13px;text-align:center;margin-top:16px}
`;

function renderPage(spec: PageSpec, nonce: string): string {
  const rows = (spec.rows ?? [])
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const message = spec.message
    ? `<p class="msg ${spec.message.tone}" role="status">${escapeHtml(spec.message.text)}</p>`
    : '';
  // The hidden "framed" field is filled in by the page script: a stand-in that was opened inside an iframe
  // answers with postMessage instead of navigating the frame to the shop's return URL.
  const buttons = (spec.buttons ?? [])
    .map(
      (b) =>
        `<form method="post" action="${escapeHtml(b.action)}"><input type="hidden" name="framed" value="">` +
        `<button type="submit" class="${b.kind}">${escapeHtml(b.label)}</button></form>`,
    )
    .join('');
  const markFramed =
    'document.querySelectorAll(\'input[name="framed"]\').forEach(function(i){i.value=window.parent!==window?"1":"";});';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${spec.heading} - ${spec.provider}`)}</title>
<style nonce="${nonce}">:root{--accent:${escapeHtml(spec.accent)}}${STYLE}</style></head>
<body><header>${escapeHtml(spec.provider)}</header><main><div class="card">
<h1>${escapeHtml(spec.heading)}</h1>${message}${rows ? `<dl>${rows}</dl>` : ''}${buttons}
</div><footer>Local stand-in for testing. No real money moves.</footer></main>
<script nonce="${nonce}">${markFramed}${spec.script ?? ''}</script>
</body></html>`;
}

/**
 * Sends a hosted page. It sets its own Content-Security-Policy (overriding any the host app adds): inline
 * style and script only with this response's nonce, forms may post here and be redirected to any http(s)
 * return URL, and any site may frame the page (the shop shows the pay pages in an iframe).
 */
export function sendPage(reply: FastifyReply, statusCode: number, spec: PageSpec): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; ` +
        "form-action 'self' http: https:; base-uri 'none'; frame-ancestors *",
    )
    .send(renderPage(spec, nonce));
}
