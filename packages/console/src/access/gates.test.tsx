import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import '../locales';
import { usePermission } from '../stores/permission';
import { useSession } from '../stores/session';
import { Allow, Auth, Authorized, Permission, Reject } from './gates';
import { useGuard } from './useAccess';

function wrap(node: ReactNode, path = '/lab/test') {
  return render(
    <App>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </App>,
  );
}

beforeEach(() => {
  usePermission.setState({
    permissions: ['lab:test:view', 'lab:test:add'],
    roles: [{ id: 3, name: '审核员', code: 'reviewer' }],
    routes: [
      {
        fullPath: '/lab/test',
        parents: [],
        hidden: false,
        noCache: false,
        unclosable: false,
        authority: { role: 'reviewer' },
      },
    ],
  });
  useSession.setState({ user: { id: 7, type: 1 } as never });
});

describe('gates', () => {
  it('Permission shows children for any held permission and refuses an empty list', () => {
    wrap(
      <>
        <Permission value={['x', 'lab:test:add']}>
          <span>add</span>
        </Permission>
        <Permission value={['lab:test:delete']}>
          <span>delete</span>
        </Permission>
      </>,
    );
    expect(screen.queryByText('add')).not.toBeNull();
    expect(screen.queryByText('delete')).toBeNull();
    expect(() => wrap(<Permission value={[]}>x</Permission>)).toThrow(/请设置权限值/);
  });

  it('Authorized, Allow and Reject', () => {
    wrap(
      <>
        <Authorized authority={{ role: 'reviewer' }}>
          <span>by-role</span>
        </Authorized>
        <Authorized authority="finance:bill" fallback={<span>no-bill</span>}>
          <span>bill</span>
        </Authorized>
        <Allow values={[7, 8]}>
          <span>me-allowed</span>
        </Allow>
        <Reject values={[7]}>
          <span>me-rejected</span>
        </Reject>
        <Allow values={[1]} field="type">
          <span>staff</span>
        </Allow>
      </>,
    );
    expect(screen.queryByText('by-role')).not.toBeNull();
    expect(screen.queryByText('no-bill')).not.toBeNull();
    expect(screen.queryByText('me-allowed')).not.toBeNull();
    expect(screen.queryByText('me-rejected')).toBeNull();
    expect(screen.queryByText('staff')).not.toBeNull();
  });

  it('Auth disables the button with the title 无此权限 when the operation is not granted', () => {
    usePermission.setState({
      roles: [{ id: 3, name: '审核员', code: 'reviewer' }],
      permissions: [],
    });
    wrap(
      <Auth operation="approve">
        <Button>approve</Button>
      </Auth>,
    );
    const button = screen.getByRole('button', { name: 'approve' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('无此权限');
  });

  it('guarded methods say 对不起，您没有操作权限：{operation}', async () => {
    const calls: string[] = [];
    function Actions() {
      const guard = useGuard();
      return (
        <>
          <button type="button" onClick={guard('lab:test:add', '新增', () => calls.push('add'))}>
            add
          </button>
          <button type="button" onClick={guard('lab:test:delete', '删除', () => calls.push('delete'))}>
            delete
          </button>
        </>
      );
    }
    wrap(<Actions />);
    await userEvent.click(screen.getByText('add'));
    await userEvent.click(screen.getByText('delete'));
    expect(calls).toEqual(['add']);
    expect(await screen.findByText('对不起，您没有操作权限：删除')).not.toBeNull();
  });
});
