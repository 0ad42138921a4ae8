import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { fakeEndpoints } from '../../../test/fakes';
import { renderLedger } from './renderLedger';

/** Twelve suggestions as the server orders them: the one below its point first. */
const SUGGESTIONS = Array.from({ length: 12 }, (_, i) => ({
  consumableId: i + 1,
  code: i === 0 ? 'SC-CRY-2' : `SC-X-${String(i).padStart(2, '0')}`,
  name: i === 0 ? '冻存管' : `耗材${i}`,
  unit: '支',
  onHand: i === 0 ? 12 : 500,
  dailyUse: i === 0 ? '1.5000' : '0.1000',
  leadDays: 30,
  safetyDays: 7,
  reorderPoint: i === 0 ? 56 : 4,
  suggested: i === 0 ? 100 : 0,
  below: i === 0,
}));

fakeEndpoints((async (pick: EndpointPick) => {
  const name = endpointName(pick);
  if (name === 'supply.reorder') return { code: 200, data: SUGGESTIONS };
  return { code: 200, data: [], total: 0 };
}) as never);

describe('/supply/consum-cost-manage reorder suggestions', () => {
  it('shows the whole answer paged on screen, a consumable below its point said in words', async () => {
    renderLedger('/supply/consum-cost-manage?status=reorder');
    expect((await screen.findByTestId('reorder-SC-CRY-2')).textContent).toBe('低于补货点');
    const row = screen.getByTestId('reorder-SC-CRY-2').closest('tr') as HTMLElement;
    expect(within(row).getByText('100')).toBeTruthy();
    expect(screen.getByTestId('reorder-SC-X-09').textContent).toBe('充足');
    // Ten on the first page of twelve: the last two wait for page 2.
    expect(screen.queryByTestId('reorder-SC-X-10')).toBeNull();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect((await screen.findByTestId('reorder-SC-X-11')).textContent).toBe('充足');
    expect(screen.getByTestId('reorder-SC-X-10')).toBeTruthy();
    expect(screen.queryByTestId('reorder-SC-CRY-2')).toBeNull();
  });
});
