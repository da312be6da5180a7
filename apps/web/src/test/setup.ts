import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

/** antd reads these browser APIs that happy-dom lacks or stubs incompletely. */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// The first render of a lazily loaded page compiles its chunk, which can outlast the 1 s default;
// under CI's load (three test streams on two cores) one antd form round trip took over 5 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// React's scheduler runs queued work on setImmediate. Let it run while the DOM still exists: work
// left over when a slow (loaded) run tears the environment down throws "window is not defined".
afterAll(async () => {
  for (let pass = 0; pass < 3; pass++) await new Promise((resolve) => setImmediate(resolve));
});
