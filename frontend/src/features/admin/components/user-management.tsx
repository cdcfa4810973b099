import { SearchForm } from '../../../components/ui/search-form';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { DataTable, pageCount } from '../../../components/ui/data-table';
import { toast } from '../../../lib/toast';
import { useUsers } from '../api/get-users';
import { CreateUserForm } from './create-user-form';
import { USER_COLUMNS, UserRow } from './user-row';
import { ApprovalRequests } from './approval-requests';

export function UserManagement() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const { page: result, error, isLoading, mutate } = useUsers(page, query);

  useEffect(() => {
    if (error) toast.error('Error fetching users');
  }, [error]);

  const refresh = () => void mutate();
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>User Management</h1>
      </header>
      <ApprovalRequests />
      <CreateUserForm />
      <section className="card" aria-labelledby="users-title">
        <div className="card__head">
          <h2 id="users-title">Users{result ? ` (${result.total})` : ''}</h2>
          <SearchForm
            label="Search users"
            onSearch={(q) => {
              setPage(1);
              setQuery(q);
            }}
          />
        </div>
        <DataTable
          label="Users"
          className="table--users"
          columns={USER_COLUMNS}
          rows={result?.items}
          rowKey={(u) => `${u._id}:${u.roles.join(',')}:${u.balance}:${u.pendingApprovals.map((p) => p.id).join(',')}`}
          // the key includes the server's roles, balance and requests so that a row resets its local edits after a refetch
          renderRow={(u, i) => <UserRow user={u} index={(result!.page - 1) * (result!.limit || 20) + i + 1} />}
          error={error}
          isLoading={isLoading}
          onRetry={refresh}
          loadingLabel="Loading users"
          empty={<EmptyState title="No users found" />}
          page={page}
          pages={pageCount(result)}
          onPage={setPage}
          pagerLabel="User pages"
        />
      </section>
    </div>
  );
}
