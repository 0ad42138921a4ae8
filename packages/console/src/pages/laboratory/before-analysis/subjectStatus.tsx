import type { SubjectRow } from '@trialab/api-contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR = { submitted: 'processing', approved: 'success', rejected: 'error' } as const;

export function SubjectStatus({ status }: { status: SubjectRow['status'] }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`lab.subject.states.${status}`)}</Tag>;
}
