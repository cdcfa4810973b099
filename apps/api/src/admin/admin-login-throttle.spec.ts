import { AdminLoginThrottle } from './admin-login-throttle';

describe('AdminLoginThrottle', () => {
  it('locks an email after 5 failures within 15 minutes, case-insensitively, until the window passes', () => {
    let now = 0;
    const throttle = new AdminLoginThrottle(5, 15 * 60_000, () => now);
    for (let i = 0; i < 4; i++) throttle.recordFailure('Admin@Example.test');
    expect(throttle.isLocked('admin@example.test')).toBe(false);
    throttle.recordFailure('admin@example.test ');
    expect(throttle.isLocked('ADMIN@example.test')).toBe(true);
    expect(throttle.isLocked('other@example.test')).toBe(false);
    now += 15 * 60_000 + 1;
    expect(throttle.isLocked('admin@example.test')).toBe(false);
  });

  it('forgets failures after a successful sign-in', () => {
    const throttle = new AdminLoginThrottle(2);
    throttle.recordFailure('a@b.c');
    throttle.reset('A@B.C');
    throttle.recordFailure('a@b.c');
    expect(throttle.isLocked('a@b.c')).toBe(false);
  });
});
