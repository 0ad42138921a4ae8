import { render, screen } from '@testing-library/react';
import { SUPPLY_PERMISSIONS, type SupplierRow } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SIDE_MENU_WIDTH } from '../../../config';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { fakeEndpoints } from '../../../test/fakes';
import SupplierPage from './index';

const BLOCKED: SupplierRow = {
  id: 3,
  code: 'SUP-003',
  name: '华东冷链耗材有限公司',
  enName: 'East China Cold Chain Supplies',
  address: '上海市浦东新区示例路 3 号',
  status: 'blocked',
  blockReason: '冷链运输记录缺失',
  blockedByName: '赵样本',
  blockedAt: '2026-11-20T02:00:00Z',
  contacts: [{ name: '王冷链', role: '销售', phone: '021-55550003', email: null }],
  qualifications: [
    {
      id: 7,
      kind: 'iso13485',
      docNo: 'ISO-2025-0007',
      expiryDate: '2027-06-30',
      daysLeft: 213,
      required: true,
      fileId: null,
    },
  ],
  version: 2,
};

fakeEndpoints((async (pick: EndpointPick) => {
  if (endpointName(pick) === 'supplier.page') return { code: 200, data: [BLOCKED], total: 1 };
  return { code: 200, data: { code: 'supply.supplier', titles: [] } };
}) as never);

/** The page's table at 1440 × 900: the window less the menu, the content's margins (16) and the card's padding (24). */
const TABLE_BOX = 1440 - SIDE_MENU_WIDTH - 2 * 16 - 2 * 24;

describe('/supply/supplier at 1440 × 900', () => {
  it('fits every column beside the pinned actions: the block reason never starts under them', async () => {
    usePermission.setState({
      permissions: [SUPPLY_PERMISSIONS.supplierEdit, SUPPLY_PERMISSIONS.supplierBlock],
      roles: [],
    });
    const { container } = render(
      <MemoryRouter initialEntries={['/supply/supplier']}>
        <App>
          <SupplierPage />
        </App>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('supplier-status-SUP-003')).textContent).toBe('已停用');
    // The table's width is the sum of its columns' (DataTable's scroll.x); within the box it never scrolls.
    const table = container.querySelector('.ant-table-body table, .ant-table-content table') as HTMLElement;
    const width = Number.parseFloat(table.style.width);
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(TABLE_BOX - 20);
    expect(screen.getByText('停用原因: 冷链运输记录缺失')).toBeTruthy();
    expect(screen.getByText('上海市浦东新区示例路 3 号')).toBeTruthy();
  });
});
