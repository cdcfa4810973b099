import { createValidationPipe, refusedFields } from '@mirrorline/shared/nest';
import { RegisterRequestDto } from './auth.request.dto';

/**
 * The rules of POST auth/register's body, through the app's own ValidationPipe (whitelist, unknown fields
 * refused, a message per field): what test/auth-register.e2e-spec.ts keeps over HTTP is one 400 for the
 * contract (status, `errors` by field) and what only the database shows.
 */
describe('RegisterRequestDto (the ValidationPipe of the app)', () => {
  const pipe = createValidationPipe();
  const meta = { type: 'body' as const, metatype: RegisterRequestDto, data: '' };
  const valid = { username: 'jane_doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.test', password: 'correct horse' };
  const refused = (body: Record<string, unknown>) => refusedFields(RegisterRequestDto, body);

  it('takes a valid body, as the DTO class', async () => {
    await expect(pipe.transform(valid, meta)).resolves.toBeInstanceOf(RegisterRequestDto);
  });

  it.each([
    ['a username that is too short', { username: 'ab' }, 'username'],
    ['a 33-character username', { username: 'x'.repeat(33) }, 'username'],
    ['a username with spaces', { username: 'bad name' }, 'username'],
    ['a 7-character password', { password: 'short77' }, 'password'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'password'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an empty firstname', { firstname: '' }, 'firstname'],
    ['a blank firstname', { firstname: '   ' }, 'firstname'],
    ['a 65-character lastname', { lastname: 'x'.repeat(65) }, 'lastname'],
    ['a number for a string', { firstname: 42 }, 'firstname'],
  ])('refuses %s, naming the field', async (_label, overrides, field) => {
    expect(await refused({ ...valid, ...overrides })).toEqual([field]);
  });

  it('refuses a missing field, naming each one missing', async () => {
    const { email: _email, ...noEmail } = valid;
    expect(await refused(noEmail)).toEqual(['email']);
    expect(await refused({})).toEqual(['email', 'firstname', 'lastname', 'password', 'username']);
  });

  it('refuses a field the route does not take (no mass assignment)', async () => {
    expect(await refused({ ...valid, roles: 'Admin' })).toEqual(['roles']);
    expect(await refused({ ...valid, emailVerified: true })).toEqual(['emailVerified']);
  });

  it('accepts exactly 8 and 128 password characters, 3 and 32 username characters', async () => {
    for (const overrides of [{ password: '12345678' }, { password: 'p'.repeat(128) }, { username: 'abc' }, { username: 'a'.repeat(32) }]) {
      expect(await refused({ ...valid, ...overrides })).toBe('accepted');
    }
  });
});
