import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_CONFIG_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import TestProjectConfigPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const rft = {
  id: 4,
  projectId: 1,
  testItemId: 3,
  code: 'RFT',
  name: '肾功能',
  sex: 'M',
  ageMin: null,
  ageMax: null,
  low: 59,
  high: 104,
  unit: 'μmol/L',
  text: null,
  defaultUnit: 'μmol/L',
  defaultRange: '57-111',
  version: 2,
};

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/project/test-project-config', () => {
  it("shows a project's ranges beside the item defaults and edits one at the version read", async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
      const name = endpointName(pick);
      if (name === 'project.ownAll')
        return { code: 200, data: [{ id: 1, projectNo: 'KM-2026-001', name: '肿瘤研究' }], total: 1 };
      if (name === 'projectTestItems.items')
        return { code: 200, data: [{ id: 3, code: 'RFT', name: '肾功能' }] };
      if (name === 'projectTestItems.list') return { code: 200, data: [rft] };
      return { code: 200, data: { id: 4, version: 3 } };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: Object.values(PROJECT_CONFIG_PERMISSIONS), roles: [] });
    render(
      <MemoryRouter>
        <App>
          <TestProjectConfigPage />
        </App>
      </MemoryRouter>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('KM-2026-001 肿瘤研究'));
    expect(await screen.findByText('59 – 104')).toBeTruthy();
    expect(screen.getByText('57-111 μmol/L')).toBeTruthy();
    expect(calls('projectTestItems.list')[0]?.[1]).toEqual({ body: { projectId: 1 } });
    fireEvent.click(screen.getByTestId('range-edit-4'));
    fireEvent.change(await screen.findByLabelText('上限', { selector: '#range_high' }), {
      target: { value: '100' },
    });
    fireEvent.click(screen.getByTestId('range-form-ok'));
    await waitFor(() => expect(calls('projectTestItems.save')).toHaveLength(1));
    expect(calls('projectTestItems.save')[0]?.[1]).toMatchObject({
      body: {
        id: 4,
        version: 2,
        projectId: 1,
        testItemId: 3,
        sex: 'M',
        low: 59,
        high: 100,
        unit: 'μmol/L',
        text: null,
      },
    });
  });
});
