import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PLAN_PERMISSIONS, type PlanKitRow } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { useDict } from '../../../stores/dict';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { PlanKits } from './PlanKits';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const kit: PlanKitRow = {
  id: 7,
  planId: 3,
  name: '基线采血套件',
  deliveryModel: 'kit',
  items: [
    {
      consumableName: 'EDTA抗凝采血管',
      size: '5ml',
      vendor: '示例医疗器械有限公司',
      unit: '支',
      quantityPerKit: 2,
      scopeOfUse: null,
      consumableEnName: 'EDTA tube',
      enSize: '5 mL',
      enVendor: 'Example Medical Devices Co., Ltd.',
      enUnit: 'tube',
      enScopeOfUse: null,
    },
  ],
  visits: ['V1 筛选期'],
  version: 4,
};

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

function serve(status: string) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'plan.get') return { code: 200, data: { id: 3, status } };
    if (name === 'plan.kitList') return { code: 200, data: [kit] };
    return { code: 200, data: { id: 7, version: 5 } };
  }) as unknown as typeof callEndpoint);
  useDict.setState({
    items: {
      1016: [{ id: 1, dictNo: 1016, value: 'kit', label: '套件', enLabel: 'Kit', status: 1, sort: 0 }],
    },
  });
  usePermission.setState({ permissions: Object.values(PLAN_PERMISSIONS), roles: [] });
  render(
    <MemoryRouter>
      <App>
        <PlanKits planId={3} />
      </App>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await i18n.loadNamespaces(['projectPlanParts']);
});

describe('PlanKits', () => {
  it("lists a draft version's kits and saves an edited one at the version read", async () => {
    serve('draft');
    expect(await screen.findByText('EDTA抗凝采血管 5ml × 2 支 · 示例医疗器械有限公司')).toBeTruthy();
    expect(screen.getByText('V1 筛选期')).toBeTruthy();
    expect(screen.getByText('套件')).toBeTruthy();
    // A kit a sample names cannot be removed.
    expect(screen.getByTestId('plan-kit-remove-7').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('plan-kit-edit-7'));
    fireEvent.change(await screen.findByLabelText('每包数量'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('plan-kit-form-ok'));
    await waitFor(() => expect(calls('plan.kitSave')).toHaveLength(1));
    expect(calls('plan.kitSave')[0]?.[1]).toEqual({
      body: {
        planId: 3,
        id: 7,
        version: 4,
        name: '基线采血套件',
        deliveryModel: 'kit',
        // The item as written: the catalogue's English texts are not the item's.
        items: [
          {
            consumableName: 'EDTA抗凝采血管',
            size: '5ml',
            vendor: '示例医疗器械有限公司',
            unit: '支',
            quantityPerKit: 3,
            scopeOfUse: null,
          },
        ],
      },
    });
  });

  it("shows an item's catalogue English texts to an English reader; the editor keeps the item's own", async () => {
    await changeLanguage('en-US');
    try {
      serve('draft');
      expect(
        await screen.findByText('EDTA tube 5 mL × 2 tube · Example Medical Devices Co., Ltd.'),
      ).toBeTruthy();
      expect(screen.queryByText(/EDTA抗凝采血管/)).toBeNull();
      fireEvent.click(screen.getByTestId('plan-kit-edit-7'));
      const form = await screen.findByTestId('plan-kit-form');
      expect(within(form).getByDisplayValue('EDTA抗凝采血管')).toBeTruthy();
    } finally {
      await changeLanguage('zh-CN');
    }
  });

  it('only shows the kits of a version that is online', async () => {
    serve('online');
    expect(await screen.findByText('基线采血套件')).toBeTruthy();
    expect(await screen.findByText('方案版本已提交或上线，耗材包不可修改')).toBeTruthy();
    expect(screen.queryByTestId('plan-kit-add')).toBeNull();
    expect(screen.queryByTestId('plan-kit-edit-7')).toBeNull();
  });
});
