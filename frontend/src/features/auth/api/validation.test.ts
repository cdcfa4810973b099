import { describe, expect, it } from 'vitest';
import { PASSWORD, passwordError } from './validation';

describe('passwordError (the reset form; sign-up checks through its resolver)', () => {
  it('asks for the password by its label, then holds it to the API’s length rule', () => {
    expect(passwordError('', 'new password')).toBe('Enter a new password');
    expect(passwordError('x'.repeat(PASSWORD.minLength! - 1))).toBe(`Use at least ${PASSWORD.minLength} characters`);
    expect(passwordError('x'.repeat(PASSWORD.maxLength! + 1))).toBe(`Use at most ${PASSWORD.maxLength} characters`);
    expect(passwordError('x'.repeat(PASSWORD.minLength!))).toBeUndefined();
  });
});
