import { FeedbackList } from '../../../components/FeedbackList';

/** /project/feedback (hidden): project managers answer the lab bench's feedback. */
export default function ProjectFeedbackPage() {
  return <FeedbackList side="project" />;
}
