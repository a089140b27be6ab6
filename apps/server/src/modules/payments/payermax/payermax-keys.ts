import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Reads one of PayerMax's RSA keys: a PEM, or the bare base64 DER PayerMax's dashboard hands out (PKCS#8 for our private
 * key, SPKI for its platform public key). The error names the variable but never echoes the key.
 */
export function loadPayermaxKey(variable: string, text: string, type: 'private' | 'public'): KeyObject {
  const trimmed = text.trim();
  const expected = `must be an RSA ${type} key (PEM, or base64 DER as PayerMax's dashboard shows it)`;
  // createPublicKey derives a public key from a private one: a private key pasted here would verify nothing PayerMax signs.
  if (type === 'public' && /PRIVATE KEY-----/.test(trimmed)) throw new Error(`${variable}: is a private key; ${expected}`);
  let key: KeyObject;
  try {
    if (trimmed.startsWith('-----BEGIN')) key = type === 'private' ? createPrivateKey(trimmed) : createPublicKey(trimmed);
    else {
      const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
      key =
        type === 'private'
          ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
          : createPublicKey({ key: der, format: 'der', type: 'spki' });
    }
  } catch (error) {
    throw new Error(`${variable}: ${expected}`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${variable}: is not an RSA key (${key.asymmetricKeyType ?? 'unknown type'}); ${expected}`);
  return key;
}

/** True when `publicKey` is the public half of `privateKey` (our own key given where PayerMax's is expected). */
export function isPublicHalfOf(publicKey: KeyObject, privateKey: KeyObject): boolean {
  const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });
  return spki(createPublicKey(privateKey)).equals(spki(publicKey));
}
