import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { envelopeSchema, fullPath, system } from '@trialab/api-contract';
import { request } from 'undici';
import { mergeLayers, parseConfig, readConfigFile } from './config.js';
import { loadPublicKey } from './security/ticket.js';

export class PairingError extends Error {
  override readonly name = 'PairingError';
  constructor(
    message: string,
    readonly messageZh: string,
  ) {
    super(message);
  }
}

/** The endpoint declaration is shared with the server (api-contract): path and answer shape come from it. */
const answerSchema = envelopeSchema(system.devicePublicKey.data);

export interface ServerKey {
  keyId: string;
  publicKeyPem: string;
}

/** Fetches the server's Ed25519 ticket key and checks that its id matches the key itself. */
export async function fetchServerKey(serverUrl: string, timeoutMs = 10_000): Promise<ServerKey> {
  const url = `${serverUrl.replace(/\/+$/, '')}${fullPath(system.devicePublicKey)}`;
  let text: string;
  let status: number;
  try {
    const response = await request(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PairingError(`Cannot reach ${url}: ${reason}`, `无法访问 ${url}：${reason}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PairingError(
      `${url} answered HTTP ${status} without JSON`,
      `${url} 返回 HTTP ${status}，不是 JSON`,
    );
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success || parsed.data.code !== 200) {
    throw new PairingError(
      `${url} did not answer a public key (HTTP ${status})`,
      `${url} 未返回公钥（HTTP ${status}）`,
    );
  }
  const { keyId, publicKeyPem } = parsed.data.data;
  let kid: string;
  try {
    kid = loadPublicKey(publicKeyPem).kid;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PairingError(`The server's key is not usable: ${reason}`, `服务器公钥不可用：${reason}`);
  }
  if (kid !== keyId) {
    throw new PairingError(
      `Key id mismatch: server says ${keyId}, key is ${kid}`,
      `密钥编号不一致：服务器为 ${keyId}，实际为 ${kid}`,
    );
  }
  return { keyId, publicKeyPem };
}

/** Stores the key (and where it came from) in the configuration file, keeping everything else. */
export function storeServerKey(configPath: string, serverUrl: string, key: ServerKey): void {
  const current = readConfigFile(configPath);
  const next = mergeLayers(current, {
    ticket: { publicKeyPem: key.publicKeyPem, serverUrl: serverUrl.replace(/\/+$/, '') },
  });
  // Refuse to write a file the bridge could not start with.
  parseConfig(next, configPath);
  mkdirSync(dirname(configPath), { recursive: true });
  writeFileSync(configPath, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o644 });
}
