import { api, type ApiBody } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

export interface CreateUserBody {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  roles: string[];
}

/** POST /api/user/create: email pre-verified; roles always include User; Admin is asked of another admin (four eyes). */
export function createUser(body: CreateUserBody): Promise<unknown> {
  const roles = ['User', ...body.roles.filter((r) => r !== 'User')];
  return api('post', '/api/user/create', { body: { ...body, roles } as ApiBody<'/api/user/create', 'post'> });
}

/** Creates a user; the hook owns busy state and the refresh of the users list (and the approvals, for an Admin). */
export function useCreateUser() {
  return useMutation((body: CreateUserBody) => createUser(body), { invalidate: [adminKeys.usersAll, adminKeys.detailsAll, adminKeys.approvalsAll] });
}
