import { useEffect, useState } from 'react';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { toast } from '../../../lib/toast';
import { useUsers } from '../api/get-users';
import { CreateUserForm } from './create-user-form';
import { UserRow } from './user-row';
import { KycReview } from './kyc-review';
import { Pager } from '../../../components/ui/pager';

export function UserManagement() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const { page: result, error, isLoading, mutate } = useUsers(page, query);
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 20))) : 1;

  useEffect(() => {
    if (error) toast.error('Error fetching users');
  }, [error]);

  const refresh = () => void mutate();
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>User Management</h1>
      </header>
      <CreateUserForm onCreated={refresh} />
      <section className="card" aria-labelledby="users-title">
        <div className="card__head">
          <h2 id="users-title">Users{result ? ` (${result.total})` : ''}</h2>
          <form
            role="search"
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              setPage(1);
              setQuery(search.trim());
            }}
          >
            <input className="field__input field__input--sm" aria-label="Search users" placeholder="Search name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
            <button type="submit" className="btn btn--ghost btn--sm">Search</button>
          </form>
        </div>
        <AsyncBlock
          data={result}
          error={error}
          isLoading={isLoading}
          onRetry={refresh}
          loadingLabel="Loading users"
          isEmpty={(r) => r.items.length === 0}
          empty={<EmptyState title="No users found" />}
        >
          {(r) => (
            <>
              <div className="table-wrap">
                <table className="table table--users" aria-label="Users">
                  <thead>
                    <tr>
                      <th scope="col">No.</th>
                      <th scope="col">Username</th>
                      <th scope="col">Email</th>
                      <th scope="col">Roles</th>
                      <th scope="col">Trader ID</th>
                      <th scope="col">KYC Status</th>
                      <th scope="col">Balance</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.items.map((u, i) => (
                      // the key includes the server's roles so that a row resets its local edits after a refetch
                      <UserRow key={`${u._id}:${u.roles.join(',')}:${u.balance}`} user={u} index={(r.page - 1) * (r.limit || 20) + i + 1} onChanged={refresh} />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager label="User pages" page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </AsyncBlock>
      </section>
      <KycReview />
    </div>
  );
}
