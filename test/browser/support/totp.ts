import { generateSync } from 'otplib';

/** The TOTP code of a base32 secret, `stepOffset` 30-second steps from now (the server accepts ±1). */
export function totpNow(secret: string, stepOffset = 0): string {
  return generateSync({ secret, strategy: 'hotp', counter: Math.floor(Date.now() / 30_000) + stepOffset });
}
