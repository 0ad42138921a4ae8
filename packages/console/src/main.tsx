import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './locales';
// antd's styles of the /login form, computed by the build (vite.config.ts loginStyles).
import 'virtual:login-antd.css';
import { decide } from './router/guard';
import { isLoggedIn } from './stores/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A redirect the guard would make anyway (e.g. / without a session to /login) is made before the
// first render, so the first paint is already the right page.
const first = decide({
  path: window.location.pathname,
  loggedIn: isLoggedIn(),
  loaded: false,
  routes: [],
  firstPath: null,
  lastRoute: null,
});
if (first.kind === 'redirect' && !first.messageKey && first.to === '/login') {
  window.history.replaceState(null, '', first.to);
}

const root = createRoot(container);
// The first render is synchronous: /login is on screen when the page reports loaded.
flushSync(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
