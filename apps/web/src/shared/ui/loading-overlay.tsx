import { Spin } from 'antd';

/** Full-screen spinner shown while routes load (SPEC 2 route guard). */
export function LoadingOverlay() {
  return (
    <div
      role="progressbar"
      aria-busy="true"
      style={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        background: '#fff',
        zIndex: 1000,
      }}
    >
      <Spin size="large" />
    </div>
  );
}
