import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import type { AccountRecord } from '@mirrorline/accounts';
import { AuthSessions, type DeviceInfo } from '../ports/auth-sessions';
import { SessionTokens, type IssuedRefreshToken } from './session-tokens';
import { SecurityAlerts } from './security-alerts';

export interface SignedIn {
  accessToken: string;
  refresh: IssuedRefreshToken;
}

/** The last step of every sign-in (password, or password + code): a new session, and a notice for a new device. */
@Injectable()
export class SignIn {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: SessionTokens,
    private readonly authSessions: AuthSessions,
    private readonly alerts: SecurityAlerts,
  ) {}

  async open(account: AccountRecord, device: DeviceInfo = {}): Promise<SignedIn> {
    const { refresh, history } = await this.uow.run(async (tx) => {
      const history = await this.authSessions.deviceHistory(tx, account.id, device.userAgent);
      return { history, refresh: await this.sessions.refreshToken(tx, account.id, undefined, device) };
    });
    // The very first sign-in has no earlier device to compare with: no notice.
    if (history.any && !history.known) await this.alerts.raise(account.id, 'new_device', describeDevice(device));
    return { accessToken: await this.sessions.accessToken(account, { sessionId: refresh.familyId }), refresh };
  }
}

function describeDevice(device: DeviceInfo): string {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  const agent = (device.userAgent ?? 'unknown browser').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120);
  return device.ip ? `${agent}, IP ${device.ip}` : agent;
}
