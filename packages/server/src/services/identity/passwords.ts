import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (OWASP: m=19 MiB, t=2, p=1). */
export const hashPassword = (password: string) => hash(password);

// Verifying against a real hash when the account does not exist keeps the timing the same.
let dummy: Promise<string> | undefined;
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** A random 16-character password with all four classes of the policy (first-login passwords). */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(0, set.length)] ?? 'x';
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*()_+'];
  const chars = sets.map(pick);
  while (chars.length < 16) chars.push(pick(sets.join('')));
  // Fisher-Yates, so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j] ?? 'x', chars[i] ?? 'x'];
  }
  return chars.join('');
}
