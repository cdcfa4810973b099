import type { RecordFields } from '../../domain/trade-record';

/** One link of a trader's verifiable record (product.md §12.4): `fields` is exactly the object that was hashed. */
export interface RecordLink {
  seq: number;
  fields: RecordFields;
  hash: string;
}

/**
 * The chain's head at the end of a UTC day on which it grew. `final: false` only for today's, which the trader's
 * next close today moves on; every other head never changes.
 */
export interface RecordHead {
  date: string;
  seq: number;
  hash: string;
  final: boolean;
}

/** The public reads of the record; null when the trader is missing or not public (a 404 like the trader page). */
export abstract class TraderRecordQueries {
  abstract links(traderId: number, after: number, limit: number): Promise<RecordLink[] | null>;
  abstract heads(traderId: number): Promise<RecordHead[] | null>;
}
