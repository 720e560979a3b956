import { NotAvailableYet } from '@labeldesk/ui';

export function NotYet({ title }: { title: string }) {
  return <NotAvailableYet title={title} />;
}
