import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import {
  MemoryRouter,
  type NavigateFunction,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageShown } from '../components/usePageShown';
import { useTabs } from '../stores/tabs';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { tabActions } from './tabActions';

const renders: Record<string, number> = {};
const effects: Record<string, number> = {};
let navigate: NavigateFunction | undefined;

/** The page's content (a table, say): counts how often it is rendered. */
function Content({ name, text }: { name: string; text: string }) {
  renders[name] = (renders[name] ?? 0) + 1;
  useEffect(() => {
    effects[name] = (effects[name] ?? 0) + 1;
  }, [name]);
  return <div data-testid={`page-${name}`}>{text}</div>;
}

/** What a camera view or a measuring table asks: is my page the one on screen? */
function Shown({ name }: { name: string }) {
  return <span data-testid={`shown-${name}`}>{String(usePageShown())}</span>;
}

/** A page that reads the router like real pages do and shows the location it sees. */
function Page({ name }: { name: string }) {
  const location = useLocation();
  useNavigate();
  // A new object every render, as pages' column lists are: a real re-render reaches Content.
  const props = { name, text: `${location.pathname}${location.search}` };
  return (
    <>
      <Content {...props} />
      <Shown name={name} />
    </>
  );
}

/** The shell stand-in: opens a tab for every location, as BasicLayout does. */
function Shell() {
  const location = useLocation();
  navigate = useNavigate();
  useEffect(() => {
    useTabs.getState().open({ path: location.pathname, fullPath: location.pathname, title: 'menu.x' });
  }, [location.pathname]);
  return <KeepAliveOutlet />;
}

afterEach(() => {
  vi.useRealTimers();
  useTabs.getState().reset();
  for (const key of Object.keys(renders)) delete renders[key];
  for (const key of Object.keys(effects)) delete effects[key];
});

describe('KeepAliveOutlet', () => {
  it('keeps each page on its own location: navigating elsewhere and back neither re-renders it nor re-runs its effects', async () => {
    render(
      <MemoryRouter initialEntries={['/a?x=1']}>
        <Routes>
          <Route path="/" element={<Shell />}>
            <Route path="a" element={<Page name="a" />} />
            <Route path="b" element={<Page name="b" />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('page-a').textContent).toBe('/a?x=1');
    const settled = renders.a ?? 0;

    await act(async () => navigate?.('/b'));
    expect(screen.getByTestId('page-b').textContent).toBe('/b');
    // Hidden, page a still sees its own URL and its content was not rendered again (React may call
    // the page function for the outer location's change, then bails out: nothing it reads changed).
    expect(screen.getByTestId('page-a').textContent).toBe('/a?x=1');
    // Hidden by content-visibility (the browser keeps its layout), and it knows it is hidden.
    const hostA = screen.getByTestId('page-a').closest<HTMLElement>('[data-page]');
    expect(hostA?.style.contentVisibility).toBe('hidden');
    expect(screen.getByTestId('shown-a').textContent).toBe('false');
    expect(screen.getByTestId('shown-b').textContent).toBe('true');
    await act(async () => navigate?.('/b?y=2'));
    expect(screen.getByTestId('page-b').textContent).toBe('/b?y=2');
    expect(renders.a).toBe(settled);

    await act(async () => navigate?.('/a?x=1'));
    expect(screen.getByTestId('page-a').checkVisibility()).toBe(true);
    expect(hostA?.style.contentVisibility).toBe('');
    expect(screen.getByTestId('shown-a').textContent).toBe('true');
    expect(screen.getByTestId('shown-b').textContent).toBe('false');
    expect(renders.a).toBe(settled);
    // Shown again, its effects were not re-created either (loads, subscriptions, measurements).
    expect(effects.a).toBe(1);
    expect(useTabs.getState().cached).toEqual(['/b', '/a']);
  });

  it('keeps at most five pages mounted: a sixth pushes the least recent out, and it comes back freshly mounted', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/" element={<Shell />}>
            {names.map((name) => (
              <Route key={name} path={name} element={<Page name={name} />} />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    // The page host lives exactly as long as the page stays mounted.
    const host = () => document.querySelector<HTMLElement>('[data-page="/a"]');
    host()?.setAttribute('data-marked', '1');
    await act(async () => navigate?.('/b'));
    await act(async () => navigate?.('/a'));
    expect(host()?.hasAttribute('data-marked')).toBe(true);
    // Five other pages push it out of the cache.
    for (const name of ['c', 'd', 'e', 'f', 'g']) await act(async () => navigate?.(`/${name}`));
    expect(document.querySelectorAll('[data-page]')).toHaveLength(5);
    expect(host()).toBeNull();
    await act(async () => navigate?.('/a'));
    expect(host()?.hasAttribute('data-marked')).toBe(false);
    expect(effects.a).toBe(2);
  });

  it('a refresh shows a loading state, then remounts the page', async () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/" element={<Shell />}>
            <Route path="a" element={<Page name="a" />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const host = () => document.querySelector<HTMLElement>('[data-page="/a"]');
    host()?.setAttribute('data-marked', '1');
    act(() => tabActions.refresh('/a'));
    expect(screen.queryByTestId('page-a')).toBeNull();
    expect(host()?.querySelector('.ant-spin')).not.toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('page-a').textContent).toBe('/a');
    expect(host()?.hasAttribute('data-marked')).toBe(false);
    expect(effects.a).toBe(2);
  });
});
