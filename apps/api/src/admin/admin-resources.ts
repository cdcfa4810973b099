import type { MikroORM } from '@mikro-orm/postgresql';
import { UserEntity, ROLES, type KycStatus, type Role } from '@mirrorline/accounts';
import { BlockUserUseCase, UpdateUserUseCase, type Actor } from '@mirrorline/back-office';
import { KycSubmissionEntity } from '@mirrorline/kyc';
import { AuditLogEntity } from '@mirrorline/audit';
import { LedgerAccountEntity, LedgerEntryEntity, LedgerTransactionEntity, WalletTransactionEntity } from '@mirrorline/wallet';

/*
 * AdminJS resources. AdminJS is an adapter, not a back door (architecture.md rule 10): nothing is
 * edited raw; state changes are custom actions that call the same use cases as the API (and so are
 * audited the same way), money and audit data are read-only.
 */

interface AdminRecord {
  id(): string;
  params: Record<string, unknown>;
  toJSON(admin?: unknown): unknown;
}
interface AdminContext {
  record?: AdminRecord;
  /** req.session.adminUser: roles are refreshed from the database on every request (admin-panel.module.ts) */
  currentAdmin?: { id?: string; email?: string; roles?: unknown };
  resource: { findOne(id: string): Promise<AdminRecord | null> };
}
/** AdminJS's ActionRequest: a plain copy of Express's request, without its prototype getters (no `ip`). */
type AdminRequest = object;
/** The Express response AdminJS hands to action handlers; `res.req` is the real Express request. */
interface AdminResponse {
  req?: { ip?: string };
}

interface ParamsRecord { params: Record<string, unknown> }
interface RecordsResponse { records?: ParamsRecord[] }
interface RecordResponse { record?: ParamsRecord }

/** AdminJS flattens an array column into `roles.0`, `roles.1`…: the Roles column shows them joined ("User, Admin"). */
export function withRolesText<R extends ParamsRecord>(record: R): R {
  const roles = Object.keys(record.params)
    .filter((key) => /^roles\.\d+$/.test(key))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
    .map((key) => String(record.params[key]));
  return Array.isArray(record.params.roles) || roles.length === 0 ? record : { ...record, params: { ...record.params, roles: roles.join(', ') } };
}

const READ_ONLY = {
  new: { isAccessible: false },
  edit: { isAccessible: false },
  delete: { isAccessible: false },
  bulkDelete: { isAccessible: false },
};

function actorOf(context: AdminContext, response: AdminResponse): Actor {
  const roles = Array.isArray(context.currentAdmin?.roles) ? (context.currentAdmin.roles as unknown[]) : [];
  return {
    userId: String(context.currentAdmin?.id ?? ''),
    // The admin's real roles, as read for this request; never assumed.
    roles: roles.filter((role): role is Role => (ROLES as readonly unknown[]).includes(role)),
    // req.ip honours the app's trust proxy setting; a raw X-Forwarded-For header is whatever the client wrote.
    ip: response.req?.ip ?? null,
  };
}

/** A record action that runs a use case and answers with AdminJS's notice (errors shown, never thrown). */
function recordAction(
  label: string,
  isVisible: (params: Record<string, unknown>) => boolean,
  run: (context: AdminContext, response: AdminResponse, record: AdminRecord) => Promise<string>,
) {
  return {
    actionType: 'record' as const,
    component: false as const,
    label,
    guard: `${label}?`,
    isVisible: ({ record }: { record?: { params: Record<string, unknown> } }) => !!record && isVisible(record.params),
    handler: async (_request: AdminRequest, response: AdminResponse, context: AdminContext) => {
      const record = context.record!;
      try {
        const message = await run(context, response, record);
        const fresh = (await context.resource.findOne(record.id())) ?? record;
        return { record: fresh.toJSON(context.currentAdmin), notice: { message, type: 'success' } };
      } catch (error) {
        return { record: record.toJSON(context.currentAdmin), notice: { message: error instanceof Error ? error.message : 'Action failed', type: 'error' } };
      }
    },
  };
}

export function adminResources(orm: MikroORM, block: BlockUserUseCase, update: UpdateUserUseCase) {
  const setKyc = (status: KycStatus) => (context: AdminContext, response: AdminResponse, userId: string) =>
    update.execute({ actor: actorOf(context, response), userId, kycStatus: status }).then(() => `KYC status updated successfully`);
  return [
    {
      resource: { model: UserEntity, orm },
      options: {
        navigation: { name: 'People' },
        listProperties: ['email', 'username', 'roles', 'kycStatus', 'blocked', 'emailVerified', 'createdAt'],
        filterProperties: ['email', 'username', 'kycStatus', 'blocked'],
        // roles is a text[] column: AdminJS lists an array as "Length: 2"; the list and show hooks join it instead
        properties: { roles: { type: 'string' }, passwordHash: { isVisible: false }, deletedAt: { isVisible: { list: false, show: true, edit: false, filter: false } } },
        actions: {
          ...READ_ONLY,
          list: { after: (response: RecordsResponse) => ({ ...response, records: response.records?.map(withRolesText) }) },
          show: { after: (response: RecordResponse) => ({ ...response, record: response.record && withRolesText(response.record) }) },
          block: recordAction('Block', (p) => !p.blocked, async (ctx, res, rec) => {
            await block.execute({ actor: actorOf(ctx, res), userId: rec.id(), blocked: true });
            return 'User blocked successfully';
          }),
          unblock: recordAction('Unblock', (p) => !!p.blocked && !p.deletedAt, async (ctx, res, rec) => {
            await block.execute({ actor: actorOf(ctx, res), userId: rec.id(), blocked: false });
            return 'User unblocked successfully';
          }),
          verifyKyc: recordAction('KYC: Verified', (p) => p.kycStatus !== 'Verified', (ctx, res, rec) => setKyc('Verified')(ctx, res, rec.id())),
          pendingKyc: recordAction('KYC: Pending', (p) => p.kycStatus !== 'Pending', (ctx, res, rec) => setKyc('Pending')(ctx, res, rec.id())),
          unverifyKyc: recordAction('KYC: Unverified', (p) => p.kycStatus !== 'Unverified', (ctx, res, rec) => setKyc('Unverified')(ctx, res, rec.id())),
        },
      },
    },
    {
      resource: { model: KycSubmissionEntity, orm },
      options: {
        navigation: { name: 'People' },
        listProperties: ['userId', 'documentType', 'status', 'createdAt', 'reviewedAt'],
        filterProperties: ['status', 'userId', 'documentType'],
        // Storage keys stay server-side; documents are fetched from GET /api/admin/kyc/:id/files/:name.
        properties: { files: { isVisible: false } },
        actions: {
          ...READ_ONLY,
          approve: recordAction('Approve (KYC Verified)', (p) => p.status === 'Pending', (ctx, res, rec) => setKyc('Verified')(ctx, res, String(rec.params.userId))),
          reject: recordAction('Reject (KYC Unverified)', (p) => p.status === 'Pending', (ctx, res, rec) => setKyc('Unverified')(ctx, res, String(rec.params.userId))),
        },
      },
    },
    {
      resource: { model: AuditLogEntity, orm },
      options: {
        navigation: { name: 'Audit' },
        listProperties: ['createdAt', 'action', 'actorId', 'targetType', 'targetId', 'ip'],
        filterProperties: ['action', 'actorId', 'targetId'],
        sort: { sortBy: 'id', direction: 'desc' },
        actions: READ_ONLY,
      },
    },
    {
      resource: { model: WalletTransactionEntity, orm },
      options: { navigation: { name: 'Money (read-only)' }, actions: READ_ONLY },
    },
    {
      resource: { model: LedgerAccountEntity, orm },
      options: { navigation: { name: 'Money (read-only)' }, actions: READ_ONLY },
    },
    {
      resource: { model: LedgerTransactionEntity, orm },
      options: { navigation: { name: 'Money (read-only)' }, sort: { sortBy: 'id', direction: 'desc' }, actions: READ_ONLY },
    },
    {
      resource: { model: LedgerEntryEntity, orm },
      options: { navigation: { name: 'Money (read-only)' }, sort: { sortBy: 'id', direction: 'desc' }, actions: READ_ONLY },
    },
  ];
}

/**
 * AdminJS names an action's button from the locale's `resources.<id>.actions.<name>` (else from its key:
 * "Pending Kyc", "Verify Kyc"), never from a `label` option: the labels given to recordAction become those
 * translations ("KYC: Pending", "Approve (KYC Verified)"). The resource id is the entity class's name.
 */
export function actionTranslations(resources: ReturnType<typeof adminResources>): Record<string, { actions: Record<string, string> }> {
  return Object.fromEntries(
    resources.map(({ resource, options }) => {
      const actions = Object.entries(options.actions as Record<string, { label?: string }>).flatMap(([name, action]) => (action.label ? [[name, action.label]] : []));
      return [resource.model.name, { actions: Object.fromEntries(actions) }];
    }),
  );
}
