import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ProtectedRoute } from '@/components/protected-route';
import { PublicLayout } from '@/components/public-layout';
import { RefusedTokenRedirect } from '@/components/refused-token-redirect';
import { AboutPage } from '@/pages/about-page';
import { ContactPage } from '@/pages/contact-page';
import { LandingPage } from '@/pages/landing-page';
import { LoginPage } from '@/pages/login-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { ThankYouPage } from '@/pages/thank-you-page';

// Code-split the heavier pages (the camera form, the dashboards) out of the first load.
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
    <Suspense fallback={null}>
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
