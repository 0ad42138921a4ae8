import { screen, within } from '@testing-library/react';
import type { StockRow } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { fakeEndpoints } from '../../../test/fakes';
import { renderLedger } from './renderLedger';

const lot = (lotNo: string, daysLeft: number, expiryDate: string, supplierName: string | null): StockRow => ({
  lotId: daysLeft + 100,
  lotNo,
  consumableId: 1,
  consumableCode: 'SC-UT',
  consumableName: '尿液转移管',
  unit: '支',
  storeId: 1,
  storeName: '中心库',
  expiryDate,
  daysLeft,
  onHand: 40,
  unitCost: '1.2000',
  value: '48.0000',
  certificateFileId: null,
  supplierId: supplierName ? 3 : null,
  supplierName,
});

fakeEndpoints((async (pick: EndpointPick) => {
  if (endpointName(pick) === 'supply.stockPage')
    return {
      code: 200,
      data: [
        lot('UT2406A', -10, '2026-11-19', '示例耗材公司'),
        lot('ED2405A', 18, '2026-12-17', null),
        lot('CR2501A', 200, '2027-06-17', '示例医疗器械有限公司'),
      ],
      total: 3,
    };
  return { code: 200, data: [], total: 0 };
}) as never);

describe('/supply/consum-cost-manage on hand', () => {
  it('says the days left in words (an expired lot: how long ago), with each lot’s supplier', async () => {
    renderLedger();
    expect((await screen.findByTestId('days-left-UT2406A')).textContent).toBe('已过期 10 天');
    expect(screen.getByTestId('days-left-ED2405A').textContent).toBe('剩余 18 天');
    // Beyond the windows the days, not the date again (the expiry column beside it has it).
    expect(screen.getByTestId('days-left-CR2501A').textContent).toBe('剩余 200 天');
    const row = screen.getByTestId('days-left-UT2406A').closest('tr') as HTMLElement;
    expect(within(row).queryByText('-10')).toBeNull();
    expect(within(row).getByText('示例耗材公司')).toBeTruthy();
  });
});
