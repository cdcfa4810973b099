import { IsEmail, IsString } from 'class-validator';
import { DomainError } from '../domain/domain-error';
import { createValidationPipe, refusedFields } from './validation-pipe';

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

describe('validation pipe: the checks every input gets in one place', () => {
  const pipe = createValidationPipe();

  it('refuses a NUL character in any string of the body (nested too), naming the field', async () => {
    const error = await pipe.transform({ email: 'a@b.co', password: 'x\u0000y' }, meta).catch((e) => e);
    expect(error.details.errors).toEqual({ password: ['password must not contain NUL characters'] });
    const nested = await pipe.transform({ email: 'a@b.co', password: 'x', extra: { list: ['ok', 'n\u0000'] } }, meta).catch((e) => e);
    expect(nested.details.errors['extra.list[1]']).toEqual(['extra.list[1] must not contain NUL characters']);
  });

  it('refuses NUL in a query value and a route parameter', async () => {
    const query = await pipe.transform({ search: 'a\u0000' }, { type: 'query', metatype: Object, data: '' }).catch((e) => e);
    expect(query.details.errors).toEqual({ search: ['search must not contain NUL characters'] });
    const param = await pipe.transform('a\u0000b', { type: 'param', metatype: String, data: 'id' }).catch((e) => e);
    expect(param.details.errors).toEqual({ id: ['id must not contain NUL characters'] });
  });

  it('refuses null for a field the DTO does not document as nullable', async () => {
    const error = await pipe.transform({ email: 'a@b.co', password: null }, meta).catch((e) => e);
    expect(error.details.errors).toEqual({ password: ['password cannot be null'] });
  });
});

describe('refusedFields: the DTO specs of the libs', () => {
  it('names the refused fields, sorted, or says accepted', async () => {
    await expect(refusedFields(LoginBody, { email: 'a@b.co', password: 'x' })).resolves.toBe('accepted');
    await expect(refusedFields(LoginBody, { password: 1, email: 'nope', extra: true })).resolves.toEqual(['email', 'extra', 'password']);
  });
});
