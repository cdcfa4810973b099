import { API_RULES } from './input-rules';
import { ruleMessage, rulesResolver } from './form-rules';

type Body = { username: string; firstname: string; lastname: string; email: string; password: string };
const resolve = rulesResolver<'RegisterRequestDto', Body>('RegisterRequestDto', {
  username: { required: 'Choose a username', invalid: 'Bad username' },
  firstname: { required: 'Enter your first name' },
  email: { required: 'Enter your email', invalid: 'Enter a valid email address' },
  password: { required: 'Enter a password', keepSpaces: true },
});
const run = (v: Partial<Body>) => resolve({ username: '', firstname: '', lastname: '', email: '', password: '', ...v }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('rulesResolver (a form resolver from the generated API rules)', () => {
  it('words every miss of the DTO rule: empty, pattern, the generated lengths', async () => {
    const { errors } = await run({ username: 'a!', email: 'nope', password: 'short' });
    expect(errors.username?.message).toBe('Bad username');
    expect(errors.firstname?.message).toBe('Enter your first name');
    expect(errors.email?.message).toBe('Enter a valid email address');
    expect(errors.password?.message).toBe(`Use at least ${API_RULES.RegisterRequestDto.password.minLength} characters`);
    expect(errors.lastname).toBeUndefined(); // no check named for it: optional here
  });

  it('a good form passes its values trimmed, the password as typed', async () => {
    const { values, errors } = await run({ username: ' ada_l ', firstname: ' Ada ', email: ' ada@example.com ', password: ' analytical ' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ username: 'ada_l', firstname: 'Ada', email: 'ada@example.com', password: ' analytical ' });
  });

  it('reads the limits from the generated rules (a longer DTO max shows up here)', () => {
    const max = API_RULES.RegisterRequestDto.password.maxLength;
    expect(ruleMessage({ maxLength: max }, {}, 'x'.repeat(max + 1))).toBe(`Use at most ${max} characters`);
    expect(ruleMessage({ maxLength: max + 10 }, {}, 'x'.repeat(max + 1))).toBeUndefined();
    expect(ruleMessage({ pattern: '^\\d{6}$' }, { required: 'Enter the code' }, '')).toBe('Enter the code');
  });
});
