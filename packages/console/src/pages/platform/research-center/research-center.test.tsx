import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RESEARCH_CENTER_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { answerConfirm } from '../../../test/dialogs';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ResearchCenterPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const union = {
  id: 1,
  code: 'RC-0001',
  name: '北京协和医院',
  enName: 'Peking Union Medical College Hospital',
  province: '北京市',
  city: '北京市',
  address: '东城区帅府园1号',
  phone: '010-69156114',
  enabled: true,
  projectCount: 1,
  version: 2,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-02T02:00:00.000Z',
};
const detail = {
  ...union,
  contacts: [{ id: 11, name: '张立群', role: 'pi', phone: '13601010001', email: null, version: 1 }],
  projects: [
    {
      projectId: 5,
      projectNo: 'KM-2026-001',
      projectName: '肿瘤生物标志物研究',
      centerNo: '01',
      projectStatus: 'prepare',
    },
  ],
};

/** `taken`: the codes and names checkExist answers as held by another centre. */
function renderPage(permissions: string[], taken: string[] = []) {
  vi.mocked(callEndpoint).mockImplementation((async (
    pick: EndpointPick,
    input?: { body?: { value?: string } },
  ) => {
    const name = endpointName(pick);
    if (name === 'researchCenter.paging') return { code: 200, data: [union], total: 1 };
    if (name === 'researchCenter.get') return { code: 200, data: detail };
    if (name === 'researchCenter.checkExist')
      return { code: 200, data: taken.includes(input?.body?.value ?? '') };
    return { code: 200, data: { id: 9, version: 1 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <ResearchCenterPage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/research-center', () => {
  it('registers a centre: a code another centre has is said before saving; empty fields go as null', async () => {
    renderPage(Object.values(RESEARCH_CENTER_PERMISSIONS), ['RC-0001']);
    await screen.findByText('北京协和医院');
    fireEvent.click(await screen.findByTestId('research-center-create'));
    const form = await screen.findByTestId('research-center-form');
    fireEvent.change(within(form).getByLabelText('中心编码'), { target: { value: 'RC-0001' } });
    fireEvent.change(within(form).getByLabelText('中心名称'), { target: { value: '山东大学齐鲁医院' } });
    fireEvent.click(screen.getByTestId('research-center-form-ok'));
    expect(await screen.findByText('该编码已被其他研究中心使用')).toBeTruthy();
    expect(calls('researchCenter.create')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('中心编码'), { target: { value: 'RC-0100' } });
    fireEvent.change(within(form).getByLabelText('城市'), { target: { value: '济南市' } });
    fireEvent.click(screen.getByTestId('research-center-form-ok'));
    await waitFor(() => expect(calls('researchCenter.create')).toHaveLength(1));
    expect(calls('researchCenter.create')[0]?.[1]).toEqual({
      body: {
        code: 'RC-0100',
        name: '山东大学齐鲁医院',
        enName: null,
        province: null,
        city: '济南市',
        address: null,
        phone: null,
      },
    });
    await waitFor(() => expect(calls('researchCenter.paging')).toHaveLength(2));
  });

  it('shows a centre with its contacts and projects; adds and removes a contact', async () => {
    renderPage(Object.values(RESEARCH_CENTER_PERMISSIONS));
    fireEvent.click(await screen.findByTestId('research-center-detail-RC-0001'));
    const shown = await screen.findByTestId('research-center-detail');
    expect(within(shown).getByText('张立群')).toBeTruthy();
    expect(within(shown).getByText('主要研究者（PI）')).toBeTruthy();
    expect(within(shown).getByText('KM-2026-001')).toBeTruthy();
    // The project's state in its workflow's words (筹备中 was missing from the old dictionary 1010).
    expect(within(shown).getByText('筹备中')).toBeTruthy();

    fireEvent.click(screen.getByTestId('research-center-contact-add'));
    const form = await screen.findByTestId('research-center-contact-form');
    fireEvent.change(within(form).getByLabelText('姓名'), { target: { value: '刘婷' } });
    fireEvent.change(within(form).getByLabelText('电话'), { target: { value: '13601010002' } });
    fireEvent.click(screen.getByTestId('research-center-contact-form-ok'));
    await waitFor(() => expect(calls('researchCenter.addContact')).toHaveLength(1));
    expect(calls('researchCenter.addContact')[0]?.[1]).toEqual({
      params: { id: 1 },
      body: { name: '刘婷', role: 'pi', phone: '13601010002', email: null },
    });
    // The open detail is read again after the write.
    await waitFor(() => expect(calls('researchCenter.get')).toHaveLength(2));

    fireEvent.click(screen.getByTestId('research-center-contact-remove-11'));
    await answerConfirm(false);
    expect(calls('researchCenter.removeContact')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('research-center-contact-remove-11'));
    await answerConfirm(true);
    await waitFor(() => expect(calls('researchCenter.removeContact')).toHaveLength(1));
    expect(calls('researchCenter.removeContact')[0]?.[1]).toEqual({ params: { id: 11 } });
    await waitFor(() => expect(calls('researchCenter.get')).toHaveLength(3));
  });

  it('without the edit and toggle permissions: no new, edit or contact buttons, the state as a tag', async () => {
    renderPage([RESEARCH_CENTER_PERMISSIONS.view]);
    fireEvent.click(await screen.findByTestId('research-center-detail-RC-0001'));
    await screen.findByTestId('research-center-detail');
    expect(screen.queryByTestId('research-center-create')).toBeNull();
    expect(screen.queryByTestId('research-center-edit-RC-0001')).toBeNull();
    expect(screen.queryByTestId('research-center-status-RC-0001')).toBeNull();
    expect(screen.queryByTestId('research-center-contact-add')).toBeNull();
    expect(screen.queryByTestId('research-center-contact-edit-11')).toBeNull();
  });
});
