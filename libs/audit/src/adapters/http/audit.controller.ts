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
  @ApiOperation({ summary: 'Audit log of admin actions, newest first (Admin)' })
  @ApiOkResponse({
    schema: {
      example: {
        entries: [
          {
            id: '1',
            actorId: '5f0c…',
            action: 'user.block',
            targetType: 'user',
            targetId: '8a1d…',
            before: { blocked: false },
            after: { blocked: true },
            ip: '127.0.0.1',
            createdAt: '2026-11-23T00:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
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
