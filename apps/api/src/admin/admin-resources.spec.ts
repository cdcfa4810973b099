import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlockUserUseCase, UpdateUserUseCase } from '@mirrorline/back-office';
import { actionTranslations, adminResources } from './admin-resources';

describe('actionTranslations', () => {
  it('turns the labels of the custom actions into AdminJS translations per resource (AdminJS ignores a `label` option)', () => {
    const resources = adminResources({} as MikroORM, {} as BlockUserUseCase, {} as UpdateUserUseCase);
    const translations = actionTranslations(resources);
    expect(translations.UserEntity.actions).toEqual({
      block: 'Block',
      unblock: 'Unblock',
      verifyKyc: 'KYC: Verified',
      pendingKyc: 'KYC: Pending',
      unverifyKyc: 'KYC: Unverified',
    });
    expect(translations.KycSubmissionEntity.actions).toEqual({ approve: 'Approve (KYC Verified)', reject: 'Reject (KYC Unverified)' });
    expect(translations.AuditLogEntity.actions).toEqual({});
  });
});
