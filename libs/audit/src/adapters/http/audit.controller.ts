import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@mirrorline/auth';
import { ListAuditLogUseCase } from '../../application/use-cases/list-audit-log/list-audit-log.use-case';
import { AuditQueryRequestDto } from './dto/audit-query.request.dto';

@ApiTags('admin')
@ApiBearerAuth('bearer')
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly listAuditLog: ListAuditLogUseCase) {}

  @Get()
  @Roles('Admin')
  @ApiOperation({ summary: 'Audit log of admin actions, newest first (Admin)', description: 'Who did what to whom: block, role, KYC and balance changes, decisions, impersonation, document views; filterable by action, actor and target.' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['entries', 'total', 'page', 'limit'],
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'actorId', 'action', 'targetType', 'targetId', 'before', 'after', 'ip', 'createdAt'],
            properties: {
              id: { type: 'string' },
              actorId: { type: 'string', nullable: true, description: 'the admin who acted; null for the system' },
              action: { type: 'string', example: 'user.balance_adjust' },
              targetType: { type: 'string', example: 'user' },
              targetId: { type: 'string', nullable: true },
              before: { description: 'the state before (JSON)' },
              after: { description: 'the state after (JSON)' },
              ip: { type: 'string', nullable: true },
              createdAt: { type: 'string', format: 'date-time' },
            },
          },
        },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
  })
  async list(@Query() query: AuditQueryRequestDto) {
    const page = await this.listAuditLog.execute({
      page: query.page ?? 1,
      limit: query.limit ?? 20,
      action: query.action,
      actorId: query.actorId,
      targetId: query.targetId,
    });
    return { entries: page.items, total: page.total, page: page.page, limit: page.limit };
  }
}
