import { QuotationList } from '../QuotationList';

/** /marketing/quotation: the quotations of my customers; drafted at /marketing/create-quotation. */
export default function QuotationPage() {
  return <QuotationList review={false} />;
}
