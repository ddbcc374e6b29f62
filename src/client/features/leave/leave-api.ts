import { restRequest } from '@/lib/api/rest';
import type { RouterOutputs } from '@/lib/api/trpc';

/** POST /api/leave_requests: the dates, the reason and the optional document image as multipart (as face uploads go). */
export function sendLeaveRequest(fields: { from_date: string; to_date: string; reason: string }, document: File | null) {
  const form = new FormData();
  form.append('from_date', fields.from_date);
  form.append('to_date', fields.to_date);
  form.append('reason', fields.reason);
  if (document) form.append('document', document, document.name);
  return restRequest<RouterOutputs['student']['requestLeave']>('/leave_requests', { method: 'POST', formData: form });
}
