import { MSG } from '@shared/messages';
import { AdminSidebar } from '@/features/admin/admin-sidebar';
import { ContactInbox } from '@/features/admin/contact-inbox';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/** Issue 22: the administrators' inbox of contact-form messages, beside the dashboard in the admin portal. */
export function AdminMessagesPage() {
  useDocumentTitle(MSG.inbox.title);
  return (
    <div className="flex min-h-svh flex-col bg-muted/30 md:flex-row">
      <AdminSidebar />
      <main className="min-w-0 flex-1 px-3 py-6 sm:px-6">
        <div className="mx-auto grid max-w-4xl gap-6">
          <ContactInbox />
        </div>
      </main>
    </div>
  );
}
