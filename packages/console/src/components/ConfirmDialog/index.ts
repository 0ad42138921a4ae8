import { CONFIRM_DIALOG_WIDTH } from '../../config';
import { t } from '../../locales';
import { feedback } from '../../utils/feedback';

export interface ConfirmOptions {
  title?: string;
  content?: string;
  okText?: string;
  cancelText?: string;
  width?: number;
  /** Close by itself (as a cancel) after this many milliseconds; 0 never. */
  autoClose?: number;
  /** Read the content aloud (speech synthesis, where the browser has it). */
  speak?: boolean;
}

/**
 * The confirm dialog of SPEC sections 4 and 9: 360 px, title 温馨提示, content "确定删除该条数据吗？";
 * resolves on confirm, rejects on cancel.
 */
export function confirmDialog(options: ConfirmOptions = {}): Promise<void> {
  const content = options.content ?? t('components.confirmContent');
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const instance = feedback.modal().confirm({
      title: options.title ?? t('components.confirmTitle'),
      content,
      width: options.width ?? CONFIRM_DIALOG_WIDTH,
      okText: options.okText ?? t('components.ok'),
      cancelText: options.cancelText ?? t('components.cancel'),
      onOk: () => {
        clearTimeout(timer);
        resolve();
      },
      onCancel: () => {
        clearTimeout(timer);
        reject(new Error('cancelled'));
      },
    });
    if (options.autoClose && options.autoClose > 0) {
      timer = setTimeout(() => {
        instance.destroy();
        reject(new Error('closed'));
      }, options.autoClose);
    }
    if (options.speak && typeof speechSynthesis !== 'undefined') {
      speechSynthesis.speak(new SpeechSynthesisUtterance(content));
    }
  });
}

/** `confirmDialog` as a yes/no answer: `if (!(await confirmed({ content }))) return;`. */
export function confirmed(options: ConfirmOptions = {}): Promise<boolean> {
  return confirmDialog(options).then(
    () => true,
    () => false,
  );
}
