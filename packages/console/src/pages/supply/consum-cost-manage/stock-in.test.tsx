import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SUPPLY_PERMISSIONS } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { fakeEndpoints } from '../../../test/fakes';
import { renderLedger } from './renderLedger';

/** The store list answers only when the test says so (a slow network). */
let answerStores: () => void = () => undefined;
const storesAnswered = new Promise<void>((resolve) => {
  answerStores = resolve;
});

fakeEndpoints((async (pick: EndpointPick) => {
  if (endpointName(pick) === 'supply.stores') {
    await storesAnswered;
    return {
      code: 200,
      data: [
        { id: 7, name: '中心库' },
        { id: 8, name: '二号库' },
      ],
    };
  }
  return { code: 200, data: [], total: 0 };
}) as never);

describe('/supply/consum-cost-manage stock-in', () => {
  it('opens with the first store chosen even when clicked before the store list arrived', async () => {
    usePermission.setState({ permissions: [SUPPLY_PERMISSIONS.stockIn], roles: [] });
    renderLedger();
    fireEvent.click(await screen.findByTestId('stock-in'));
    answerStores();
    const form = await screen.findByTestId('stock-in-form');
    await waitFor(() => expect(within(form).getByTitle('中心库')).toBeTruthy());
  });
});
