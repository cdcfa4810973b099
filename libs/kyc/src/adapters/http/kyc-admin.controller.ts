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
  @ApiOperation({ summary: 'KYC submissions, newest first, filterable by status (Admin)', description: 'Each submission with the user, document details, its files (fetched through the guarded file route) and the review.' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['submissions', 'total', 'page', 'limit'],
      properties: {
        submissions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'userId', 'username', 'email', 'documentType', 'documentNumber', 'status', 'files', 'reviewedBy', 'reviewedAt', 'createdAt'],
            properties: {
              id: { type: 'string' },
              userId: { type: 'string' },
              username: { type: 'string' },
              email: { type: 'string', format: 'email' },
              documentType: { type: 'string', example: 'passport' },
              documentNumber: { type: 'string' },
              status: { type: 'string', enum: ['Pending', 'Verified', 'Rejected'] },
              files: {
                type: 'object',
                description: 'by name (front, back, selfie); fetch each through its url',
                additionalProperties: {
                  type: 'object',
                  required: ['contentType', 'size', 'url'],
                  properties: { contentType: { type: 'string' }, size: { type: 'integer' }, url: { type: 'string' } },
                },
              },
              reviewedBy: { type: 'string', nullable: true },
              reviewedAt: { type: 'string', format: 'date-time', nullable: true },
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
  @ApiOperation({ summary: 'One KYC document, as an attachment with its detected content type; every view is audited (Admin)', description: 'Streams one stored file of a submission; each view is written to the audit log.' })
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
