import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { fakeEndpoints } from '../../../test/fakes';
import ConsumMaterialPage from './index';

const PAD = {
  id: 8,
  code: 'SC-PAD',
  name: '采血垫巾',
  enName: 'Phlebotomy pad',
  size: '50片',
  enSize: '50 sheets',
  vendor: '示例耗材公司',
  enVendor: 'Example Consumables Ltd.',
  unit: '包',
  enUnit: 'pack',
  pictureFileId: null,
  scopeOfUse: '采血',
  enScopeOfUse: 'Blood draw',
  leadDays: 7,
  safetyDays: 7,
  enabled: true,
  onHand: 100,
  version: 1,
};

/** A kit of the tab: an item of the catalogue and one it lacks, named as the server answers. */
const KIT = {
  id: 3,
  projectId: 1,
  projectNo: 'KM-2026-001',
  name: 'Baseline kit',
  deliveryModel: 'kit',
  planNo: null,
  offered: true,
  items: [
    {
      consumableId: 8,
      consumableCode: 'SC-PAD',
      consumableName: 'Phlebotomy pad',
      size: '50 sheets',
      unit: 'pack',
      quantityPerKit: 2,
    },
    {
      consumableId: null,
      consumableCode: null,
      consumableName: 'Ice pack',
      size: null,
      unit: 'piece',
      quantityPerKit: 1,
    },
  ],
};

fakeEndpoints((async (pick: EndpointPick) => {
  const name = endpointName(pick);
  if (name === 'supply.consumablePage') return { code: 200, data: [PAD], total: 1 };
  if (name === 'supply.kitPage') return { code: 200, data: [KIT], total: 1 };
  return { code: 200, data: [], total: 0 };
}) as never);

afterEach(() => changeLanguage('zh-CN'));

const page = () =>
  render(
    <MemoryRouter initialEntries={['/supply/consum-material']}>
      <App>
        <ConsumMaterialPage />
      </App>
    </MemoryRouter>,
  );

describe('/supply/consum-material: size, vendor, unit and scope of use in the user’s language', () => {
  it('shows the English texts in en-US', async () => {
    await changeLanguage('en-US');
    page();
    expect(await screen.findByText('50 sheets')).toBeTruthy();
    for (const text of ['Example Consumables Ltd.', 'pack', 'Blood draw'])
      expect(screen.getByText(text)).toBeTruthy();
    for (const text of ['50片', '示例耗材公司', '包', '采血']) expect(screen.queryByText(text)).toBeNull();
  });

  it('shows the Chinese texts in zh-CN', async () => {
    await changeLanguage('zh-CN');
    page();
    expect(await screen.findByText('50片')).toBeTruthy();
    for (const text of ['示例耗材公司', '包', '采血']) expect(screen.getByText(text)).toBeTruthy();
    for (const text of ['50 sheets', 'Example Consumables Ltd.', 'pack', 'Blood draw'])
      expect(screen.queryByText(text)).toBeNull();
  });
});

describe('/supply/consum-material kits', () => {
  it("tags each item by its code, with the name and size the server answers in the reader's language", async () => {
    await changeLanguage('en-US');
    page();
    fireEvent.click(await screen.findByText('Kits'));
    const tag = await screen.findByText('SC-PAD ×2');
    expect(tag.closest('[title]')?.getAttribute('title')).toBe('Phlebotomy pad 50 sheets');
    expect(screen.getByText('Ice pack ×1').closest('[title]')?.getAttribute('title')).toBe('Ice pack');
  });
});
