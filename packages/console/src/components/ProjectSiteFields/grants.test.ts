import { describe, expect, it } from 'vitest';
import { grantOptions, grantsOf, grantValuesOf, projectGrantsOf } from './grants';

describe('project and site grants', () => {
  const projects = [
    { id: 1, projectNo: 'KM-2026-001', name: '示例研究一' },
    { id: 2, projectNo: 'KM-2026-002', name: '示例研究二' },
  ];

  it('groups the sites the user holds by project and leaves out projects without sites', () => {
    const sites = new Map([[1, [{ id: 11, centerNo: '01', name: '北京示例医院' }]]]);
    expect(grantOptions(projects, sites)).toEqual([
      {
        label: 'KM-2026-001 示例研究一',
        options: [{ value: '1:11', label: 'KM-2026-001 / 01 北京示例医院' }],
      },
    ]);
  });

  it('turns the chosen values back into project/site pairs', () => {
    expect(grantsOf(['1:11', '2:21'])).toEqual([
      { projectId: 1, siteId: 11 },
      { projectId: 2, siteId: 21 },
    ]);
    expect(grantsOf(['x:1', '3'])).toEqual([]);
  });

  it('turns grant rows into select values and values into the request: whole projects or sites by project', () => {
    const rows = [
      { projectId: 1, siteId: null },
      { projectId: 2, siteId: 21 },
      { projectId: 2, siteId: 22 },
    ];
    const values = grantValuesOf(rows);
    expect(values).toEqual([1, '2:21', '2:22']);
    expect(projectGrantsOf(values)).toEqual([
      { projectId: 1, siteIds: [] },
      { projectId: 2, siteIds: [21, 22] },
    ]);
    expect(projectGrantsOf(['bad', 3])).toEqual([{ projectId: 3, siteIds: [] }]);
  });
});
