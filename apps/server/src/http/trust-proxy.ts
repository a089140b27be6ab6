import { isIP } from 'node:net';

/**
 * Which peers may name the client in X-Forwarded-For (Fastify's `trustProxy`, which decides `request.ip` and so every
 * per-IP limit): `false` trusts none (request.ip is the peer's address); a list of addresses/CIDRs (or proxy-addr's
 * names loopback, linklocal, uniquelocal) trusts peers there, hop by hop from the right, so request.ip is the first
 * address, from the right, that is not a trusted proxy. Entries a client wrote further left are never taken.
 */
export type TrustProxy = false | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const FORMS = "give the proxies' addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8,127.0.0.1)";

/**
 * Reads TRUST_PROXY. Refused: `true`, which trusts every hop, so any client chooses its own IP and escapes per-IP
 * limits; and a hop count, which cannot tell a proxy from a client that reaches the shop directly and sends its own
 * X-Forwarded-For (Fastify 5 ignores hop counts for that reason).
 */
export function parseTrustProxy(text: string | undefined): { value: TrustProxy } | { problem: string } {
  const value = text?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0') return { value: false };
  if (value === 'true') return { problem: `"true" would trust any X-Forwarded-For a client sends; ${FORMS}` };
  if (/^\d+$/.test(value)) return { problem: `a hop count cannot tell a proxy from a client that reaches the shop directly; ${FORMS}` };
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length) return { problem: `not an address or CIDR: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}; ${FORMS}` };
  return { value: entries };
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
