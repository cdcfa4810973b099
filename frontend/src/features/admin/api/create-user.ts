import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';
import { USER_LIST_KEYS } from './types';

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
  return authRequest('/user/create', { method: 'POST', body: { ...body, roles } });
}

/** Creates a user; the hook owns busy state and the refresh of the users list (and the approvals, for an Admin). */
export function useCreateUser() {
  return useMutation((body: CreateUserBody) => createUser(body), { invalidate: [...USER_LIST_KEYS, '/admin_details', '/admin/approvals'] });
}
