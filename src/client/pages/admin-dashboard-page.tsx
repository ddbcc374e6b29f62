import { DashboardPlaceholder } from '@/features/dashboard/dashboard-placeholder';

export function AdminDashboardPage() {
  return <DashboardPlaceholder role="admin" />;
}
