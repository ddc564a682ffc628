import type { QueryClient } from '@tanstack/react-query';
import { keys } from '../api/keys';

/** The part of a react-router data router that ending a session needs. */
export interface SessionRouter {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, opts: { replace: boolean; state?: unknown }) => Promise<void> | void;
}

/** Path of the sign-in page. */
export const LOGIN_PATH = '/login';

/** What the sign-in page is told: where to go back to, and whether a session was ended under the user. */
export interface LoginState {
  from?: string;
  ended?: boolean;
}

/**
 * Ends the session on the client side (AUTH-003, and after signing out): goes to the sign-in
 * page, remembering where the user was, and drops every cached answer so nothing of the
 * previous user stays in memory. The cache is cleared after the navigation so that the pages
 * being left do not refetch on their way out. A session ended while signed in (signed out in
 * another tab, ended by an administrator) is said on the sign-in page, which otherwise came
 * without a word.
 */
export async function endSession(queryClient: QueryClient, router: SessionRouter): Promise<void> {
  const { pathname, search } = router.state.location;
  if (pathname !== LOGIN_PATH) {
    const state: LoginState = {
      ...(pathname !== '/' && { from: pathname + search }),
      ...(queryClient.getQueryData(keys.me) !== undefined && { ended: true }),
    };
    await router.navigate(LOGIN_PATH, { replace: true, state: Object.keys(state).length > 0 ? state : undefined });
  }
  queryClient.clear();
}
