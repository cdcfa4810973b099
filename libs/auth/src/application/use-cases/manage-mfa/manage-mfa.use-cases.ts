import { Injectable } from '@nestjs/common';
import { toString as qrSvg } from 'qrcode';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { SecurityErrors } from '../../../domain/security-errors';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from '../../../domain/mfa';
import { MfaStore } from '../../ports/mfa-store';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts } from '@mirrorline/accounts';
import { MfaCodes } from '../../services/mfa-codes';
import { SecurityAlerts } from '../../services/security-alerts';
import { SessionTokens } from '../../services/session-tokens';
import { Totp } from '../../services/totp';
import { RefreshTokenStore } from '../../ports/refresh-token.store';

export interface Caller {
  userId: string;
  roles: string[];
  impersonatedBy?: string;
  sessionId?: string;
}

const notImpersonating = (caller: Caller) => {
  if (caller.impersonatedBy) throw AuthErrors.notWhileImpersonating();
};

/** GET auth/mfa/ */
@Injectable()
export class GetMfaStatusUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: MfaStore,
  ) {}

  async execute(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    return this.uow.run(async (tx) => {
      const record = await this.store.find(tx, userId);
      const enabled = Boolean(record?.enabledAt);
      return { enabled, recoveryCodesLeft: enabled ? await this.store.recoveryCodesLeft(tx, userId) : 0 };
    });
  }
}

/** POST auth/mfa/setup/: a new secret, pending until a code from it is confirmed. A repeat replaces the pending one. */
@Injectable()
export class SetUpMfaUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: MfaStore,
    private readonly codes: MfaCodes,
    private readonly accounts: UserAccounts,
  ) {}

  async execute(caller: Caller): Promise<{ secret: string; otpauthUrl: string; qrDataUrl: string }> {
    notImpersonating(caller);
    const secret = Totp.newSecret();
    const email = await this.uow.run(async (tx) => {
      const record = await this.store.findForUpdate(tx, caller.userId);
      if (record?.enabledAt) throw SecurityErrors.mfaAlreadyEnabled();
      const account = await this.accounts.findById(tx, caller.userId);
      if (!account) throw AuthErrors.refreshRejected();
      await this.store.setPending(tx, caller.userId, this.codes.seal(secret));
      return account.email;
    });
    const otpauthUrl = Totp.uri(secret, email);
    // An SVG, not a PNG: about a fifth of the CPU (no pixel rows to deflate), and sharp at any size.
    const svg = await qrSvg(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { secret, otpauthUrl, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }
}

/** POST auth/mfa/enable/: a right code from the pending secret turns 2FA on (other sessions end); 10 recovery codes, shown once. */
@Injectable()
export class EnableMfaUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: MfaStore,
    private readonly codes: MfaCodes,
    private readonly accounts: UserAccounts,
    private readonly sessions: SessionTokens,
    private readonly alerts: SecurityAlerts,
    private readonly clock: Clock,
    private readonly refreshTokens: RefreshTokenStore,
  ) {}

  async execute(caller: Caller, code: string): Promise<{ recoveryCodes: string[]; accessToken: string }> {
    notImpersonating(caller);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const result = await this.uow.run(async (tx) => {
      const record = await this.store.findForUpdate(tx, caller.userId);
      if (record?.enabledAt) return { error: SecurityErrors.mfaAlreadyEnabled() };
      if (!record?.pendingSecretEnc) return { error: SecurityErrors.mfaNotSetUp() };
      const outcome = await this.codes.checkPending(tx, caller.userId, this.codes.open(record.pendingSecretEnc), code);
      if (outcome.kind !== 'ok' || outcome.step === undefined) return { error: MfaCodes.failure(outcome) ?? SecurityErrors.wrongCode() };
      // The confirming code is spent too: its step becomes the last one used.
      await this.store.enable(tx, caller.userId, record.pendingSecretEnc, this.clock.now(), outcome.step);
      await this.store.replaceRecoveryCodes(tx, caller.userId, recoveryCodes.map(hashRecoveryCode));
      // Turning 2FA on ends every other session (product.md §11.4), as revoke-others does: one opened with the
      // password alone (perhaps the very reason for turning it on) must not stay open without the second factor.
      await this.refreshTokens.revokeAllOfUser(tx, caller.userId, this.clock.now(), caller.sessionId);
      return { account: await this.accounts.findById(tx, caller.userId) };
    });
    if ('error' in result) throw result.error;
    if (!result.account) throw AuthErrors.refreshRejected();
    await this.alerts.raise(caller.userId, 'mfa_enabled');
    // A fresh token for the same session: an Admin's enrolment-only access becomes full access at once.
    return { recoveryCodes, accessToken: await this.sessions.accessToken(result.account, { sessionId: caller.sessionId }) };
  }
}

/** POST auth/mfa/disable/: password and a code; never for an Admin (2FA is mandatory for them). */
@Injectable()
export class DisableMfaUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: MfaStore,
    private readonly codes: MfaCodes,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly alerts: SecurityAlerts,
  ) {}

  async execute(caller: Caller, body: { password: string; code: string }): Promise<{ message: string }> {
    notImpersonating(caller);
    if (caller.roles.includes('Admin')) throw SecurityErrors.adminCannotDisable();
    const account = await this.uow.run((tx) => this.accounts.findById(tx, caller.userId));
    if (!account) throw AuthErrors.refreshRejected();
    if (!(await this.hasher.verify(account.passwordHash, body.password))) throw SecurityErrors.wrongPassword();
    const error = await this.uow.run(async (tx) => {
      if (!(await this.codes.isEnabled(tx, caller.userId))) return SecurityErrors.mfaNotEnabled();
      const outcome = await this.codes.check(tx, caller.userId, body.code);
      if (outcome.kind !== 'ok') return MfaCodes.failure(outcome);
      await this.store.disable(tx, caller.userId);
      return null;
    });
    if (error) throw error;
    await this.alerts.raise(caller.userId, 'mfa_disabled');
    return { message: 'Two-factor authentication is off' };
  }
}
