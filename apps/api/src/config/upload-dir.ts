import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { storageUnavailableReason } from '@mirrorline/shared';

/** The folders under UPLOAD_DIR that uploads write to (KYC: multer's temporary files, then the documents). */
export const UPLOAD_SUBDIRS = ['tmp', 'kyc'];

/**
 * Whether UPLOAD_DIR can take an upload now: each folder exists (created 0700 if missing, its missing parents with
 * the default mode) and a file can be written in it and removed. Null when usable, else one line saying what is
 * wrong and where
 * ("/srv/uploads/tmp: permission denied (EACCES)"). main.ts runs it before anything starts; health runs it too.
 */
export async function uploadDirProblem(uploadDir: string): Promise<string | null> {
  for (const dir of [uploadDir, ...UPLOAD_SUBDIRS.map((sub) => join(uploadDir, sub))]) {
    let where = dir;
    try {
      // Missing parents get the default mode; only the upload folders are private. A parent made 0700 here (the
      // default var/ when the check runs before anything else writes there) kept the embedded PostgreSQL, which runs
      // as 'postgres' under root, out of var/pgdata: `npm start` then failed on "Permission denied".
      await mkdir(dirname(dir), { recursive: true });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      where = join(dir, `.probe-${randomBytes(6).toString('hex')}`);
      await writeFile(where, '', { flag: 'wx', mode: 0o600 });
      await rm(where, { force: true });
    } catch (error) {
      const e = error as { code?: unknown; path?: unknown; message?: unknown };
      const reason = storageUnavailableReason(error) ?? String(e.message ?? error);
      return `${typeof e.path === 'string' ? e.path : where}: ${reason}${typeof e.code === 'string' ? ` (${e.code})` : ''}`;
    }
  }
  return null;
}

/** The start-up line for an unusable UPLOAD_DIR (main.ts prints it and exits 1 before anything starts). */
export const uploadDirFailureLine = (uploadDir: string, problem: string): string =>
  `Configuration error: UPLOAD_DIR (${uploadDir}) is not usable: ${problem}. Make it writable by the server's user` +
  `${typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : ''}, or point UPLOAD_DIR at a writable directory.`;
