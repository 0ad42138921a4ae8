import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { callEndpoint } from '../../../services/endpoint';
import { type EndpointPick, endpointName } from '../../../services/query';
import CreateProjectFilePage from './index';

vi.mock('../../../services/endpoint', () => ({ callEndpoint: vi.fn() }));

afterEach(() => vi.mocked(callEndpoint).mockClear());

const record = {
  id: 7,
  projectNo: 'KM-7',
  name: '疫苗研究',
  protocolNo: 'P-7',
  sponsor: '安生生物',
  status: 1,
  managerId: 3,
  managerName: '张项目',
  backupManagerId: null,
  backupManagerName: null,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  description: null,
  version: 4,
  sites: [{ id: 31, centerNo: '01', name: '协和', researchCenterId: 1, researchCenterName: '北京协和医院' }],
  groups: [{ id: 1, code: 'A', name: '试验组' }],
  contacts: [{ id: 1, name: '钱立', role: 'CRA', phone: null, email: null }],
};

describe('/project/create-file', () => {
  it('opens a record by ?id=, says a taken name while typing, and saves the rows at the version read', async () => {
    const sent: Array<{ name: string; body: unknown }> = [];
    vi.mocked(callEndpoint).mockImplementation((async (
      pick: EndpointPick,
      input?: { body?: { value?: string } },
    ) => {
      const name = endpointName(pick);
      sent.push({ name, body: input?.body });
      if (name === 'project.get') return { code: 200, data: record };
      if (name === 'project.projectManagers')
        return { code: 200, data: [{ id: 3, username: '张项目', jobNumber: null }] };
      if (name === 'researchCenter.paging')
        return { code: 200, data: [{ id: 1, code: 'RC-0001', name: '北京协和医院' }], total: 1 };
      if (name === 'project.checkNameExist') return { code: 200, data: input?.body?.value === '重名项目' };
      if (name.startsWith('project.check')) return { code: 200, data: false };
      return { code: 200, data: { id: 7, version: 5 } };
    }) as unknown as typeof callEndpoint);
    render(
      <MemoryRouter initialEntries={['/project/create-file?id=7']}>
        <App>
          <CreateProjectFilePage />
        </App>
      </MemoryRouter>,
    );
    const name = (await screen.findByDisplayValue('疫苗研究')) as HTMLInputElement;
    expect(screen.getByDisplayValue('KM-7')).toBeTruthy();
    expect(screen.getAllByTestId('project-sites-row')).toHaveLength(1);
    fireEvent.change(name, { target: { value: '重名项目' } });
    expect(await screen.findByText('该项目名称已被其他项目使用', {}, { timeout: 3000 })).toBeTruthy();
    fireEvent.change(name, { target: { value: '疫苗研究二期' } });
    fireEvent.click(screen.getByTestId('project-file-save'));
    await waitFor(() => expect(sent.some((s) => s.name === 'project.update')).toBe(true), { timeout: 3000 });
    expect(sent.find((s) => s.name === 'project.update')?.body).toMatchObject({
      id: 7,
      version: 4,
      name: '疫苗研究二期',
      startDate: '2026-01-01',
      sites: [{ id: 31, researchCenterId: 1, centerNo: '01', name: '协和' }],
      groups: [{ code: 'A', name: '试验组' }],
    });
  });
});
