import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PLAN_PERMISSIONS, PLAN_SIGNATURE_MEANING } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { RequestError } from '../../../services/request/types';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { planDetail, planRow } from '../plan/fixtures';
import PlanReviewPage from './index';

fakeEndpoints();

afterEach(async () => {
  await changeLanguage('zh-CN');
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

function renderPage(url: string, refuseFirstSignature = false) {
  let refused = !refuseFirstSignature;
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'plan.approve' && !refused) {
      refused = true;
      throw new RequestError('密码错误', 'business');
    }
    if (name === 'plan.paging') return { code: 200, data: [planRow({ status: 'submitted' })], total: 1 };
    if (name === 'plan.get') return { code: 200, data: planDetail({ status: 'submitted' }) };
    if (name === 'project.ownAll') return { code: 200, data: [], total: 0 };
    return { code: 200, data: { version: 4, status: 'reviewed' } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(PLAN_PERMISSIONS), roles: [] });
  render(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <PlanReviewPage />
      </App>
    </MemoryRouter>,
  );
}

describe('/project/plan-review', () => {
  it('lists submitted versions unless the link asks for another state', async () => {
    renderPage('/project/plan-review?status=returned');
    await screen.findByTestId('plan-open-5');
    await waitFor(() =>
      expect(calls('plan.paging').at(-1)?.[1]).toMatchObject({ body: { status: 'returned' } }),
    );
  });

  it('shows a zh-HK reader the meaning the server stores for them, in Traditional Chinese', async () => {
    await changeLanguage('zh-HK');
    renderPage('/project/plan-review');
    fireEvent.click(await screen.findByTestId('plan-open-5'));
    fireEvent.click(await screen.findByTestId('plan-approve-modal-5'));
    expect(await screen.findByText(PLAN_SIGNATURE_MEANING.zh_HK)).toBeTruthy();
  });

  it('opens a version with its samples and approves it with the password and the meaning shown', async () => {
    renderPage('/project/plan-review');
    fireEvent.click(await screen.findByTestId('plan-open-5'));
    expect(calls('plan.paging')[0]?.[1]).toMatchObject({ body: { status: 'submitted' } });
    expect(await screen.findByTestId('plan-visit-samples-51')).toBeTruthy();
    expect(screen.getAllByText('血常规').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('plan-approve-modal-5'));
    expect(await screen.findByText(PLAN_SIGNATURE_MEANING.zh_CN)).toBeTruthy();
    fireEvent.change(screen.getByTestId('signature-password'), { target: { value: 'Secret#1' } });
    fireEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(calls('plan.approve')).toHaveLength(1));
    expect(calls('plan.approve')[0]?.[1]).toEqual({
      params: { id: 5 },
      body: { version: 3, signature: { password: 'Secret#1' } },
    });
  });

  it('signs in the kit dialog: a refused password keeps it open with the password, a good one approves', async () => {
    renderPage('/project/plan-review', true);
    fireEvent.click(await screen.findByTestId('plan-approve-row-5'));
    expect(await screen.findByText(PLAN_SIGNATURE_MEANING.zh_CN)).toBeTruthy();
    fireEvent.change(screen.getByTestId('signature-password'), { target: { value: 'Wrong#1' } });
    fireEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(calls('plan.approve')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('signature-ok').className).not.toContain('loading'));
    expect((screen.getByTestId('signature-password') as HTMLInputElement).value).toBe('Wrong#1');
    const pagingBefore = calls('plan.paging').length;

    fireEvent.change(screen.getByTestId('signature-password'), { target: { value: 'Secret#1' } });
    fireEvent.click(screen.getByTestId('signature-ok'));
    expect(await screen.findByText('已批准')).toBeTruthy();
    expect(calls('plan.approve')[1]?.[1]).toEqual({
      params: { id: 5 },
      body: { version: 3, signature: { password: 'Secret#1' } },
    });
    // The list asks again.
    await waitFor(() => expect(calls('plan.paging').length).toBeGreaterThan(pagingBefore));
  });
});
