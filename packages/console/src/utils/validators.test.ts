import { describe, expect, it } from 'vitest';
import { checkRule, confirmProblem, isEmail, isMobile, PATTERNS, passwordProblem, rule } from './validators';

const t = (key: string) => key;

describe('passwordProblem', () => {
  it('asks for a password when empty', async () => {
    expect(await passwordProblem('', t)).toBe('password.required');
    expect(await passwordProblem(undefined, t)).toBe('password.required');
  });
  it('needs 8 to 16 characters', async () => {
    expect(await passwordProblem('Ab1!', t)).toBe('password.length');
    expect(await passwordProblem('Ab1!Ab1!Ab1!Ab1!x', t)).toBe('password.length');
  });
  it('needs three of the four classes', async () => {
    expect(await passwordProblem('abcdefgh1', t)).toBe('password.classes');
    expect(await passwordProblem('abcdefG1', t)).toBeNull();
    expect(await passwordProblem('abcdefg!1', t)).toBeNull();
    expect(await passwordProblem('ABCDEF!1', t)).toBeNull();
  });
});

describe('confirmProblem', () => {
  it('asks for confirmation and equality', () => {
    expect(confirmProblem('Abcdef12', '', t)).toBe('password.confirmRequired');
    expect(confirmProblem('Abcdef12', 'Abcdef13', t)).toBe('password.mismatch');
    expect(confirmProblem('Abcdef12', 'Abcdef12', t)).toBeNull();
  });
});

describe('rule', () => {
  it('rejects with the message and resolves when valid', async () => {
    const r = rule((v) => passwordProblem(v, t));
    await expect(r.validator(null, 'x')).rejects.toThrow('password.length');
    await expect(r.validator(null, 'Abcdef12')).resolves.toBeUndefined();
  });
});

describe('PATTERNS', () => {
  it.each([
    ['phone', '010-12345678', true],
    ['phone', '0755-1234567', true],
    ['phone', '12345', false],
    ['bankCard', '1234567890', true],
    ['bankCard', '123456789', false],
    ['digits', '0123', true],
    ['digits', '1.2', false],
    ['decimal2', '1.25', true],
    ['decimal2', '1.255', false],
    ['decimal4', '1.2555', true],
    ['decimal10', '1.1234567890', true],
    ['name', '张三abc', true],
    ['name', '张三 1', false],
  ] as const)('%s %s -> %s', (pattern, value, valid) => {
    expect(PATTERNS[pattern].test(value)).toBe(valid);
  });
});

describe('contract patterns', () => {
  it('checks mobile numbers and e-mail addresses like the server', async () => {
    expect(await isMobile('13812345678')).toBe(true);
    expect(await isMobile('12812345678')).toBe(false);
    expect(await isEmail('a@b.cn')).toBe(true);
    expect(await isEmail('a@b')).toBe(false);
  });
  it('checkRule lets empty values through to `required`', async () => {
    const r = checkRule(isMobile, 'bad');
    await expect(r.validator(null, '')).resolves.toBeUndefined();
    await expect(r.validator(null, '123')).rejects.toThrow('bad');
  });
});
