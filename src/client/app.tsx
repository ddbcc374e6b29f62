import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { FirstPaintDone, RouteFallback } from '@/components/app-state/first-paint';
import { LoadingOverlay } from '@/components/app-state/loading-overlay';
import { OfflineNotice } from '@/components/app-state/offline-notice';
import { ProtectedRoute } from '@/components/app-state/protected-route';
import { PAGE_ROLES } from '@/lib/auth/route-access';
import { PublicLayout } from '@/components/layout/public-layout';
import { RefusedTokenRedirect } from '@/components/app-state/refused-token-redirect';
import { SkipLink } from '@/components/layout/skip-link';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { useToasterWanted } from '@/lib/toaster-demand';
import ROUTE_MODULES from '@/route-modules.json';

/** Each lazy module's loader, by its file under src/client (the names ROUTE_MODULES uses). */
const LOADERS = new Map<string, () => Promise<unknown>>();

/** A lazy component from `file`, whose chunk preloadRoute can also fetch ahead of its first render. */
function lazyFrom<M>(file: string, load: () => Promise<M>, name: keyof M) {
  LOADERS.set(file, load);
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

// Every page but the landing page (5 kB, the first visit's page: no skeleton that jumps) is a chunk of its own: the
// first load carries the shell and the one page asked for (an admin's charts and the session map are not a
// student's download). The layouts stay in the shell so their header paints at once.
const AboutPage = lazyFrom('pages/about-page.tsx', () => import('@/pages/about-page'), 'AboutPage');
const ContactPage = lazyFrom('pages/contact-page.tsx', () => import('@/pages/contact-page'), 'ContactPage');
const LoginPage = lazyFrom('pages/login-page.tsx', () => import('@/pages/login-page'), 'LoginPage');
const ThankYouPage = lazyFrom('pages/thank-you-page.tsx', () => import('@/pages/thank-you-page'), 'ThankYouPage');
const RegisterPage = lazyFrom('pages/register-page.tsx', () => import('@/pages/register-page'), 'RegisterPage');
const InvitePage = lazyFrom('pages/invite-page.tsx', () => import('@/pages/invite-page'), 'InvitePage');
const StudentDashboardPage = lazyFrom('pages/student-dashboard-page.tsx', () => import('@/pages/student-dashboard-page'), 'StudentDashboardPage');
const TeacherDashboardPage = lazyFrom('pages/teacher-dashboard-page.tsx', () => import('@/pages/teacher-dashboard-page'), 'TeacherDashboardPage');
const FaceDetectionPage = lazyFrom('pages/face-detection-page.tsx', () => import('@/pages/face-detection-page'), 'FaceDetectionPage');
const UpdateUserPage = lazyFrom('pages/update-user-page.tsx', () => import('@/pages/update-user-page'), 'UpdateUserPage');
const RoomCodePage = lazyFrom('pages/room-code-page.tsx', () => import('@/pages/room-code-page'), 'RoomCodePage');
const AdminDashboardPage = lazyFrom('pages/admin-dashboard-page.tsx', () => import('@/pages/admin-dashboard-page'), 'AdminDashboardPage');
const AdminUsersPage = lazyFrom('pages/admin-users-page.tsx', () => import('@/pages/admin-users-page'), 'AdminUsersPage');
const AdminSettingsPage = lazyFrom('pages/admin-settings-page.tsx', () => import('@/pages/admin-settings-page'), 'AdminSettingsPage');
const AdminMessagesPage = lazyFrom('pages/admin-messages-page.tsx', () => import('@/pages/admin-messages-page'), 'AdminMessagesPage');
// The tRPC client, TanStack Query (DataLayout) and the toaster: not in the first load of the public pages.
const DataLayout = lazyFrom('components/data-layout.tsx', () => import('@/components/data-layout'), 'DataLayout');
const AppToaster = lazyFrom('components/app-toaster.tsx', () => import('@/components/app-toaster'), 'AppToaster');

/**
 * route-modules.json: the modules each path renders beyond the first load (its layout's and its page's chunks), by
 * file under src/client. Read twice: here, for the path the app opens on, and by the build, which writes each path's
 * chunk files to route-preloads.json for the server to name in the page's <head> as modulepreload links (the browser
 * fetches them beside the entry script, not after it ran). A path missing there still works: its chunks come when
 * React meets them.
 */
const ROUTES: Readonly<Record<string, readonly string[] | undefined>> = ROUTE_MODULES;

/** Starts fetching the chunks of the page the app opens on (main.tsx, before the first render), all at once. */
export function preloadRoute(pathname: string) {
  for (const file of ROUTES[pathname.replace(/\/+$/, '')] ?? []) void LOADERS.get(file)?.();
}

function Toasts() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** The route table of SPEC 2. */
export function App() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <SkipLink />
      <OfflineNotice />
      <RefusedTokenRedirect />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="about-us" element={<AboutPage />} />
          <Route element={<DataLayout />}>
            <Route path="contact-us" element={<ContactPage />} />
          </Route>
        </Route>
        <Route element={<AuthLayout />}>
          <Route element={<DataLayout />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="invite/:token" element={<InvitePage />} />
            <Route path="thank-you" element={<ThankYouPage />} />
          </Route>
        </Route>
        <Route element={<DataLayout />}>
          <Route
            path="face-detection"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/face-detection']}>
                <FaceDetectionPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="update-user"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/update-user']}>
                <UpdateUserPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="student-dashboard"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/student-dashboard']}>
                <StudentDashboardPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="teacher-dashboard"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/teacher-dashboard']}>
                <TeacherDashboardPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="room-code"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/room-code']}>
                <RoomCodePage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin-dashboard"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/admin-dashboard']}>
                <AdminDashboardPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin-dashboard/users"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/admin-dashboard/users']}>
                <AdminUsersPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin-dashboard/settings"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/admin-dashboard/settings']}>
                <AdminSettingsPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin-dashboard/messages"
            element={
              <ProtectedRoute roles={PAGE_ROLES['/admin-dashboard/messages']}>
                <AdminMessagesPage />
              </ProtectedRoute>
            }
          />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <LoadingOverlay />
      <Toasts />
      <FirstPaintDone />
    </Suspense>
  );
}
