import { assertValidAuditEntry } from './audit-entry';

describe('audit entries', () => {
  it('accept dotted lowercase actions', () => {
    expect(() => assertValidAuditEntry({ actorId: null, action: 'user.balance_adjust', targetType: 'user' })).not.toThrow();
  });

  it.each(['block', 'User.Block', 'user.', 'user block', `user.${'x'.repeat(64)}`])('refuse the action %j', (action) => {
    expect(() => assertValidAuditEntry({ actorId: null, action, targetType: 'user' })).toThrow(/invalid audit action/);
  });

  it('need a short target type', () => {
    expect(() => assertValidAuditEntry({ actorId: null, action: 'user.block', targetType: '' })).toThrow(/target type/);
  });
});
