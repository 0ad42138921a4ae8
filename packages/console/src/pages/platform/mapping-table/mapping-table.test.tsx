import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CODE_MAPPING_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { answerConfirm } from '../../../test/dialogs';
import { callEndpoint, downloadEndpoint, fakeEndpoints } from '../../../test/fakes';
import MappingTablePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
  vi.mocked(downloadEndpoint).mockClear();
});

const v1 = {
  id: 5,
  projectId: 1,
  projectNo: 'KM-2026-001',
  kind: 'visit',
  source: 'EDC',
  externalCode: 'V1',
  externalName: 'Baseline',
  targetId: 11,
  targetCode: '基线 V1',
  targetName: '基线 V1',
  enabled: true,
  version: 2,
};
const serum = {
  ...v1,
  id: 6,
  projectId: null,
  projectNo: null,
  kind: 'sampleType',
  source: '中心实验室',
  externalCode: 'SERUM',
  externalName: null,
  targetId: 2,
  targetCode: 'SER',
  targetName: '血清',
};

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'codeMappings.paging') return { code: 200, data: [v1, serum], total: 2 };
    if (name === 'codeMappings.projects')
      return { code: 200, data: [{ id: 1, projectNo: 'KM-2026-001', name: '肿瘤研究' }] };
    if (name === 'codeMappings.targets')
      return {
        code: 200,
        data: [
          { id: 1, code: 'CBC', name: '血常规', enabled: true },
          { id: 2, code: 'LFT', name: '肝功能', enabled: false },
        ],
      };
    if (name === 'codeMappings.delete') return { code: 200, data: true };
    return { code: 200, data: { id: 9, version: 1 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <MappingTablePage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/mapping-table', () => {
  it('lists mappings by scope and kind, and maps a code for all projects to an enabled test item', async () => {
    renderPage(Object.values(CODE_MAPPING_PERMISSIONS));
    expect(await screen.findByText('SERUM')).toBeTruthy();
    expect(screen.getAllByText('所有项目').length).toBeGreaterThan(0);
    expect(screen.getByText('SER 血清')).toBeTruthy();
    expect(screen.getAllByText('访视').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('mapping-create'));
    fireEvent.mouseDown(await screen.findByLabelText('类别', { selector: '#mapping_kind' }));
    fireEvent.click(await screen.findByTitle('检测项目'));
    fireEvent.change(screen.getByLabelText('来源', { selector: '#mapping_source' }), {
      target: { value: '华康制药' },
    });
    fireEvent.change(screen.getByLabelText('外部编码', { selector: '#mapping_externalCode' }), {
      target: { value: 'HK-HEM01' },
    });
    await waitFor(() => expect(calls('codeMappings.targets')).toHaveLength(1));
    expect(calls('codeMappings.targets')[0]?.[1]).toEqual({ body: { kind: 'testItem', projectId: null } });
    fireEvent.mouseDown(screen.getByLabelText('实验室记录'));
    // A disabled test item is shown but cannot be chosen for a new mapping.
    const disabled = await screen.findByTitle('LFT 肝功能');
    expect(disabled.getAttribute('aria-disabled') ?? disabled.className).toMatch(/true|disabled/);
    fireEvent.click(await screen.findByTitle('CBC 血常规'));
    fireEvent.click(screen.getByTestId('mapping-form-ok'));
    await waitFor(() => expect(calls('codeMappings.create')).toHaveLength(1));
    expect(calls('codeMappings.create')[0]?.[1]).toEqual({
      body: {
        projectId: null,
        kind: 'testItem',
        source: '华康制药',
        externalCode: 'HK-HEM01',
        externalName: null,
        targetId: 1,
        enabled: true,
      },
    });
    await waitFor(() => expect(calls('codeMappings.paging')).toHaveLength(2));
  });

  it('deletes after a confirmation and exports the applied filter; without rights only the list shows', async () => {
    renderPage(Object.values(CODE_MAPPING_PERMISSIONS));
    fireEvent.click(await screen.findByTestId('mapping-remove-5'));
    await answerConfirm(true);
    await waitFor(() => expect(calls('codeMappings.delete')).toHaveLength(1));
    expect(calls('codeMappings.delete')[0]?.[1]).toEqual({ params: { id: 5 } });
    await waitFor(() => expect(calls('codeMappings.paging')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('mapping-export'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadEndpoint).mock.calls[0]?.[1]).toEqual({ body: {} });
  });

  it('shows no writing buttons to those who may only look', async () => {
    renderPage([CODE_MAPPING_PERMISSIONS.view]);
    expect(await screen.findByText('SERUM')).toBeTruthy();
    expect(screen.queryByTestId('mapping-create')).toBeNull();
    expect(screen.queryByTestId('mapping-import')).toBeNull();
    expect(screen.queryByTestId('mapping-edit-5')).toBeNull();
    expect(screen.queryByTestId('mapping-remove-5')).toBeNull();
    expect(screen.getByTestId('mapping-export')).toBeTruthy();
  });
});
