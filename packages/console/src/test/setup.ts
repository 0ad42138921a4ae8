import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Components render here as they do inside the shell, where the session has loaded every locale
// namespace (without one, only the login namespaces are there: see locales/index.ts).
beforeAll(async () => {
  const { loadAllNamespaces } = await import('../locales');
  await loadAllNamespaces();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset of every cookie
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
