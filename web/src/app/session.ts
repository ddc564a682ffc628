import type { QueryClient } from '@tanstack/react-query';

/** The part of a react-router data router that ending a session needs. */
export interface SessionRouter {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, opts: { replace: boolean; state?: unknown }) => Promise<void> | void;
}

/** Path of the sign-in page. */
export const LOGIN_PATH = '/login';

/**
 * Ends the session on the client side (AUTH-003, and after signing out): goes to the sign-in
 * page, remembering where the user was, and drops every cached answer so nothing of the
 * previous user stays in memory. The cache is cleared after the navigation so that the pages
 * being left do not refetch on their way out.
 */
export async function endSession(queryClient: QueryClient, router: SessionRouter): Promise<void> {
  const { pathname, search } = router.state.location;
  if (pathname !== LOGIN_PATH) {
    const from = pathname === '/' ? undefined : pathname + search;
    await router.navigate(LOGIN_PATH, { replace: true, state: from ? { from } : undefined });
  }
  queryClient.clear();
}
