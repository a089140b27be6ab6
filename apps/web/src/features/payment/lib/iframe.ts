/** The origin of a configured payment host ("https://pay.example.com", or a bare host taken as https). */
function originOf(host: string): string | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** Only http(s) pages whose origin is one of the configured payment hosts may load in the /pay iframe. */
export function isAllowedPaymentUrl(url: string | null | undefined, paymentHosts: readonly string[]): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return paymentHosts.some((host) => originOf(host) === parsed.origin);
}

export const isAllowedMessageOrigin = (origin: string, paymentHosts: readonly string[]) =>
  paymentHosts.some((host) => originOf(host) === origin);
