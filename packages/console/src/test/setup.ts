import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// The whole suite shares two cores with the server and e2e projects: antd components can take
// longer than testing-library's 1 s default to appear, which is load, not a failure.
configure({ asyncUtilTimeout: 5000 });

// Components render here as they do inside the shell, where the session has loaded every locale
// namespace (without one, only the login namespaces are there: see locales/index.ts).
beforeAll(async () => {
  const { loadAllNamespaces } = await import('../locales');
  await loadAllNamespaces();
});

afterEach(async () => {
  cleanup();
  // React's scheduler runs leftover work (an antd dialog's closing effects) in a later macrotask; let
  // it run while the DOM still exists, not after the file's environment has been torn down.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // One query cache per test: no answer of one test is shown in the next.
  const { queryClient } = await import('../services/query');
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset of every cookie
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
