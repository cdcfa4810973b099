import { createValidationPipe } from '@mirrorline/shared/nest';
import { DepositRequestDto, WithdrawRequestDto } from './wallet.request.dto';

/**
 * The amount and destination rules of POST wallet/deposit and wallet/withdraw, through the app's own ValidationPipe.
 * test/wallet.e2e-spec.ts keeps over HTTP one refused amount of each route (400 VALIDATION_FAILED, nothing
 * written) and the accepted ones with their normalised answers.
 */
describe('DepositRequestDto and WithdrawRequestDto (the ValidationPipe of the app)', () => {
  const pipe = createValidationPipe();
  const fieldsRefused = async (metatype: new () => object, body: unknown): Promise<string[] | 'accepted'> => {
    try {
      await pipe.transform(body, { type: 'body', metatype, data: '' });
      return 'accepted';
    } catch (error) {
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', kind: 'validation' });
      return Object.keys((error as { details: { errors: Record<string, string[]> } }).details.errors).sort();
    }
  };

  it.each([[10], [-10], ['-10.00'], ['1e3'], ['1.234'], [''], ['0'], ['0.00'], [' 10'], ['10,00'], ['10000000.01'], [null], [true], [{ value: '10' }]])(
    'refuses the amount %j, naming it, for a deposit and a withdrawal',
    async (amount) => {
      expect(await fieldsRefused(DepositRequestDto, { amount })).toEqual(['amount']);
      expect(await fieldsRefused(WithdrawRequestDto, { amount, destination: 'IBAN' })).toEqual(['amount']);
    },
  );

  it('takes the largest amount, whole numbers and one decimal as strings', async () => {
    for (const amount of ['10000000.00', '7', '0.5', '0.01']) {
      expect(await fieldsRefused(DepositRequestDto, { amount })).toBe('accepted');
      expect(await fieldsRefused(WithdrawRequestDto, { amount, destination: 'IBAN' })).toBe('accepted');
    }
  });

  it('refuses a missing amount and a field the route does not take', async () => {
    expect(await fieldsRefused(DepositRequestDto, {})).toEqual(['amount']);
    expect(await fieldsRefused(DepositRequestDto, { amount: '1.00', userId: 'someone-else' })).toEqual(['userId']);
    expect(await fieldsRefused(WithdrawRequestDto, { amount: '1.00', destination: 'IBAN', status: 'Approved' })).toEqual(['status']);
  });

  it('refuses a missing, empty, blank, over-long or non-string destination; 200 characters pass', async () => {
    for (const destination of [undefined, '', '   ', 'x'.repeat(201), 42]) {
      expect(await fieldsRefused(WithdrawRequestDto, { amount: '1.00', destination })).toEqual(['destination']);
    }
    expect(await fieldsRefused(WithdrawRequestDto, { amount: '1.00', destination: 'x'.repeat(200) })).toBe('accepted');
  });
});
