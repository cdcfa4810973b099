// @mirrorline/users/sql: the SQL fragments the users context publishes (docs/architecture.md "Wiring"): the one
// insert the demo lib's seeder composes (it owns `users`, docs/table-ownership.json).
import { usersQueries } from './adapters/persistence/users.queries';

export const usersSql = { insertUser: usersQueries.insertUser };
