import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SIDE_MENU_WIDTH } from '../../../config';
import '../../../locales';
import { fakeEndpoints } from '../../../test/fakes';
import UserApplyPage from '../user-apply/index';
import UserApplyAuditPage from './index';

/** A page's table at 1440 × 900: the window less the menu, the content's margins (16) and the card's padding (24). */
const TABLE_BOX = 1440 - SIDE_MENU_WIDTH - 2 * 16 - 2 * 24;

const ROW = {
  id: 1,
  applicationNo: 'UA2026112900001',
  name: '王晓',
  mobile: '13700000001',
  email: null,
  roleId: 2,
  roleName: 'CRC',
  purpose: null,
  grants: [{ projectId: 1, projectNo: 'KM-2026-001', siteId: 1, siteNo: '01', siteName: 'Site one' }],
  status: 'rejected',
  applicantId: 9,
  applicantName: 'Li',
  applyTime: '2026-11-29T08:00:00Z',
  reviewerName: 'Zhang',
  reviewTime: '2026-11-29T09:00:00Z',
  rejectReason: 'Not on the delegation log',
  version: 2,
};

fakeEndpoints(async () => ({ code: 200, data: [ROW], total: 1 }));

async function tableWidth(Page: ComponentType) {
  render(
    <MemoryRouter>
      <App>
        <Page />
      </App>
    </MemoryRouter>,
  );
  await screen.findByText('UA2026112900001');
  let width = 0;
  await waitFor(() => {
    const table = document.querySelector<HTMLElement>('.ant-table-body table, .ant-table-content table');
    width = Number.parseFloat(table?.style.width ?? '');
    expect(width).toBeGreaterThan(0);
  });
  return width;
}

describe('account application lists at 1440 × 900', () => {
  // Sums of the columns' widths (scroll.x): the number whole, the English state ("Awaiting review")
  // whole in its tag, beside the review's actions, with no sideways scroll bar.
  it('fits the review list (its actions the widest) in its card', async () => {
    const width = await tableWidth(UserApplyAuditPage);
    expect(width).toBeLessThanOrEqual(TABLE_BOX - 20);
  });

  it('fits the staff register in its card', async () => {
    const width = await tableWidth(UserApplyPage);
    expect(width).toBeLessThanOrEqual(TABLE_BOX - 20);
  });

  it('shows the reason of a rejection under its state and the mobile under the name', async () => {
    await tableWidth(UserApplyAuditPage);
    expect(screen.getByText('Not on the delegation log')).toBeTruthy();
    expect(screen.getByText('13700000001')).toBeTruthy();
  });
});
