import type { Schema } from '../../../lib/api';

/** One of my copies as GET /api/copies answers (the document's schema). */
export type Copy = Schema<'CopyDto'>;
