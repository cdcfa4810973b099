import { DomainError } from '@mirrorline/shared';
import { assertPasswordPolicy, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('accepts 8 to 128 characters', () => {
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
  });

  it('refuses 7 and 129 characters, and non-strings', () => {
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem(undefined)).toMatch(/string/);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀'.repeat(8))).toBeNull();
    expect(passwordProblem('😀'.repeat(7))).toMatch(/at least 8/);
  });

  it('throws a validation DomainError naming the field', () => {
    try {
      assertPasswordPolicy('short', 'newPassword');
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('validation');
      expect((error as DomainError).details.errors).toEqual({ newPassword: [expect.stringMatching(/at least 8/)] });
    }
  });
});
