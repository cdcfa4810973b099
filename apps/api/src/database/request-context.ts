import type { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/core';
import type { NextFunction, Request, Response } from 'express';

/**
 * The forks of a request's context, made when first asked for: MikroORM's own middleware forks the
 * EntityManager for every request (a new unit of work, identity map and two configuration writes), and
 * most requests (cached reads, routes without database work, raw SQL through the connection) never use it.
 * Same fork options as MikroORM's RequestContext.create, from the global EntityManager as there.
 */
class LazyForks extends Map<string, EntityManager> {
  constructor(private readonly root: EntityManager) {
    super();
  }

  private forking = false;

  override get(name: string): EntityManager | undefined {
    let em = super.get(name);
    // While the fork is being made (its constructor resolves the context too), there is no fork yet: the
    // global EntityManager answers, as it does for MikroORM's eager fork made before the context exists.
    if (!em && name === this.root.name && !this.forking) {
      this.forking = true;
      try {
        em = this.root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.forking = false;
      }
      this.set(name, em);
    }
    return em;
  }
}

/**
 * Express middleware in place of MikroORM's `registerRequestContext`: every request runs in its own
 * RequestContext (so the injected EntityManager resolves to a fork of its own), the fork made on first use.
 */
export function lazyRequestContext(orm: MikroORM): (req: Request, res: Response, next: NextFunction) => void {
  // RequestContext.create's own storage (private in the typings): getEntityManager() reads it.
  const storage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;
  return (_req, _res, next) => {
    storage.run(new RequestContext(new LazyForks(orm.em) as unknown as Map<string, never>), next);
  };
}
