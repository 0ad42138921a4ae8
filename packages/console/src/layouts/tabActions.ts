import { t } from '../locales';
import { type CloseResult, useTabs } from '../stores/tabs';
import { appEvents } from '../utils/events';
import { feedback } from '../utils/feedback';
import { navigateTo } from '../utils/navigation';

function follow(result: CloseResult): void {
  if (!result.ok && result.reason === 'last') feedback.warning(t('tabs.lastTab'));
  if (result.ok && result.navigateTo) navigateTo(result.navigateTo);
}

const activeOr = (path?: string) => path ?? useTabs.getState().active ?? '';

export const tabActions = {
  close: (path?: string) => follow(useTabs.getState().close(activeOr(path))),
  closeLeft: (path?: string) => follow(useTabs.getState().closeLeft(activeOr(path))),
  closeRight: (path?: string) => follow(useTabs.getState().closeRight(activeOr(path))),
  closeOthers: (path?: string) => follow(useTabs.getState().closeOthers(activeOr(path))),
  refresh: (path?: string) => useTabs.getState().refresh(activeOr(path)),
  toggleLock: (path?: string) => useTabs.getState().toggleLock(activeOr(path)),
};

/** The global tab events of SPEC section 2 (close, refresh, edit, rename), for any page to emit. */
export function listenToTabEvents(): () => void {
  const offs = [
    appEvents.on('tabs:close', (payload) => tabActions.close(payload?.path)),
    appEvents.on('tabs:refresh', (payload) => tabActions.refresh(payload?.path)),
    appEvents.on('tabs:edit', (payload) => {
      const path = activeOr(payload?.path);
      if (payload) useTabs.getState().edit(path, { fullPath: payload.fullPath });
    }),
    appEvents.on('tabs:rename', (payload) => useTabs.getState().rename(payload.path, payload.title)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
