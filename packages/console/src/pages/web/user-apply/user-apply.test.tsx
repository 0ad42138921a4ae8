import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SIDE_MENU_WIDTH } from '../../../config';
import '../../../locales';
import { fakeEndpoints } from '../../../test/fakes';
import UserApplyPage from './index';

/** A page's table at 1440 × 900: the window less the menu, the content's margins (16) and the card's padding (24). */
const TABLE_BOX = 1440 - SIDE_MENU_WIDTH - 2 * 16 - 2 * 24;

fakeEndpoints(async () => ({
  code: 200,
  data: [
    {
      id: 1,
      applicationNo: 'UA2026112900001',
      name: '王晓',
      mobile: '13700000001',
      roleName: 'CRC',
      grants: [],
      status: 'submitted',
      applicantId: 9,
      applicantName: 'Li',
      applyTime: '2026-11-29T08:00:00Z',
      reviewerName: null,
      rejectReason: null,
      version: 1,
    },
  ],
  total: 1,
}));

describe('/web/user-apply at 1440 × 900', () => {
  it('fits its columns and actions in the card: the number and the English state whole, no sideways scroll bar', async () => {
    render(
      <MemoryRouter>
        <App>
          <UserApplyPage />
        </App>
      </MemoryRouter>,
    );
    await screen.findByText('UA2026112900001');
    await waitFor(() => {
      const table = document.querySelector<HTMLElement>('.ant-table-body table, .ant-table-content table');
      const width = Number.parseFloat(table?.style.width ?? '');
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(TABLE_BOX - 20);
    });
  });
});
