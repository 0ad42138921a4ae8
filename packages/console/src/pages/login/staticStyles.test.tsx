import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as antd from 'antd';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import '../../locales';
import LoginPage from './index';
import { loginStyleTree } from './staticStyles';

/** The antd class names rendered inside `root` (component parts and variants). */
function antClasses(root: Element): Set<string> {
  const names = new Set<string>();
  for (const element of root.querySelectorAll('[class]')) {
    for (const name of element.classList) if (name.startsWith('ant-')) names.add(name);
  }
  return names;
}

describe('loginStyleTree', () => {
  it('renders every antd part and variant the login form shows, in each of its three ways', async () => {
    const tree = render(createElement(antd.App, null, loginStyleTree(antd, createElement)));
    const covered = antClasses(tree.container);
    tree.unmount();

    const page = render(
      <antd.App>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </antd.App>,
    );
    const user = userEvent.setup();
    const shown = antClasses(page.container);
    // Each way of logging in, with its validation messages showing.
    for (const way of ['短信登录', '邮箱登录', '密码登录']) {
      await user.click(screen.getByText(way));
      await user.click(screen.getByRole('button', { name: /登\s*录/ }));
      await waitFor(() =>
        expect(page.container.querySelector('.ant-form-item-explain-error')).not.toBeNull(),
      );
      for (const name of antClasses(page.container)) shown.add(name);
    }
    // The help text's motion (appear/leave) is part of Form's styles, which the tree has.
    const motion = /^ant-form-show-help/;
    expect([...shown].filter((name) => !covered.has(name) && !motion.test(name))).toEqual([]);
  });
});
