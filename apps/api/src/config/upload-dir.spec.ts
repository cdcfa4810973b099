import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadDirFailureLine, uploadDirProblem } from './upload-dir';

describe('uploadDirProblem', () => {
  it('creates the upload folders (0700) and finds them usable', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'upload-dir-')), 'uploads');
    expect(await uploadDirProblem(dir)).toBeNull();
    for (const sub of ['tmp', 'kyc']) {
      expect(existsSync(join(dir, sub))).toBe(true);
      expect(statSync(join(dir, sub)).mode & 0o777).toBe(0o700);
    }
  });

  it("makes UPLOAD_DIR's missing parents with the default mode, not 0700 (the default var/ holds the embedded PostgreSQL's data)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'upload-dir-'));
    const dataDir = join(root, 'var');
    expect(await uploadDirProblem(join(dataDir, 'uploads'))).toBeNull();
    expect(statSync(dataDir).mode & 0o777).toBe(0o777 & ~process.umask());
    expect(statSync(join(dataDir, 'uploads')).mode & 0o777).toBe(0o700);
  });

  it('names the path and the reason when UPLOAD_DIR is a file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'upload-dir-')), 'not-a-dir');
    writeFileSync(file, 'x');
    const problem = await uploadDirProblem(file);
    expect(problem).toMatch(/not-a-dir.*: (not a directory|directory missing) \((ENOTDIR|EEXIST|ENOENT)\)/);
    expect(uploadDirFailureLine(file, problem!)).toMatch(/^Configuration error: UPLOAD_DIR \(.*not-a-dir\) is not usable: .*writable/);
  });
});
