import { IsEmail, IsString } from 'class-validator';
import { DomainError } from '@mirrorline/shared';
import { createValidationPipe } from './validation';

class LoginBody {
  @IsEmail()
  email!: string;

  @IsString()
  password!: string;
}

const meta = { type: 'body' as const, metatype: LoginBody, data: '' };

describe('validation pipe', () => {
  const pipe = createValidationPipe();

  it('passes a valid body through as the DTO class', async () => {
    const value = await pipe.transform({ email: 'a@b.co', password: 'x' }, meta);
    expect(value).toBeInstanceOf(LoginBody);
  });

  it('rejects unknown fields (mass assignment) with a 400-kind domain error naming the field', async () => {
    const error = await pipe.transform({ email: 'a@b.co', password: 'x', roles: ['Admin'] }, meta).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('validation');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.errors).toEqual({ roles: ['roles is not an allowed field'] });
  });

  it('gives a message per field', async () => {
    const error = await pipe.transform({ email: 'nope' }, meta).catch((e) => e);
    expect(Object.keys(error.details.errors).sort()).toEqual(['email', 'password']);
    expect(error.message).toContain('email must be an email');
  });
});
