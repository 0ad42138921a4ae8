import { Result } from 'antd';

export interface ResultToastProps {
  status: 'success' | 'warning';
  title: string;
  subTitle?: string;
}

/** The result toast (SPEC section 8): success or warning with a title and subtitle. */
export function ResultToast({ status, title, subTitle }: ResultToastProps) {
  return <Result status={status} title={title} subTitle={subTitle} style={{ padding: 16 }} />;
}
