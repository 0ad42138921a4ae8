import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PROJECT_FILE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import CreateProjectFilePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const record = {
  id: 7,
  projectNo: 'KM-7',
  name: '疫苗研究',
  enName: 'Vaccine study',
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
      if (name === 'system.fileUpload') return { code: 200, data: { id: 88 } };
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
    expect(screen.getAllByTestId(/^project-sites-\d+$/)).toHaveLength(1);
    fireEvent.change(name, { target: { value: '重名项目' } });
    expect(await screen.findByText('该项目名称已被其他项目使用')).toBeTruthy();
    fireEvent.change(name, { target: { value: '疫苗研究二期' } });
    fireEvent.change(screen.getByDisplayValue('Vaccine study'), {
      target: { value: 'Vaccine study, phase II' },
    });
    fireEvent.click(screen.getByTestId('project-file-save'));
    await waitFor(() => expect(sent.some((s) => s.name === 'project.update')).toBe(true));
    expect(sent.find((s) => s.name === 'project.update')?.body).toMatchObject({
      id: 7,
      version: 4,
      name: '疫苗研究二期',
      enName: 'Vaccine study, phase II',
      startDate: '2026-01-01',
      sites: [{ id: 31, researchCenterId: 1, centerNo: '01', name: '协和' }],
      groups: [{ code: 'A', name: '试验组' }],
    });
  });

  it('imports groups into the form: the preview names the bad rows, the good ones join the table and are saved with the record', async () => {
    const sent: Array<{ name: string; body: unknown }> = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      sent.push({ name, body: input?.body });
      if (name === 'project.get') return { code: 200, data: record };
      if (name === 'system.fileUpload') return { code: 200, data: { id: 88 } };
      if (name === 'project.groupImport')
        return {
          code: 200,
          data: {
            rows: [
              { line: 2, code: 'B', name: '对照组', action: 'insert', errors: [] },
              {
                line: 3,
                code: 'A',
                name: '重复组',
                action: 'skip',
                errors: [{ problem: 'inRecord', message: '组别编码“A”已在项目档案中' }],
              },
            ],
            valid: 1,
            invalid: 1,
          },
        };
      if (name.startsWith('project.check')) return { code: 200, data: false };
      if (name === 'project.projectManagers')
        return { code: 200, data: [{ id: 3, username: '张项目', jobNumber: null }] };
      if (
        name.startsWith('project.page') ||
        name === 'project.externalUsers' ||
        name === 'researchCenter.paging'
      )
        return { code: 200, data: [], total: 0 };
      return { code: 200, data: { id: 7, version: 5 } };
    }) as unknown as typeof callEndpoint);
    const P = PROJECT_FILE_PERMISSIONS;
    usePermission.setState({ permissions: [P.edit, P.import, P.export, P.view], roles: [] });
    render(
      <MemoryRouter initialEntries={['/project/create-file?id=7']}>
        <App>
          <CreateProjectFilePage />
        </App>
      </MemoryRouter>,
    );
    await screen.findByDisplayValue('疫苗研究');
    expect(screen.getByTestId('project-sites-export')).toBeTruthy();
    expect(screen.getByTestId('project-record-users')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-groups-import'));
    const input = (await waitFor(() => document.body.querySelector('input[type=file]'))) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'groups.xlsx')] } });
    await waitFor(() =>
      expect(screen.getByTestId('project-groups-import-errors-3').textContent).toBe(
        '组别编码“A”已在项目档案中',
      ),
    );
    // The form's own code went along, so the server could call the repeat an error.
    expect(sent.find((s) => s.name === 'project.groupImport')?.body).toEqual({ fileId: 88, existing: ['A'] });
    fireEvent.click(screen.getByTestId('project-groups-import-confirm'));
    await waitFor(() => expect(screen.getAllByTestId(/^project-groups-\d+$/)).toHaveLength(2));
    expect(
      within(screen.getAllByTestId(/^project-groups-\d+$/)[1] as HTMLElement).getByDisplayValue('对照组'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-file-save'));
    await waitFor(() => expect(sent.some((s) => s.name === 'project.update')).toBe(true));
    expect(sent.find((s) => s.name === 'project.update')?.body).toMatchObject({
      groups: [
        { code: 'A', name: '试验组' },
        { code: 'B', name: '对照组' },
      ],
    });
  });
});
