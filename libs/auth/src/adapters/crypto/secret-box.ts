import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a random 12-byte nonce: `v1.<nonce>.<ciphertext>.<tag>` (base64url). The key is
 * config.mfaEncryptionKey (32 bytes, base64url). A tampered value fails to decrypt (the tag).
 */
export function sealSecret(keyB64: string, plaintext: string): string {
  const key = Buffer.from(keyB64, 'base64url');
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function openSecret(keyB64: string, sealed: string): string {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== 'v1' || !nonce || !body || !tag) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyB64, 'base64url'), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
