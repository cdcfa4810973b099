import { API_RULES } from './input-rules';
import { AMOUNT, ruleMessage, rulesResolver } from './form-rules';

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

describe('rulesResolver: amounts, numbers, borrowed rules', () => {
  type V = { amount: string; pct: string; code: string; agree: boolean };
  const resolve = rulesResolver<'FollowTraderDto', V>('FollowTraderDto', {
    amount: AMOUNT,
    pct: { whole: true, rule: API_RULES.FollowTraderDto.stopLossPct },
    code: { required: 'Enter the code', invalid: 'Enter the 6 digits', rule: API_RULES.LoginRequestDto.code },
  });
  const run = (v: Partial<V>) => resolve({ amount: '', pct: '', code: '', agree: false, ...v }, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('an amount is checked without its separators, against the DTO pattern and its x-minimum-amount', async () => {
    expect((await run({ amount: '' })).errors.amount?.message).toBe('Enter an amount');
    expect((await run({ amount: '12.345' })).errors.amount?.message).toBe('Enter an amount like 100 or 1,250.50');
    expect(ruleMessage(API_RULES.DepositRequestDto.amount, AMOUNT, '0') ?? AMOUNT.check('0.00')).toBe('The minimum is $0.01');
    expect((await run({ amount: '9.99' })).errors.amount?.message).toBe(`The minimum is $${API_RULES.FollowTraderDto.amount['x-minimum-amount']}`);
  });

  it('a number is checked against the rule range (whole when asked), a borrowed rule applies where the schema has none', async () => {
    const { errors } = await run({ amount: '10', pct: '4', code: '12345' });
    expect(errors.pct?.message).toBe('Enter a whole number from 5 to 95');
    expect((await run({ amount: '10', pct: '7.5', code: '123456' })).errors.pct?.message).toBe('Enter a whole number from 5 to 95');
    expect(errors.code?.message).toBe('Enter the 6 digits');
    expect(ruleMessage({ minimum: 0.1, maximum: 50 }, {}, '0.5')).toBeUndefined();
    expect(ruleMessage({ minimum: 0.1, maximum: 50 }, {}, 'abc')).toBe('Enter a number from 0.1 to 50');
  });

  it('hands the handler the amount with two decimals and other fields as they were', async () => {
    const { values, errors } = await run({ amount: ' 1,250.5 ', pct: ' 20 ', code: '123456', agree: true });
    expect(errors).toEqual({});
    expect(values).toEqual({ amount: '1250.50', pct: '20', code: '123456', agree: true });
  });
});
