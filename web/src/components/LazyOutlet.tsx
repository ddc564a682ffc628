import { Suspense } from 'react';
import { Flex, Spin } from 'antd';
import { Outlet } from 'react-router';

/** The child route's page, with a spinner while its code loads (pages are loaded on first use). */
export function LazyOutlet() {
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      }
    >
      <Outlet />
    </Suspense>
  );
}
