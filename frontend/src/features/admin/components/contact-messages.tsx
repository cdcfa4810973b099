import { useState } from 'react';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/states';
import type { Schema } from '../../../lib/api';
import { formatDate } from '../../../lib/money';
import { useContactMessages } from '../api/get-contact-messages';

type Message = Schema<'ContactMessageDto'>;

const COLUMNS: Column<Message>[] = [
  { header: 'Received', cell: (m) => formatDate(m.createdAt) },
  { header: 'From', cell: (m) => <>{m.name}<div className="muted small"><a href={`mailto:${m.email}`}>{m.email}</a></div></> },
  { header: 'Subject', cell: (m) => m.subject },
  { header: 'Message', cell: (m) => <span className="pre-line">{m.message}</span> },
];

/** The contact form's messages (also mailed to SUPPORT_EMAIL). */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useContactMessages(page);
  return (
    <section className="card" aria-labelledby="contact-messages-title">
      <h2 id="contact-messages-title">Contact messages{data ? ` (${data.total})` : ''}</h2>
      <DataTable
        label="Contact messages"
        columns={COLUMNS}
        rows={data?.items}
        rowKey={(m) => m.id}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading messages"
        empty={<EmptyState title="No messages yet" />}
        page={page}
        pages={pageCount(data, 10)}
        onPage={setPage}
        pagerLabel="Message pages"
      />
    </section>
  );
}
