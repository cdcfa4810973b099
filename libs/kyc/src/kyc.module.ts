import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { AccountsModule } from '@mirrorline/accounts';
import { AuditModule } from '@mirrorline/audit';
import { DocumentStore } from './application/ports/document-store';
import { KycSubmissionRepository } from './application/ports/kyc-submission.repository';
import { RequestKycUseCase } from './application/use-cases/request-kyc/request-kyc.use-case';
import { SetKycStatusUseCase } from './application/use-cases/set-kyc-status/set-kyc-status.use-case';
import { RedactKycDataUseCase } from './application/use-cases/redact-kyc-data/redact-kyc-data.use-case';
import { ListKycSubmissionsUseCase } from './application/use-cases/list-kyc-submissions/list-kyc-submissions.use-case';
import { GetKycDocumentUseCase } from './application/use-cases/get-kyc-document/get-kyc-document.use-case';
import { LocalDiskDocumentStore } from './adapters/storage/local-disk-document-store';
import { S3DocumentStore } from './adapters/storage/s3-document-store';
import { MikroOrmKycSubmissionRepository } from './adapters/persistence/mikro-orm-kyc-submission.repository';
import { KycSubmissionEntity } from './adapters/persistence/kyc-submission.entity';
import { KycController } from './adapters/http/kyc.controller';
import { KycAdminController } from './adapters/http/kyc-admin.controller';
import { KycUploadInterceptor } from './adapters/http/kyc-upload.interceptor';
import { KycAdministration } from './application/ports/kyc-administration';
import { UseCaseKycAdministration } from './application/services/use-case-kyc-administration';

/** KYC: document upload (Unverified → Pending), admin review list and documents, and the KycAdministration port (admin decision, erasure) for user management. */
@Module({
  imports: [MikroOrmModule.forFeature([KycSubmissionEntity]), AccountsModule, AuditModule],
  controllers: [KycController, KycAdminController],
  providers: [
    // DOCUMENT_STORE: local disk (the default) or an S3 bucket every replica reaches (docs/deploy.md, "Documents").
    {
      provide: DocumentStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.documentStore.kind === 's3' ? new S3DocumentStore(config.documentStore) : new LocalDiskDocumentStore(config)),
    },
    { provide: KycSubmissionRepository, useClass: MikroOrmKycSubmissionRepository },
    KycUploadInterceptor,
    RequestKycUseCase,
    SetKycStatusUseCase,
    RedactKycDataUseCase,
    ListKycSubmissionsUseCase,
    GetKycDocumentUseCase,
    // The port user management reaches KYC through (docs/architecture.md, context map).
    { provide: KycAdministration, useClass: UseCaseKycAdministration },
  ],
  exports: [KycAdministration, MikroOrmModule],
})
export class KycModule {}
