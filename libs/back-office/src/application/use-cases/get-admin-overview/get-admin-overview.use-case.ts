import { Injectable } from '@nestjs/common';
import { AdminOverviewQuery, type AdminOverview } from '../../ports/admin-overview.query';

@Injectable()
export class GetAdminOverviewUseCase {
  constructor(private readonly overview: AdminOverviewQuery) {}

  execute(): Promise<AdminOverview> {
    return this.overview.read();
  }
}
