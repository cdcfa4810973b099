import { Controller, Get, Header, Param, Query, Req, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { ListKycSubmissionsUseCase } from '../../application/use-cases/list-kyc-submissions/list-kyc-submissions.use-case';
import { GetKycDocumentUseCase } from '../../application/use-cases/get-kyc-document/get-kyc-document.use-case';
import { KycFileParamsDto, KycListQueryDto } from './dto/kyc.dto';

@ApiTags('admin')
@ApiBearerAuth('bearer')
@ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
@Controller('admin/kyc')
export class KycAdminController {
  constructor(
    private readonly listSubmissions: ListKycSubmissionsUseCase,
    private readonly getDocument: GetKycDocumentUseCase,
  ) {}

  @Get()
  @Roles('Admin')
  @ApiOperation({ summary: 'KYC submissions, newest first, filterable by status (Admin)' })
  @ApiOkResponse({
    schema: {
      example: {
        submissions: [
          {
            id: '…', userId: '…', username: 'jane', email: 'jane@example.com', documentType: 'passport', documentNumber: 'X1234567',
            status: 'Pending', files: { front: { contentType: 'image/png', size: 1024, url: '/api/admin/kyc/…/files/front' } },
            reviewedBy: null, reviewedAt: null, createdAt: '2026-11-23T00:00:00.000Z',
          },
        ],
        total: 1, page: 1, limit: 20,
      },
    },
  })
  async list(@Query() query: KycListQueryDto) {
    const page = await this.listSubmissions.execute({ page: query.page ?? 1, limit: query.limit ?? 20, status: query.status, userId: query.userId });
    return {
      submissions: page.items.map((s) => ({
        id: s.id,
        userId: s.userId,
        username: s.username,
        email: s.email,
        documentType: s.documentType,
        documentNumber: s.documentNumber,
        status: s.status,
        // Storage keys stay server-side; the admin fetches documents through the guarded route.
        files: Object.fromEntries(
          Object.entries(s.files).map(([name, file]) => [name, { contentType: file.contentType, size: file.size, url: `/api/admin/kyc/${s.id}/files/${name}` }]),
        ),
        reviewedBy: s.reviewedBy,
        reviewedAt: s.reviewedAt?.toISOString() ?? null,
        createdAt: s.createdAt.toISOString(),
      })),
      total: page.total,
      page: page.page,
      limit: page.limit,
    };
  }

  @Get(':id/files/:name')
  @Roles('Admin')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'One KYC document, as an attachment with its detected content type; every view is audited (Admin)' })
  @ApiProduces('image/jpeg', 'image/png', 'application/pdf')
  @ApiOkResponse({ description: 'the file', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'KYC.DOCUMENT_NOT_FOUND' })
  async file(@Param() params: KycFileParamsDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request): Promise<StreamableFile> {
    const document = await this.getDocument.execute(params.id, params.name, { userId: user.userId, ip: request.ip ?? null });
    return new StreamableFile(document.stream, {
      type: document.contentType,
      length: document.size,
      disposition: `attachment; filename="${document.fileName}"`,
    });
  }
}
