import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { INestApplication } from '@nestjs/common';

const NOT_SPA = /^\/(api|admin)(\/|$)/;

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every other GET that is
 * not under /api or /admin (history fallback; the SPA renders its not-found screen for unknown paths).
 */
export function serveSpa(app: INestApplication, spaDir: string | undefined): boolean {
  if (!spaDir || !existsSync(join(spaDir, 'index.html'))) return false;
  const index = join(spaDir, 'index.html');
  const files = express.static(spaDir, {
    index: false,
    fallthrough: true,
    setHeaders: (res, path) => {
      if (path.includes(`${join(spaDir, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // One middleware in front of every request: API and AdminJS requests pass straight on. Mounted on its own,
  // express.static looked on disk (a stat of spaDir/api/…) for every GET /api/… first (docs/performance.md).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    files(req, res, (error?: unknown) => (error ? next(error) : fallback(req, res, next)));
  });
  const fallback = (req: Request, res: Response, next: NextFunction) => {
    const last = req.path.split('/').pop() ?? '';
    if (last.includes('.')) return next(); // a missing file, not a route: let it 404
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  return true;
}
