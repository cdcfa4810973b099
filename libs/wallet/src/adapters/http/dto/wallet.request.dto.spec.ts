import { refusedFields } from '@mirrorline/shared/nest';
import { DepositRequestDto, WithdrawRequestDto } from './wallet.request.dto';

/**
 * The amount and destination rules of POST wallet/deposit and wallet/withdraw, through the app's own ValidationPipe.
 * test/wallet.e2e-spec.ts keeps over HTTP one refused amount of each route (400 VALIDATION_FAILED, nothing
 * written) and the accepted ones with their normalised answers.
 */
describe('DepositRequestDto and WithdrawRequestDto (the ValidationPipe of the app)', () => {
  it.each([[10], [-10], ['-10.00'], ['1e3'], ['1.234'], [''], ['0'], ['0.00'], [' 10'], ['10,00'], ['10000000.01'], [null], [true], [{ value: '10' }]])(
    'refuses the amount %j, naming it, for a deposit and a withdrawal',
    async (amount) => {
      expect(await refusedFields(DepositRequestDto, { amount })).toEqual(['amount']);
      expect(await refusedFields(WithdrawRequestDto, { amount, destination: 'IBAN' })).toEqual(['amount']);
    },
  );

  it('takes the largest amount, whole numbers and one decimal as strings', async () => {
    for (const amount of ['10000000.00', '7', '0.5', '0.01']) {
      expect(await refusedFields(DepositRequestDto, { amount })).toBe('accepted');
      expect(await refusedFields(WithdrawRequestDto, { amount, destination: 'IBAN' })).toBe('accepted');
    }
  });

  it('refuses a missing amount and a field the route does not take', async () => {
    expect(await refusedFields(DepositRequestDto, {})).toEqual(['amount']);
    expect(await refusedFields(DepositRequestDto, { amount: '1.00', userId: 'someone-else' })).toEqual(['userId']);
    expect(await refusedFields(WithdrawRequestDto, { amount: '1.00', destination: 'IBAN', status: 'Approved' })).toEqual(['status']);
  });

  it('refuses a missing, empty, blank, over-long or non-string destination; 200 characters pass', async () => {
    for (const destination of [undefined, '', '   ', 'x'.repeat(201), 42]) {
      expect(await refusedFields(WithdrawRequestDto, { amount: '1.00', destination })).toEqual(['destination']);
    }
    expect(await refusedFields(WithdrawRequestDto, { amount: '1.00', destination: 'x'.repeat(200) })).toBe('accepted');
  });
});
