import { Injectable } from '@nestjs/common';
import { copyErrors } from '../../../domain/copy';
import { TraderRecordQueries, type RecordHead, type RecordLink } from '../../ports/trader-record';

export const RECORD_PAGE_DEFAULT = 100;
export const RECORD_PAGE_MAX = 500;

export interface RecordPage {
  items: RecordLink[];
  /** the `after` of the next page, null when this page reached the end */
  nextAfter: number | null;
}

/** A trader's verifiable record (product.md §12.4), public: a missing or non-public trader is a 404. */
@Injectable()
export class ReadTraderRecordUseCase {
  constructor(private readonly record: TraderRecordQueries) {}

  async links(traderId: number, after = 0, limit = RECORD_PAGE_DEFAULT): Promise<RecordPage> {
    const items = await this.record.links(traderId, after, limit);
    if (!items) throw copyErrors.traderNotFound();
    return { items, nextAfter: items.length === limit ? items[items.length - 1].seq : null };
  }

  async heads(traderId: number): Promise<{ items: RecordHead[] }> {
    const items = await this.record.heads(traderId);
    if (!items) throw copyErrors.traderNotFound();
    return { items };
  }
}
