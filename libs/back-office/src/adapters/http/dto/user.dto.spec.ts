import { randomUUID } from 'node:crypto';
import { refusedFields } from '@mirrorline/shared/nest';
import { CreateUserRequestDto, ListUsersQueryDto, UpdateUserRequestDto } from './user.dto';

/**
 * The rules of the admin user routes' inputs (GET user/get-all's query, POST user/create's and PATCH user/update's
 * bodies), through the app's own ValidationPipe. test/users.e2e-spec.ts keeps one refused input of each route over
 * HTTP (400 VALIDATION_FAILED, nothing written).
 */
describe('users DTOs (the ValidationPipe of the app)', () => {
  describe('ListUsersQueryDto (GET user/get-all)', () => {
    it.each([
      [{ limit: '101' }, 'limit'],
      [{ limit: '0' }, 'limit'],
      [{ page: '0' }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ role: 'Admin' }, 'role'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ])('refuses the query %j', async (query, field) => {
      expect(await refusedFields(ListUsersQueryDto, query, 'query')).toEqual([field]);
    });

    it('takes a search, a page and a limit up to 100', async () => {
      expect(await refusedFields(ListUsersQueryDto, { search: 'alice', page: '2', limit: '100' }, 'query')).toBe('accepted');
    });
  });

  describe('CreateUserRequestDto (POST user/create)', () => {
    const body = { username: 'bob_trader', firstname: 'Bob', lastname: 'Trader', email: 'Bob@Example.test', password: 'a-strong-password', roles: ['Trader'] };

    it('takes a valid body', async () => {
      expect(await refusedFields(CreateUserRequestDto, body)).toBe('accepted');
    });

    it.each([
      [{ email: 'not-an-email' }, 'email'],
      [{ password: 'short' }, 'password'],
      [{ password: 'x'.repeat(129) }, 'password'],
      [{ roles: ['Root'] }, 'roles'],
      [{ roles: ['User', 'Trader', 'Admin', 'User'] }, 'roles'],
      [{ username: '' }, 'username'],
      [{ username: 'bad name' }, 'username'],
      [{ firstname: '' }, 'firstname'],
      [{ lastname: 'x'.repeat(65) }, 'lastname'],
      [{ balance: '1000000.00' }, 'balance'],
      [{ KYC: 'Verified' }, 'KYC'],
      [{ emailVerified: true }, 'emailVerified'],
    ])('refuses an invalid or over-posted body %j, naming the field', async (overrides, field) => {
      expect(await refusedFields(CreateUserRequestDto, { ...body, ...overrides })).toEqual([field]);
    });
  });

  describe('UpdateUserRequestDto (PATCH user/update)', () => {
    const userId = randomUUID();

    it('takes a balance up to 99999999.99 with at most 2 decimals, roles and a KYC status', async () => {
      for (const change of [{ balance: '0' }, { balance: '99999999.99' }, { balance: '1250.5' }, { roles: ['Trader'] }, { roles: [] }, { KYC: 'Verified' }]) {
        expect(await refusedFields(UpdateUserRequestDto, { userId, ...change })).toBe('accepted');
      }
    });

    it.each(['-5', '1.234', 'abc', '1e5', '100000000.00', '01.00', ''])('refuses the balance %j', async (balance) => {
      expect(await refusedFields(UpdateUserRequestDto, { userId, balance })).toEqual(['balance']);
    });

    it('refuses a numeric balance, unknown roles, a bad KYC status, fields it does not take and a userId that is no UUID', async () => {
      for (const [change, field] of [
        [{ balance: 5 }, 'balance'],
        [{ roles: ['God'] }, 'roles'],
        [{ KYC: 'Approved' }, 'KYC'],
        [{ email: 'x@y.z' }, 'email'],
        [{ password: 'new-password' }, 'password'],
        [{ userId: 'me' }, 'userId'],
      ] as const) {
        expect(await refusedFields(UpdateUserRequestDto, { userId, ...change })).toEqual([field]);
      }
    });
  });
});
