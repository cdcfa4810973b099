import { Injectable } from '@nestjs/common';
import type { Page } from '@mirrorline/shared';
import type { AuditRecord } from '../../../domain/audit-entry';
import { AuditLog, type AuditQuery } from '../../ports/audit-log';

@Injectable()
export class ListAuditLogUseCase {
  constructor(private readonly audit: AuditLog) {}

  execute(query: AuditQuery): Promise<Page<AuditRecord>> {
    return this.audit.list(query);
  }
}
