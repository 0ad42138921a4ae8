import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { planDetail, sample } from '../plan/fixtures';
import CreatePlanPage from './index';

fakeEndpoints();

afterEach(() => vi.mocked(callEndpoint).mockReset());

const choices = {
  sampleTypes: [{ id: 2, name: '血清', container: '冻存管' }],
  temperatures: [
    { id: 11, name: '冷藏', range: '2~8℃', forTransport: true, forStorage: true },
    { id: 13, name: '液氮', range: '≤-150℃', forTransport: false, forStorage: true },
  ],
  testItems: [{ id: 21, code: 'CBC', name: '血常规' }],
  kits: [],
};

function renderPage(taken: string[] = []) {
  const sent: Array<{ name: string; body: unknown }> = [];
  vi.mocked(callEndpoint).mockImplementation((async (
    pick: EndpointPick,
    input?: { body?: { name?: string } },
  ) => {
    const name = endpointName(pick);
    sent.push({ name, body: input?.body });
    if (name === 'plan.get')
      return {
        code: 200,
        data: planDetail({
          visits: [
            { id: 51, name: 'V1', sort: 0, samples: [sample()] },
            { id: 52, name: 'V2', sort: 1, samples: [] },
          ],
        }),
      };
    if (name === 'plan.choices') return { code: 200, data: choices };
    if (name === 'plan.kitList') return { code: 200, data: [] };
    if (name === 'plan.visitCheckExist') return { code: 200, data: taken.includes(input?.body?.name ?? '') };
    return { code: 200, data: { version: 4 } };
  }) as unknown as typeof callEndpoint);
  render(
    <MemoryRouter initialEntries={['/project/create-plan?id=5']}>
      <App>
        <CreatePlanPage />
      </App>
    </MemoryRouter>,
  );
  return sent;
}

describe('/project/create-plan', () => {
  it('saves a renamed, added and reordered visit list with its samples at the version read', async () => {
    const sent = renderPage();
    const v2 = (await screen.findByDisplayValue('V2')) as HTMLInputElement;
    expect(screen.getByTestId('plan-sample-0-0')).toBeTruthy();
    fireEvent.change(v2, { target: { value: 'V2 随访' } });
    fireEvent.click(screen.getByTestId('plan-visit-add'));
    fireEvent.change(await screen.findByTestId('plan-visit-name-2'), { target: { value: 'V0 筛选' } });
    // The new visit moves to the top: the saved order is the order on screen.
    fireEvent.click(screen.getByTestId('plan-visit-up-2'));
    fireEvent.click(screen.getByTestId('plan-visit-up-1'));
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(sent.some((s) => s.name === 'plan.syncDraft')).toBe(true));
    expect(sent.find((s) => s.name === 'plan.syncDraft')?.body).toEqual({
      planId: 5,
      version: 3,
      name: '主方案',
      enName: 'Main plan',
      visits: [
        { name: 'V0 筛选', samples: [] },
        {
          id: 51,
          name: 'V1',
          samples: [
            {
              sampleTypeId: 2,
              container: '冻存管',
              volume: 2,
              unit: 'mL',
              count: 1,
              transportTemperatureId: 11,
              storageTemperatureId: 12,
              testItemIds: [21],
              kitId: null,
            },
          ],
        },
        { id: 52, name: 'V2 随访', samples: [] },
      ],
    });
    // The live check asked the server about the new names.
    expect(sent.filter((s) => s.name === 'plan.visitCheckExist').map((s) => s.body)).toEqual(
      expect.arrayContaining([{ planId: 5, name: 'V0 筛选' }]),
    );
  });

  it('refuses a visit name the version already holds, and one twice on screen, without saving', async () => {
    const sent = renderPage(['V9']);
    await screen.findByDisplayValue('V2');
    fireEvent.click(screen.getByTestId('plan-visit-add'));
    fireEvent.change(await screen.findByTestId('plan-visit-name-2'), { target: { value: 'V9' } });
    expect(await screen.findByText('该版本已有同名访视')).toBeTruthy();
    fireEvent.change(screen.getByTestId('plan-visit-name-2'), { target: { value: 'V1' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(screen.getAllByText('该版本已有同名访视').length).toBeGreaterThan(0));
    expect(sent.some((s) => s.name === 'plan.syncDraft')).toBe(false);
  });

  it("creates a new plan of a chosen project with its plan no, offering that project's choices", async () => {
    const sent: Array<{ name: string; input: unknown }> = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: unknown) => {
      const name = endpointName(pick);
      sent.push({ name, input });
      if (name === 'project.ownAll')
        return { code: 200, data: [{ id: 1, projectNo: 'KM-2026-002', name: '示例项目' }], total: 1 };
      if (name === 'plan.choices') return { code: 200, data: choices };
      return { code: 200, data: { id: 9, version: 1 } };
    }) as unknown as typeof callEndpoint);
    render(
      <MemoryRouter initialEntries={['/project/create-plan']}>
        <App>
          <CreatePlanPage />
        </App>
      </MemoryRouter>,
    );
    fireEvent.mouseDown(await screen.findByLabelText('项目', { selector: '#plan_projectId' }));
    fireEvent.click(await screen.findByTitle('KM-2026-002 示例项目'));
    await waitFor(() => expect(sent.some((s) => s.name === 'plan.choices')).toBe(true));
    expect(sent.find((s) => s.name === 'plan.choices')?.input).toEqual({ query: { projectId: 1 } });
    fireEvent.change(screen.getByTestId('plan-form-planNo'), { target: { value: 'KM-2026-002-PLAN-B' } });
    fireEvent.change(screen.getByTestId('plan-form-name'), { target: { value: '加强免疫方案' } });
    fireEvent.click(screen.getByTestId('plan-visit-add'));
    fireEvent.change(await screen.findByTestId('plan-visit-name-0'), { target: { value: 'V1' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(sent.some((s) => s.name === 'plan.create')).toBe(true));
    expect(sent.find((s) => s.name === 'plan.create')?.input).toEqual({
      body: {
        projectId: 1,
        planNo: 'KM-2026-002-PLAN-B',
        name: '加强免疫方案',
        visits: [{ name: 'V1', samples: [] }],
      },
    });
  });
});
