import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { UserForm, UserRow } from '@milepost/contracts/users-api';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

/** Filters of the users list (the URL's search params). `sort` is `<field>,<asc|desc>`. */
export interface UsersListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  active?: boolean | undefined;
  roleId?: number | undefined;
}

export const usersKeys = areaKeys('users');

/** GET /users: one page. */
export function getUsers(params: UsersListParams, page: number, signal?: AbortSignal): Promise<Paged<UserRow>> {
  return callApi(routes.users.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, active: params.active, roleId: params.roleId }, signal });
}

/** The users list, page after page as the table scrolls. */
export function usersListQueryOptions(params: UsersListParams) {
  return pagedInfiniteQueryOptions(usersKeys.list(params), (page, signal) => getUsers(params, page, signal));
}

/** GET /users/{id} */
export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: usersKeys.detail(id), queryFn: ({ signal }) => callApi(routes.users.get, { params: { id }, signal }) });
}

/** POST /users: creates the account and emails an invitation to set a password. */
export function createUser(body: UserForm): Promise<UserRow> {
  return callApi(routes.users.create, { body });
}

/** PUT /users/{id}; `version` is the one the form was loaded at (a stale one gets 409 STALE_VERSION). */
export function updateUser({ id, body }: { id: number; body: UserForm & { version: number } }): Promise<UserRow> {
  return callApi(routes.users.update, { params: { id }, body });
}

/** PATCH /users/change-status/{id}?active= with the `version` the row was shown at (a stale one gets 409 STALE_VERSION). */
export function changeUserStatus({ id, active, version }: { id: number; active: boolean; version: number }): Promise<UserRow> {
  return callApi(routes.users.changeStatus, { params: { id }, body: { version }, query: { active } });
}

/** POST /users/{id}/resend-invitation: a fresh set-password link for a user who has none yet. */
export function resendInvitation(id: number): Promise<null> {
  return callApi(routes.users.resendInvitation, { params: { id } });
}

export const useCreateUserMutation = () => useWriteMutation('users', createUser);
export const useUpdateUserMutation = () => useWriteMutation('users', updateUser);
export const useChangeUserStatusMutation = () => useWriteMutation('users', changeUserStatus);
/** Writes nothing a list shows. */
export const useResendInvitationMutation = () => useMutation({ mutationFn: resendInvitation });
