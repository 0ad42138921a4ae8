import { type RenderResult, render } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import ConsumCostManagePage from './index';

/** The ledger page at a path (its tab in the query), as its tests render it. */
export const renderLedger = (path = '/supply/consum-cost-manage'): RenderResult =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        <ConsumCostManagePage />
      </App>
    </MemoryRouter>,
  );
