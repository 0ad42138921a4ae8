import { App } from 'antd';
import { useEffect } from 'react';
import { CROSS_TAB_DELAY_MS } from '../config';
import { t } from '../locales';
import { PUBLIC_PATHS } from '../router/routeTable';
import { appEvents } from '../utils/events';
import { currentPath } from '../utils/navigation';
import { logout, userChannel } from './actions';

/**
 * Cross-tab session rules (SPEC section 4): any 401 logs out; a logout elsewhere shows, after
 * 1 s, a dialog whose OK and cancel both log out; a login elsewhere reloads a tab on /login.
 */
export function useSessionSync(): void {
  const { modal } = App.useApp();
  useEffect(() => {
    let dialogOpen = false;
    // Set as soon as another tab says it logged out: this tab's own 401s (the session is gone)
    // then wait for the dialog instead of leaving at once.
    let endedElsewhere = false;
    const offUnauthorized = appEvents.on('unauthorized', () => {
      if (!endedElsewhere) void logout({ callServer: false });
    });
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const offUser = userChannel.subscribe((message) => {
      if (message.type === 'logout' && !(PUBLIC_PATHS as readonly string[]).includes(currentPath())) {
        endedElsewhere = true;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        const path = currentPath();
        if (message.type === 'login' && path === '/login') {
          window.location.reload();
        } else if (
          message.type === 'logout' &&
          !(PUBLIC_PATHS as readonly string[]).includes(path) &&
          !dialogOpen
        ) {
          dialogOpen = true;
          const leave = () => {
            dialogOpen = false;
            endedElsewhere = false;
            void logout({ callServer: false, broadcast: false });
          };
          modal.confirm({
            title: t('session.elsewhereTitle'),
            content: t('session.elsewhere'),
            okText: t('components.ok'),
            cancelText: t('components.cancel'),
            closable: false,
            maskClosable: false,
            keyboard: false,
            onOk: leave,
            onCancel: leave,
          });
        }
      }, CROSS_TAB_DELAY_MS);
      timers.add(timer);
    });
    return () => {
      offUnauthorized();
      offUser();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [modal]);
}
