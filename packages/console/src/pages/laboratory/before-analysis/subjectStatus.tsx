import { type SubjectRow, subjectRegistrationWorkflow, testOrderWorkflow } from '@trialab/api-contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateText } from '../../../components/StatusTag';

const COLOR = { submitted: 'processing', approved: 'success', rejected: 'error' } as const;

/** A subject registration's state, or a test order's (`of="testOrder"`): both are reviewed alike. */
export function SubjectStatus({
  status,
  of = 'subject',
}: {
  status: SubjectRow['status'];
  of?: 'subject' | 'testOrder';
}) {
  useTranslation(); // re-renders on a language change
  const workflow = of === 'testOrder' ? testOrderWorkflow : subjectRegistrationWorkflow;
  return <Tag color={COLOR[status]}>{stateText(workflow, status)}</Tag>;
}
