import { QuotationList } from '../QuotationList';

/** /marketing/quotation-review: quotations awaiting review (approve with an e-signature, or return). */
export default function QuotationReviewPage() {
  return <QuotationList review />;
}
