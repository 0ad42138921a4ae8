import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { queryClient } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import TodoPage from './index';

fakeEndpoints();

const answer = (data: unknown) =>
  vi.mocked(callEndpoint).mockResolvedValue({ code: 200, msg: 'ok', data } as never);

function renderPage() {
  render(
    <MemoryRouter>
      <App>
        <TodoPage />
      </App>
    </MemoryRouter>,
  );
}

afterEach(() => {
  queryClient.clear();
});

describe('/home/todo', () => {
  it('shows each kind in words with its count, linked to the list filtered to its state', async () => {
    answer([
      {
        workflow: 'testOrder',
        state: 'submitted',
        actions: ['approve', 'reject'],
        route: '/lab/review',
        count: 3,
      },
      // A workflow without texts yet still shows, by its ids.
      { workflow: 'newFlow', state: 'waiting', actions: ['check'], route: '/new', count: 0 },
    ]);
    renderPage();
    const kind = await screen.findByTestId('todo-kind-testOrder-submitted');
    expect(kind.getAttribute('href')).toBe('/lab/review?status=submitted');
    expect(kind.textContent).toContain('检测项目申请 · 待审核');
    expect(kind.textContent).toContain('审核通过、驳回');
    expect(kind.textContent).toContain('3');
    expect((await screen.findByTestId('todo-kind-newFlow-waiting')).textContent).toContain(
      'newFlow · waiting',
    );
  });

  it('shows a counted to-do in words, linked to the page filtered to what it counts', async () => {
    answer([
      {
        workflow: 'supplierQualification',
        state: 'expiring',
        actions: ['renew'],
        route: '/supply/supplier',
        query: 'expiringDays=30',
        count: 2,
      },
    ]);
    renderPage();
    const kind = await screen.findByTestId('todo-kind-supplierQualification-expiring');
    expect(kind.getAttribute('href')).toBe('/supply/supplier?expiringDays=30');
    expect(kind.textContent).toContain('供应商资质 · 30 天内到期（含已过期）');
    expect(kind.textContent).toContain('更新资质文件');
    expect(kind.textContent).toContain('2');
  });

  it('tells a user who may act on nothing to ask for permissions', async () => {
    answer([]);
    renderPage();
    expect((await screen.findByTestId('todo-hint')).textContent).toContain('请联系管理员');
  });
});
