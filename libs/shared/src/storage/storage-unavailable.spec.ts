import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageUnavailableReason } from './storage-unavailable';

describe('storageUnavailableReason', () => {
  it('names real file-system failures: a directory that is a file, a missing parent', () => {
    const dir = mkdtempSync(join(tmpdir(), 'storage-reason-'));
    writeFileSync(join(dir, 'file'), 'x');
    let notADirectory: unknown;
    try {
      mkdirSync(join(dir, 'file', 'sub'), { recursive: true });
    } catch (error) {
      notADirectory = error;
    }
    expect(storageUnavailableReason(notADirectory)).toBe('not a directory');
    let missing: unknown;
    try {
      writeFileSync(join(dir, 'gone', 'x'), 'x');
    } catch (error) {
      missing = error;
    }
    expect(storageUnavailableReason(missing)).toBe('directory missing');
  });

  it('maps permission, read-only and full disks, and leaves socket and plain errors alone', () => {
    expect(storageUnavailableReason(Object.assign(new Error('x'), { code: 'EACCES', syscall: 'mkdir', path: '/x' }))).toBe('permission denied');
    expect(storageUnavailableReason(Object.assign(new Error('x'), { code: 'ENOSPC', syscall: 'write' }))).toBe('no space left on the device');
    expect(storageUnavailableReason(Object.assign(new Error('x'), { code: 'EROFS', syscall: 'open', path: '/x' }))).toBe('read-only file system');
    expect(storageUnavailableReason(Object.assign(new Error('x'), { code: 'ECONNREFUSED', syscall: 'connect' }))).toBeNull();
    expect(storageUnavailableReason(Object.assign(new Error('x'), { code: 'ENOENT', syscall: 'connect', address: '/run/postgresql/.s.PGSQL.5432' }))).toBeNull();
    expect(storageUnavailableReason(Object.assign(new Error('x'), { code: 'EPIPE', syscall: 'write' }))).toBeNull();
    expect(storageUnavailableReason(new Error('EACCES'))).toBeNull();
    expect(storageUnavailableReason(null)).toBeNull();
  });
});
