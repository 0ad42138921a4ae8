import { Modal, type ModalProps } from 'antd';
import { useSyncExternalStore } from 'react';
import { VIEW_MODAL_SIZES } from '../../config';

/** Body height of a view modal: the window less header 52, footer 53 and margins 80. */
export function viewModalBodyHeight(windowHeight: number, withFooter = true): number {
  return (
    windowHeight -
    VIEW_MODAL_SIZES.header -
    (withFooter ? VIEW_MODAL_SIZES.footer : 0) -
    VIEW_MODAL_SIZES.margins
  );
}

const subscribe = (callback: () => void) => {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
};

/** A read-only detail modal whose body scrolls within the window. */
export function ViewModal({ children, footer = null, styles, ...rest }: ModalProps) {
  const height = useSyncExternalStore(subscribe, () => window.innerHeight);
  return (
    <Modal
      centered
      {...rest}
      footer={footer}
      styles={{
        ...styles,
        body: { maxHeight: viewModalBodyHeight(height, footer !== null), overflowY: 'auto' },
      }}
    >
      {children}
    </Modal>
  );
}
