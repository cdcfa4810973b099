import { normaliseRoles, primaryStatus } from './roles';

describe('roles', () => {
  it('always include User and keep a fixed order without duplicates', () => {
    expect(normaliseRoles([])).toEqual(['User']);
    expect(normaliseRoles(['Admin', 'Trader', 'Admin'])).toEqual(['User', 'Trader', 'Admin']);
    expect(normaliseRoles(['Root'])).toEqual(['User']);
  });

  it('give Admin precedence over Trader over User', () => {
    expect(primaryStatus(['User'])).toBe('User');
    expect(primaryStatus(['User', 'Trader'])).toBe('Trader');
    expect(primaryStatus(['User', 'Trader', 'Admin'])).toBe('Admin');
  });
});
