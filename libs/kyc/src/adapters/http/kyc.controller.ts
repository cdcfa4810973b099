import { Body, Controller, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@mirrorline/auth';
import { RequestKycUseCase } from '../../application/use-cases/request-kyc/request-kyc.use-case';
import { KYC_FILE_ENCODING, RequestKycMultipartSchema, RequestKycRequestDto } from './dto/kyc.dto';
import { KycUploadInterceptor } from './kyc-upload.interceptor';

/** multer's disk storage: each file is a temporary file under UPLOAD_DIR/tmp. */
type UploadedKycFiles = Partial<Record<'front' | 'back' | 'selfie', Array<{ path: string; size: number }>>>;

const upload = (list?: Array<{ path: string; size: number }>) => (list?.[0] ? { path: list[0].path, size: list[0].size } : undefined);

@ApiTags('kyc')
@ApiBearerAuth('bearer')
@Controller('user')
export class KycController {
  constructor(private readonly requestKyc: RequestKycUseCase) {}

  @Post('requestKYC')
  @UseInterceptors(KycUploadInterceptor)
  @ApiOperation({ summary: 'Send identity documents for review: KYC Unverified → Pending', description: 'Multipart: document type and number plus front, back and selfie images (JPEG, PNG or PDF by content, 5 MB each). The status becomes Pending until an admin decides.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: RequestKycMultipartSchema, encoding: KYC_FILE_ENCODING })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      required: ['message', 'KYC', 'submission'],
      properties: {
        message: { type: 'string', example: 'KYC documents submitted' },
        KYC: { type: 'string', enum: ['Pending'] },
        submission: {
          type: 'object',
          required: ['id', 'documentType', 'status', 'createdAt'],
          properties: { id: { type: 'string' }, documentType: { type: 'string' }, status: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  })
  @ApiBadRequestResponse({ description: 'Missing or invalid field, missing file, or a file that is not JPEG/PNG/PDF by content' })
  @ApiPayloadTooLargeResponse({ description: 'A file is larger than 5 MB' })
  @ApiConflictResponse({ description: 'KYC.ALREADY_PENDING or KYC.ALREADY_VERIFIED' })
  async request(
    @Body() body: RequestKycRequestDto,
    @UploadedFiles() files: UploadedKycFiles | undefined,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    const submission = await this.requestKyc.execute({
      userId: user.userId,
      documentType: body.documentType,
      documentNumber: body.documentNumber,
      files: { front: upload(files?.front), back: upload(files?.back), selfie: upload(files?.selfie) },
    });
    return {
      message: 'KYC documents submitted',
      KYC: 'Pending',
      submission: { id: submission.id, documentType: submission.documentType, status: submission.status, createdAt: submission.createdAt.toISOString() },
    };
  }
}
