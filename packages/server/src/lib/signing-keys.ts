import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/*
 * Ed25519 signing keys kept OUTSIDE the database: a PKCS#8 PEM file (mode 0600), given in
 * production and created on first use elsewhere (secrets.ts decides). Signatures made with such
 * a key are checkpoints someone holding only the database cannot forge.
 */

export interface Ed25519Keys {
  privateKeyPem: string;
  publicKeyPem: string;
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKeyRaw: string;
  /** First 16 hex characters of SHA-256 over the raw public key. */
  kid: string;
}

export interface PublicKeyInfo {
  kid: string;
  publicKeyPem: string;
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKeyRaw: string;
  key: KeyObject;
}

function describePublicKey(publicKey: KeyObject): PublicKeyInfo {
  // SPKI DER of an Ed25519 key is a 12-byte header followed by the 32-byte key.
  const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(12);
  return {
    kid: createHash('sha256').update(raw).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyRaw: raw.toString('base64'),
    key: publicKey,
  };
}

export function ed25519Keys(privateKeyPem: string): Ed25519Keys {
  const publicKey = createPublicKey(createPrivateKey(privateKeyPem));
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  const { kid, publicKeyPem, publicKeyRaw } = describePublicKey(publicKey);
  return { privateKeyPem, publicKeyPem, publicKeyRaw, kid };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Reads a secret file, creating it (and its folder, 0700) with `create()` when missing. Several
 * processes may race: the exclusive create lets one win and the others read its content.
 */
export async function readOrCreateFile(path: string, create: () => string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, create(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFile(path, 'utf8');
}

/** A new Ed25519 private key, PKCS#8 PEM. */
export const newEd25519Pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Reads the key file, creating it on first use (see readOrCreateFile). */
export async function loadOrCreateKeyFile(path: string): Promise<Ed25519Keys> {
  return ed25519Keys(await readOrCreateFile(path, newEd25519Pem));
}

const PEM_PUBLIC_KEY = /-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g;

/** Every Ed25519 public key (SPKI PEM blocks) in a text; other text between the blocks is ignored. */
export function parsePublicKeys(text: string): PublicKeyInfo[] {
  return (text.match(PEM_PUBLIC_KEY) ?? []).map((pem) => {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('trusted keys must be Ed25519 public keys');
    return describePublicKey(key);
  });
}

/**
 * The public keys a verifier trusts: the current signing key's (when there is one) and those listed
 * in the trusted-keys file (retired keys, or an auditor's pinned copy), by key id.
 */
export async function trustedPublicKeys(
  current: Ed25519Keys | undefined,
  trustedFile: string | undefined,
): Promise<Map<string, PublicKeyInfo>> {
  const keys = new Map<string, PublicKeyInfo>();
  if (trustedFile) {
    try {
      for (const info of parsePublicKeys(await readFile(trustedFile, 'utf8'))) keys.set(info.kid, info);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  if (current) keys.set(current.kid, describePublicKey(createPublicKey(current.publicKeyPem)));
  return keys;
}
