import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as every authenticator app reads it. */
const ISSUER = 'Game shop console';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, email: string): string => generateURI({ issuer: ISSUER, label: email, secret });

/** The current code of a secret (the console command prints it for the development admin; tests log in with it). */
export const currentTotp = (secret: string, atMs = Date.now()): string => generateSync({ secret, epoch: Math.floor(atMs / 1000) });

/**
 * The time step of a code that is valid now (one step of clock drift either way), or undefined. A step at or before
 * `afterStep` (the last one accepted) is refused: each code works once.
 */
export function acceptedTotpStep(secret: string, code: string, afterStep: number | null): number | undefined {
  try {
    const result = verifySync({ secret, token: code, epochTolerance: 30, ...(afterStep !== null ? { afterTimeStep: afterStep } : {}) });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}
