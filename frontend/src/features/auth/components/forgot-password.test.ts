import { describe, expect, it } from 'vitest';
import { resolveForm } from '../../../test/forms';
import { PASSWORD } from '../api/validation';
import { resetResolvers } from './forgot-password';

const values = (v: Partial<{ email: string; otp: string; password: string; confirm: string }>) => ({ email: '', otp: '', password: '', confirm: '', ...v });

describe('the reset steps check by their request schema (EmailRequestDto, VerifyOtpRequestDto, ResetPasswordRequestDto)', () => {
  it('each step checks only its own fields', async () => {
    expect((await resolveForm(resetResolvers.email, values({ email: 'nope' }))).messages).toEqual({ email: 'Enter a valid email address' });
    expect((await resolveForm(resetResolvers.code, values({ otp: '12345' }))).messages).toEqual({ otp: 'Enter the 6-digit code from the email' });
    expect((await resolveForm(resetResolvers.code, values({ otp: ' 123456 ' }))).values.otp).toBe('123456');
  });

  it('the new password: asked for, held to the API length rule, repeated the same', async () => {
    const password = async (p: string, confirm = p) => (await resolveForm(resetResolvers.password, values({ password: p, confirm }))).messages;
    expect(await password('')).toEqual({ password: 'Enter a new password' });
    expect(await password('x'.repeat(PASSWORD.minLength! - 1))).toEqual({ password: `Use at least ${PASSWORD.minLength} characters` });
    expect(await password('x'.repeat(PASSWORD.maxLength! + 1))).toEqual({ password: `Use at most ${PASSWORD.maxLength} characters` });
    expect(await password('x'.repeat(PASSWORD.minLength!), 'y')).toEqual({ confirm: 'The passwords do not match' });
    expect(await password(' spaced password ')).toEqual({});
  });
});
