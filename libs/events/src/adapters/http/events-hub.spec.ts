import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticatedUser, LiveCredentials } from '@mirrorline/auth';
import type { PgNotifications } from '@mirrorline/shared/nest';
import { CREDENTIAL_CHECK_MS, EVENT_STREAMS_PER_USER, EventsHub } from './events-hub';

class FakeResponse extends EventEmitter {
  ended = false;
  writeHead() {
    return this;
  }
  write() {
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

describe('EventsHub: caps and credentials', () => {
  let hub: EventsHub;
  const revoked = new Set<string>();
  let rounds = 0;
  const credentials = {
    stillValid: async (callers: readonly AuthenticatedUser[]) => {
      rounds++;
      return callers.map((c) => !revoked.has(c.sessionId ?? c.apiToken?.id ?? ''));
    },
  } as unknown as LiveCredentials;
  const notifications = { listen: async () => undefined } as unknown as PgNotifications;
  const caller = (userId: string, credential: { sessionId?: string; apiToken?: { id: string; scopes: string[] } }): AuthenticatedUser => ({
    userId,
    email: `${userId}@example.test`,
    roles: ['User'],
    traderID: null,
    ...credential,
  });
  const open = (who: AuthenticatedUser) => {
    const res = new FakeResponse();
    hub.open(who, new EventEmitter() as unknown as IncomingMessage, res as unknown as ServerResponse);
    return res;
  };

  beforeEach(async () => {
    jest.useFakeTimers();
    revoked.clear();
    rounds = 0;
    hub = new EventsHub(notifications, credentials);
    await hub.onModuleInit();
  });
  afterEach(() => {
    hub.beforeApplicationShutdown();
    jest.useRealTimers();
  });

  it(`refuses the ${EVENT_STREAMS_PER_USER + 1}th stream of one user with 429 EVENTS.TOO_MANY_STREAMS, and makes room when one closes`, () => {
    const streams = Array.from({ length: EVENT_STREAMS_PER_USER }, (_, i) => open(caller('u1', { sessionId: `s${i}` })));
    expect(() => open(caller('u1', { sessionId: 's9' }))).toThrow(expect.objectContaining({ code: 'EVENTS.TOO_MANY_STREAMS', kind: 'too_many_requests' }));
    expect(() => open(caller('u2', { sessionId: 'other' }))).not.toThrow();
    streams[0].emit('close');
    expect(() => open(caller('u1', { sessionId: 's9' }))).not.toThrow();
  });

  it(`ends a stream whose credentials ended at the next check, within ${CREDENTIAL_CHECK_MS} ms; the others stay`, async () => {
    const session = open(caller('u1', { sessionId: 'revoked-session' }));
    const token = open(caller('u1', { apiToken: { id: 'revoked-token', scopes: ['read'] } }));
    const live = open(caller('u2', { sessionId: 'live-session' }));
    revoked.add('revoked-session');
    revoked.add('revoked-token');
    await jest.advanceTimersByTimeAsync(CREDENTIAL_CHECK_MS - 1);
    expect(session.ended).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);
    expect([session.ended, token.ended, live.ended]).toEqual([true, true, false]);
    expect(hub.size).toBe(1);
  });

  it('a round that cannot read (database down) ends nothing; the next one decides', async () => {
    const res = open(caller('u1', { sessionId: 's' }));
    const stillValid = jest.spyOn(credentials, 'stillValid').mockRejectedValueOnce(new Error('connection refused'));
    revoked.add('s');
    await jest.advanceTimersByTimeAsync(CREDENTIAL_CHECK_MS);
    expect(res.ended).toBe(false);
    await jest.advanceTimersByTimeAsync(CREDENTIAL_CHECK_MS);
    expect(res.ended).toBe(true);
    stillValid.mockRestore();
  });

  it('checks nothing while no stream is open', async () => {
    await jest.advanceTimersByTimeAsync(CREDENTIAL_CHECK_MS * 3);
    expect(rounds).toBe(0);
  });
});
