import { FeedbackList } from '../../../../components/FeedbackList';

/** /laboratory/before-analysis/feedback (hidden): the bench's feedback to project managers. */
export default function LabFeedbackPage() {
  return <FeedbackList side="lab" />;
}
