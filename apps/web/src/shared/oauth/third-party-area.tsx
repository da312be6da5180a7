import { lazy, Suspense } from 'react';

/** The login page's third-party area, in a chunk of its own: the sign-in page stays small. */
const ThirdPartyLinks = lazy(() => import('./third-party-links'));

export function ThirdPartyArea({ tenantId }: { tenantId: string }) {
  return (
    <Suspense fallback={null}>
      <ThirdPartyLinks tenantId={tenantId} />
    </Suspense>
  );
}
