import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { LoadingOverlay } from '@/components/loading-overlay';
import { OfflineNotice } from '@/components/offline-notice';
import { ProtectedRoute } from '@/components/protected-route';
import { PublicLayout } from '@/components/public-layout';
import { RefusedTokenRedirect } from '@/components/refused-token-redirect';
import { PageSkeleton } from '@/components/page-skeleton';
import { SkipLink } from '@/components/skip-link';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { useToasterWanted } from '@/lib/toaster-demand';

/** A lazy page whose chunk can also be fetched ahead of its first render (preloadRoute). */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return Object.assign(
    lazy(() => load().then((m) => ({ default: m[name] as ComponentType }))),
    { load },
  );
}

// Every page but the landing page (5 kB, the first visit's page: no skeleton that jumps) is a chunk of its own: the
// first load carries the shell and the one page asked for (an admin's charts and the session map are not a
// student's download). The layouts stay in the shell so their header paints at once.
const AboutPage = page(() => import('@/pages/about-page'), 'AboutPage');
const ContactPage = page(() => import('@/pages/contact-page'), 'ContactPage');
const LoginPage = page(() => import('@/pages/login-page'), 'LoginPage');
const ThankYouPage = page(() => import('@/pages/thank-you-page'), 'ThankYouPage');
const RegisterPage = page(() => import('@/pages/register-page'), 'RegisterPage');
const StudentDashboardPage = page(() => import('@/pages/student-dashboard-page'), 'StudentDashboardPage');
const TeacherDashboardPage = page(() => import('@/pages/teacher-dashboard-page'), 'TeacherDashboardPage');
const FaceDetectionPage = page(() => import('@/pages/face-detection-page'), 'FaceDetectionPage');
const UpdateUserPage = page(() => import('@/pages/update-user-page'), 'UpdateUserPage');
const RoomCodePage = page(() => import('@/pages/room-code-page'), 'RoomCodePage');
const AdminDashboardPage = page(() => import('@/pages/admin-dashboard-page'), 'AdminDashboardPage');
const AdminMessagesPage = page(() => import('@/pages/admin-messages-page'), 'AdminMessagesPage');
// The tRPC client, TanStack Query (DataLayout) and the toaster: not in the first load of the public pages.
const DataLayout = page(() => import('@/components/data-layout'), 'DataLayout');
const AppToaster = page(() => import('@/components/app-toaster'), 'AppToaster');

/**
 * The chunks each path renders (its layout's and its page's), to fetch all at once at start rather than one after the
 * other as React meets them. A path missing here still works: its chunks come when rendered.
 */
const ROUTE_CHUNKS: Record<string, { load: () => Promise<unknown> }[]> = {
  '/about-us': [AboutPage],
  '/contact-us': [DataLayout, ContactPage],
  '/update-user': [DataLayout, UpdateUserPage],
  '/login': [DataLayout, LoginPage],
  '/register': [DataLayout, RegisterPage],
  '/thank-you': [DataLayout, ThankYouPage],
  '/face-detection': [DataLayout, FaceDetectionPage],
  '/student-dashboard': [DataLayout, StudentDashboardPage],
  '/teacher-dashboard': [DataLayout, TeacherDashboardPage],
  '/room-code': [DataLayout, RoomCodePage],
  '/admin-dashboard': [DataLayout, AdminDashboardPage],
  '/admin-dashboard/messages': [DataLayout, AdminMessagesPage],
};

/** Starts fetching the chunks of the page the app opens on (main.tsx, before the first render). */
export function preloadRoute(pathname: string) {
  for (const chunk of ROUTE_CHUNKS[pathname.replace(/\/+$/, '')] ?? []) void chunk.load();
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
    <Suspense fallback={<PageSkeleton />}>
      <SkipLink />
      <OfflineNotice />
      <RefusedTokenRedirect />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="about-us" element={<AboutPage />} />
          <Route element={<DataLayout />}>
            <Route path="contact-us" element={<ContactPage />} />
            <Route path="update-user" element={<UpdateUserPage />} />
          </Route>
        </Route>
        <Route element={<AuthLayout />}>
          <Route element={<DataLayout />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="thank-you" element={<ThankYouPage />} />
          </Route>
        </Route>
        <Route element={<DataLayout />}>
          <Route path="face-detection" element={<FaceDetectionPage />} />
          <Route
            path="student-dashboard"
            element={
              <ProtectedRoute roles={['student', 'admin']}>
                <StudentDashboardPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="teacher-dashboard"
            element={
              <ProtectedRoute roles={['teacher', 'admin']}>
                <TeacherDashboardPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="room-code"
            element={
              <ProtectedRoute roles={['teacher', 'admin']}>
                <RoomCodePage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin-dashboard"
            element={
              <ProtectedRoute roles={['admin']}>
                <AdminDashboardPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin-dashboard/messages"
            element={
              <ProtectedRoute roles={['admin']}>
                <AdminMessagesPage />
              </ProtectedRoute>
            }
          />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <LoadingOverlay />
      <Toasts />
    </Suspense>
  );
}
