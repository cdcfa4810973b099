import { generateSecret, generateSync, generateURI } from 'otplib';
import { matchTotpStep } from '../../domain/mfa';

/** otplib behind three functions: HOTP with the 30-second step as counter is TOTP (RFC 6238 §4). */
export const Totp = {
  newSecret: (): string => generateSecret(),
  codeAt: (secret: string, step: number): string => generateSync({ secret, strategy: 'hotp', counter: step }),
  uri: (secret: string, account: string): string => generateURI({ issuer: 'Mirrorline', label: account, secret }),
  match: (secret: string, code: string, nowMs: number, lastStep: number | null): number | null =>
    matchTotpStep(code, nowMs, lastStep, (step) => Totp.codeAt(secret, step)),
};
