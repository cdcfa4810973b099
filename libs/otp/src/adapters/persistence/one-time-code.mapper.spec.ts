import { OneTimeCodeEntity } from './one-time-code.entity';
import { oneTimeCodeMapper } from './one-time-code.mapper';

describe('oneTimeCodeMapper', () => {
  it('maps an entity to the domain state with typed counts and dates', () => {
    const entity = Object.assign(new OneTimeCodeEntity(), {
      id: 'c1',
      userId: 'u1',
      purpose: 'password_reset' as const,
      codeHash: 'a'.repeat(64),
      attempts: '2' as unknown as number,
      expiresAt: '2026-11-23T18:00:00.000Z' as unknown as Date,
      createdAt: new Date('2026-11-23T17:50:00.000Z'),
      consumedAt: null,
    });
    expect(oneTimeCodeMapper.toState(entity)).toEqual({
      id: 'c1',
      userId: 'u1',
      purpose: 'password_reset',
      codeHash: 'a'.repeat(64),
      attempts: 2,
      expiresAt: new Date('2026-11-23T18:00:00.000Z'),
      consumedAt: null,
    });
    expect(oneTimeCodeMapper.toState({ ...entity, consumedAt: new Date(0) }).consumedAt).toEqual(new Date(0));
  });
});
