/**
 * File-system errors that mean "the storage cannot be used right now" (UPLOAD_DIR not writable, read-only,
 * full, gone, failing), as opposed to a bug: the HTTP edge answers them 503 STORAGE_UNAVAILABLE with
 * Retry-After (product.md §11.5), the process keeps running, and health says which directory is unusable.
 */
const STORAGE_CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  ENOENT: 'directory missing',
  ENOTDIR: 'not a directory',
  EEXIST: 'not a directory',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
};

/** Why the storage failed ("permission denied", "no space left on the device", …), or null for any other error. */
export function storageUnavailableReason(error: unknown): string | null {
  const e = error as { code?: unknown; syscall?: unknown } | null | undefined;
  // A file-system call's error names its syscall (open, mkdir, rename, write, …); a connect's is the database's.
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || typeof e.syscall !== 'string') return null;
  if (e.syscall === 'connect' || e.syscall === 'getaddrinfo') return null;
  return STORAGE_CODES[e.code] ?? null;
}
