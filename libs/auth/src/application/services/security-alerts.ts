import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { UserAccounts } from '@mirrorline/accounts';
import { SecurityInbox } from '../ports/security-inbox';
import { CodeMailer } from './code-mailer';

export type SecurityEvent = 'new_device' | 'password_changed' | 'api_tokens_revoked' | 'mfa_enabled' | 'mfa_disabled' | 'address_added';

const TEXTS: Record<SecurityEvent, { title: string; body: (detail: string) => string }> = {
  new_device: { title: 'New sign-in to your account', body: (d) => `Someone signed in to your Mirrorline account from a new device (${d}).` },
  password_changed: { title: 'Your password was changed', body: () => 'The password of your Mirrorline account was changed; your other sessions were signed out.' },
  api_tokens_revoked: {
    title: 'Your API tokens were revoked',
    body: (d) => `The password of your Mirrorline account was changed or reset, so its personal API tokens (${d}) were revoked. Create new ones in your security settings if you still need them.`,
  },
  mfa_enabled: { title: 'Two-factor authentication is on', body: () => 'Two-factor authentication was turned on for your Mirrorline account; your other sessions were signed out.' },
  mfa_disabled: { title: 'Two-factor authentication is off', body: () => 'Two-factor authentication was turned off for your Mirrorline account.' },
  address_added: { title: 'New withdrawal address', body: (d) => `A withdrawal address was added to your Mirrorline account: ${d}. It becomes usable after the waiting period.` },
};

const IF_NOT_YOU = '\n\nIf this was not you, change your password at once and contact support.';

/**
 * product.md §10 security notifications: an in-app notification and a mail for each event, raised
 * after the change is committed (a notice never announces something that was rolled back). A failure
 * here is logged, never thrown: the change itself has happened.
 */
@Injectable()
export class SecurityAlerts {
  private readonly logger = new Logger('SecurityAlerts');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly inbox: SecurityInbox,
    private readonly mailer: CodeMailer,
  ) {}

  async raise(userId: string, event: SecurityEvent, detail = ''): Promise<void> {
    const text = TEXTS[event];
    const body = text.body(detail);
    try {
      const account = await this.uow.run(async (tx) => {
        await this.inbox.post(tx, { userId, type: `security.${event}`, title: text.title, body, data: detail ? { detail } : undefined });
        return this.accounts.findById(tx, userId);
      });
      if (account) this.mailer.securityNotice(account.email, `Mirrorline: ${text.title}`, body + IF_NOT_YOU);
    } catch (error) {
      this.logger.error({ err: error, event }, 'Could not raise a security notice');
    }
  }
}
