import { render, screen } from '@testing-library/react';
import { LABEL_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { fakeEndpoints } from '../../../test/fakes';
import LabelTemplatePage from './index';

const TUBE = {
  id: 2,
  code: 'TUBE-DM',
  version: 2,
  name: '采样管标签 40×20（含访视）',
  enName: 'Tube label 40×20 (with visit)',
  kind: 'tube',
  symbology: 'datamatrix',
  widthMm: 40,
  heightMm: 20,
  fields: ['code', 'projectNo', 'centerNo', 'visitName'],
  cjk: false,
  createdByName: '赵耗材',
  createdAt: '2026-03-01T02:00:00.000Z',
};

fakeEndpoints((async (pick: EndpointPick) =>
  endpointName(pick) === 'labels.templates'
    ? { code: 200, data: [TUBE] }
    : { code: 200, data: [] }) as never);

afterEach(async () => {
  usePermission.setState({ permissions: [], roles: [] });
  await changeLanguage('zh-CN');
});

const page = () =>
  render(
    <MemoryRouter initialEntries={['/supply/label-template']}>
      <App>
        <LabelTemplatePage />
      </App>
    </MemoryRouter>,
  );

describe('/supply/label-template: template names in the user’s language', () => {
  it('shows the English name in en-US and the Chinese name in zh-CN', async () => {
    usePermission.setState({ permissions: [LABEL_PERMISSIONS.page], roles: [] });
    await changeLanguage('en-US');
    const english = page();
    expect(await english.findByText(TUBE.enName)).toBeTruthy();
    expect(english.queryByText(TUBE.name)).toBeNull();
    english.unmount();
    await changeLanguage('zh-CN');
    page();
    expect(await screen.findByText(TUBE.name)).toBeTruthy();
    expect(screen.queryByText(TUBE.enName)).toBeNull();
  });
});
