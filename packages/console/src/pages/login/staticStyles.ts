import type * as Antd from 'antd';
import type { createElement, ReactElement } from 'react';

/**
 * Every antd component the /login form renders, in every variant it uses, for the build to compute
 * their styles once (vite.config.ts `loginStyles`, rendered with react-dom/server). The form runs
 * antd with `zeroRuntime` (LoginPage's STATIC_STYLES), so antd does not compute them at first render;
 * a component missing here would render unstyled (a test compares this tree with the page).
 * The page's dialogs are outside that provider and style themselves as everywhere else.
 */
export function loginStyleTree(antd: typeof Antd, h: typeof createElement): ReactElement {
  const { Button, Checkbox, Form, Input, Segmented, Space } = antd;
  return h(
    Form,
    { layout: 'vertical', requiredMark: false },
    h(Segmented, { block: true, options: ['a', 'b'] }),
    h(Segmented, { size: 'small', options: ['a', 'b'] }),
    h(Form.Item, { label: 'a', name: 'a', validateStatus: 'error', help: 'a' }, h(Input)),
    h(Form.Item, { label: 'b', name: 'b' }, h(Input.Password)),
    h(
      Form.Item,
      { label: 'c', required: true },
      h(Space.Compact, { style: { width: '100%' } }, h(Input, { maxLength: 6 }), h(Button, null, 'c')),
    ),
    h(Form.Item, null, h(Checkbox, null, 'd')),
    h(Button, { type: 'primary', htmlType: 'submit', block: true, loading: true }, 'e'),
    h(Button, { type: 'link' }, 'f'),
  );
}
