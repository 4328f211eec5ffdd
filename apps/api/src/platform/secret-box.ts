import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts integration tokens at rest with AES-256-GCM. Stored as
 * `v1:<base64 iv>:<base64 tag>:<base64 ciphertext>`; the key is SHA-256 of MILEPOST_SECRET_KEY
 * (or of the key generated into the data folder in the embedded mode).
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
