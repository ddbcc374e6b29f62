import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { OfflineNotice } from '@/components/offline-notice';
import { ProtectedRoute } from '@/components/protected-route';
import { PublicLayout } from '@/components/public-layout';
import { RefusedTokenRedirect } from '@/components/refused-token-redirect';
import { PageSkeleton } from '@/components/page-skeleton';
import { SkipLink } from '@/components/skip-link';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';

// Every page but the landing page (5 kB, the first visit's page: no skeleton that jumps) is a chunk of its own: the
// first load carries the shell and the one page asked for (an admin's charts and the session map are not a
// student's download). The layouts stay in the shell so their header paints at once.
const AboutPage = lazy(() => import('@/pages/about-page').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() => import('@/pages/contact-page').then((m) => ({ default: m.ContactPage })));
const LoginPage = lazy(() => import('@/pages/login-page').then((m) => ({ default: m.LoginPage })));
const ThankYouPage = lazy(() => import('@/pages/thank-you-page').then((m) => ({ default: m.ThankYouPage })));
const RegisterPage = lazy(() => import('@/pages/register-page').then((m) => ({ default: m.RegisterPage })));
const StudentDashboardPage = lazy(() => import('@/pages/student-dashboard-page').then((m) => ({ default: m.StudentDashboardPage })));
const TeacherDashboardPage = lazy(() => import('@/pages/teacher-dashboard-page').then((m) => ({ default: m.TeacherDashboardPage })));
const FaceDetectionPage = lazy(() => import('@/pages/face-detection-page').then((m) => ({ default: m.FaceDetectionPage })));
const UpdateUserPage = lazy(() => import('@/pages/update-user-page').then((m) => ({ default: m.UpdateUserPage })));
const RoomCodePage = lazy(() => import('@/pages/room-code-page').then((m) => ({ default: m.RoomCodePage })));
const AdminDashboardPage = lazy(() => import('@/pages/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })));
const AdminMessagesPage = lazy(() => import('@/pages/admin-messages-page').then((m) => ({ default: m.AdminMessagesPage })));

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
          <Route path="contact-us" element={<ContactPage />} />
          <Route path="update-user" element={<UpdateUserPage />} />
        </Route>
        <Route element={<AuthLayout />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="thank-you" element={<ThankYouPage />} />
        </Route>
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
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
