import { DynamicModule, Inject, Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import session from 'express-session';
import { Pool } from 'pg';
import type { AppConfig } from '@mirrorline/shared';
import { BlockUserUseCase, UpdateUserUseCase, UserManagementModule, VerifyAdminCredentialsUseCase } from '@mirrorline/back-office';
import { AuthModule, MfaCodes } from '@mirrorline/auth';
import { actionTranslations, adminResources } from './admin-resources';
import { ADMIN_THEME_COLORS, ADMIN_THEME_STYLESHEET } from './admin-theme';
import { ADMIN_LOGIN_CODE_SCRIPT } from './admin-login-code';
import { ADMIN_A11Y_SCRIPT } from './admin-a11y';
import { AdminLoginThrottle } from './admin-login-throttle';
import { ADMIN_CSRF_SCRIPT_PATH, AdminRouteGuard, type AdminJsInstance, type AdminJsRoute } from './admin-csrf';
import { usersDashboard } from './admin-dashboard';

type SessionData = session.SessionData & { adminUser?: { id?: string; roles?: string[] } };
type StoreCallback = (error: unknown, data?: SessionData | null) => void;

interface PgStoreOptions {
  pool: Pool;
  tableName: string;
  createTableIfMissing: boolean;
  pruneSessionInterval: number | false;
}
/** The concrete methods of connect-pg-simple's store that the checked store builds on. */
interface PgSessionStore {
  get(sid: string, callback: StoreCallback): void;
  destroy(sid: string, callback?: (error?: unknown) => void): void;
}
type PgStoreClass = new (options: PgStoreOptions) => PgSessionStore;

// connect-pg-simple ships no types; its factory takes express-session and returns the Store class.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const connectPgSimple = require('connect-pg-simple') as (s: typeof session) => PgStoreClass;

const SESSION_POOL = Symbol('ADMIN_SESSION_POOL');
const EIGHT_HOURS = 8 * 60 * 60 * 1000;

/**
 * The PostgreSQL session store, re-checking the signed-in admin whenever a session is loaded (every
 * /admin request): AdminJS itself checks the role only at sign-in, so without this a blocked, demoted
 * or deleted admin would keep the back-office for the rest of the 8-hour rolling session. A session
 * whose user no longer qualifies is destroyed and read as absent, and AdminJS redirects to the login
 * page. The fresh roles replace the ones stored at sign-in (they become the audit actor's roles).
 */
function checkedSessionStore(Base: PgStoreClass, verify: VerifyAdminCredentialsUseCase): PgStoreClass {
  return class CheckedPgStore extends Base {
    override get(sid: string, callback: StoreCallback): void {
      super.get(sid, (error: unknown, data?: SessionData | null) => {
        const adminId = data?.adminUser?.id;
        if (error || !data || !adminId) return callback(error, data);
        verify.activeAdmin(adminId).then(
          (admin) => {
            if (admin) return callback(null, { ...data, adminUser: { ...data.adminUser, roles: admin.roles } });
            this.destroy(sid, (destroyError: unknown) => callback(destroyError ?? null, null));
          },
          (checkError: unknown) => callback(checkError),
        );
      });
    }
  };
}

/*
 * AdminJS 7 and its Nest/MikroORM adapters are ESM-only while this app is CommonJS: they are loaded
 * with a real dynamic import() (kept by tsconfig "nodenext" and .swcrc "ignoreDynamic"), and the
 * resulting module promise goes into `imports`. See docs/admin.md.
 */
async function loadAdminJs(config: AppConfig): Promise<DynamicModule> {
  const [{ AdminModule, ExpressLoader }, adminjs, { Database, Resource }] = await Promise.all([
    import('@adminjs/nestjs'),
    import('adminjs'),
    import('@adminjs/mikroorm'),
  ]);
  adminjs.default.registerAdapter({ Database, Resource });

  /**
   * @adminjs/nestjs's Express loader, which also hands the AdminJS instance and its route table to the
   * back-office's guard (admin-csrf.ts) just before AdminJS's router is mounted: the guard resolves a path
   * the way AdminJS will (same Express matching, same resource and action lookups).
   */
  @Injectable()
  class GuardedExpressLoader extends ExpressLoader {
    constructor(@Inject(AdminRouteGuard) private readonly guard: AdminRouteGuard) {
      super();
    }

    override async register(...args: Parameters<InstanceType<typeof ExpressLoader>['register']>): Promise<void> {
      this.guard.bind(args[0] as unknown as AdminJsInstance, adminjs.Router.routes as AdminJsRoute[]);
      await super.register(...args);
    }
  }

  const componentLoader = new adminjs.ComponentLoader();
  const PgStore = connectPgSimple(session);
  const throttle = new AdminLoginThrottle();
  return AdminModule.createAdminAsync({
    customLoader: GuardedExpressLoader,
    imports: [AdminSessionPoolModule, AdminRouteGuardModule, UserManagementModule, AuthModule],
    inject: [MikroORM, SESSION_POOL, VerifyAdminCredentialsUseCase, BlockUserUseCase, UpdateUserUseCase, MfaCodes],
    useFactory: (orm: MikroORM, pool: Pool, verify: VerifyAdminCredentialsUseCase, block: BlockUserUseCase, update: UpdateUserUseCase, mfa: MfaCodes) => {
      const SessionStore = checkedSessionStore(PgStore, verify);
      const resources = adminResources(orm, block, update);
      return {
      adminJsOptions: {
        rootPath: '/admin',
        componentLoader,
        // the dashboard (sidebar logo, "Dashboard" breadcrumb, unknown addresses) is the Users list, not the tips page
        dashboard: usersDashboard(componentLoader),
        loginPath: '/admin/login',
        logoutPath: '/admin/logout',
        // Mirrorline's name and dark theme (admin-theme.ts), no AdminJS logo (logo: false) nor "made with love" link
        branding: { companyName: 'Mirrorline', logo: false, withMadeWithLove: false, theme: { colors: ADMIN_THEME_COLORS } },
        // resources read as what they hold, not as their entity classes ("User Entity")
        locale: {
          language: 'en',
          translations: {
            en: {
              // the login page's welcome promoted AdminJS ("the world's leading open-source…")
              components: { Login: { welcomeHeader: 'Mirrorline back-office', welcomeMessage: 'Sign in with your admin account and the code from your authenticator app.' } },
              resources: actionTranslations(resources),
              labels: {
                UserEntity: 'Users',
                KycSubmissionEntity: 'KYC submissions',
                AuditLogEntity: 'Audit log',
                WalletTransactionEntity: 'Wallet transactions',
                LedgerAccountEntity: 'Ledger accounts',
                LedgerTransactionEntity: 'Ledger transactions',
                LedgerEntryEntity: 'Ledger entries',
                // the menu's group names, as written (AdminJS would start-case them: "Money Read Only")
                'Money (read-only)': 'Money (read-only)',
              },
            },
          },
        },
        // admin-csrf.ts turns AdminJS's GET for a state-changing action into a same-origin POST;
        // admin-login-code.ts adds the 2FA code field to the login form; admin-a11y.ts names the filter drawer's controls.
        assets: { scripts: [ADMIN_CSRF_SCRIPT_PATH, ADMIN_LOGIN_CODE_SCRIPT, ADMIN_A11Y_SCRIPT], styles: [ADMIN_THEME_STYLESHEET] },
        resources,
      },
      auth: {
        // Same credentials as the app; only an active, verified Admin gets in.
        // Admins must have 2FA (product.md §10): the code is checked like the API's login step (one use,
        // per-account lockout); an admin who has not enrolled yet enrols in the SPA first. Password failures
        // count per (client address, email), as the API's login does: a stranger's wrong passwords do not
        // lock the admin out from their own address.
        authenticate: async (email: string, password: string, context?: { req?: { ip?: string; fields?: Record<string, unknown> } }) => {
          if (typeof email !== 'string') return null;
          const key = `${context?.req?.ip ?? 'unknown'}|${email}`;
          if (throttle.isLocked(key)) return null;
          const admin = await verify.execute(email, password);
          if (!admin) {
            throttle.recordFailure(key);
            return null;
          }
          const code = context?.req?.fields?.code;
          if (!(await mfa.verifySignInCode(admin.id, typeof code === 'string' ? code : undefined))) {
            throttle.recordFailure(key);
            return null;
          }
          throttle.reset(key);
          return { id: admin.id, email: admin.email, title: admin.username, roles: admin.roles };
        },
        cookieName: 'mirrorline_admin',
        cookiePassword: config.sessionSecret,
      },
      sessionOptions: {
        // connect-pg-simple's class is an express-session Store; only its typing is local (PgSessionStore).
        store: new SessionStore({ pool, tableName: 'admin_sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 }) as unknown as session.Store,
        secret: config.sessionSecret,
        resave: false,
        saveUninitialized: false,
        rolling: true,
        cookie: { httpOnly: true, sameSite: 'strict', secure: config.isProduction, maxAge: EIGHT_HOURS, path: '/admin' },
      },
      };
    },
  });
}

/** The PostgreSQL pool behind the AdminJS session store (its table comes from Migration…0520AdminSessions). */
@Module({
  providers: [
    {
      provide: SESSION_POOL,
      inject: [MikroORM],
      useFactory: (orm: MikroORM) => {
        const pool = new Pool({ connectionString: orm.config.get('clientUrl'), max: 4, connectionTimeoutMillis: 2_000 });
        // An idle client whose server went away (restart, failover) emits 'error': without a listener that
        // would end the process. The pool drops that client and connects afresh on the next checkout.
        pool.on('error', () => undefined);
        return pool;
      },
    },
  ],
  exports: [SESSION_POOL],
})
class AdminSessionPoolModule implements OnModuleDestroy {
  constructor(@Inject(SESSION_POOL) private readonly pool: Pool) {}

  async onModuleDestroy(): Promise<void> {
    // Nest may destroy this module once per importer; the pool can only be ended once.
    if (!this.pool.ended) await this.pool.end();
  }
}

/** The one AdminRouteGuard of the app: bound by AdminJS's loader, mounted at /admin by configureApp. */
@Module({ providers: [AdminRouteGuard], exports: [AdminRouteGuard] })
class AdminRouteGuardModule {}

/** AdminJS at /admin (Admin role only). Added to the app only when config.adminPanel is true (off in Jest). */
@Module({})
export class AdminPanelModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AdminPanelModule,
      imports: [AdminRouteGuardModule, loadAdminJs(config)],
      exports: [AdminRouteGuardModule],
    };
  }
}
