import { Modal, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

/**
 * Messages and dialogs for code outside components (interceptors, stores). The root component
 * registers antd's context-aware instances (theme and locale applied); until then the static
 * functions are used.
 */
let messageApi: MessageInstance | undefined;
let modalApi: HookAPI | undefined;

/**
 * Registers the root's instances; returns their unregistration, for the root's unmount: an unmounted
 * root's instances render nowhere (a message said through them would never be seen).
 */
export function registerFeedback(apis: { message: MessageInstance; modal: HookAPI }): () => void {
  messageApi = apis.message;
  modalApi = apis.modal;
  return () => {
    if (messageApi !== apis.message) return;
    messageApi = undefined;
    modalApi = undefined;
  };
}

export const feedback = {
  error: (content: string) => void (messageApi ?? message).error(content),
  warning: (content: string) => void (messageApi ?? message).warning(content),
  success: (content: string) => void (messageApi ?? message).success(content),
  loading: (content: string, duration = 0) => (messageApi ?? message).loading(content, duration),
  modal: () => modalApi ?? Modal,
};
