import { CalendarCheck, Menu, ShieldCheck } from 'lucide-react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { adminMessages } from '../shared/messages/admin/admin';
import { siteMessages } from '../shared/messages/shell/site';
import { studentMessages } from '../shared/messages/student/student';
import { teacherMessages } from '../shared/messages/teacher/teacher';

/**
 * Read by the build (vite.config.ts), never shipped: for a path, the HTML the server puts in its page in place of
 * index.html's brand line (in #first-paint, beside #root), painted before any script arrives. The student
 * and teacher dashboards' frame (header, heading and subtitle, the classes of DashboardHeader, Brand and DashboardShell) holds
 * its largest text: painted with the HTML, the page's Largest Contentful Paint no longer waits for the dashboard's 30
 * chunks (Lighthouse mobile: LCP 3.2 s). It stays until the page renders with the same boxes and goes in that same
 * frame (components/app-state/first-paint.tsx). Its texts are the path's role's: anyone else (an admin, a signed-out
 * visitor) sees them until the app has read the stored login, as they saw the brand line and a skeleton before.
 */
function dashboardFrame(title: string, subtitle: string): string {
  // Brand's look without its link: nothing to focus before the app runs (Tab would land on a node React then
  // replaces), as with index.html's brand line; the app's first stop is its skip link.
  const brand = h(
    'span',
    { className: 'flex items-center gap-2 font-semibold tracking-tight' },
    h(
      'span',
      { className: 'flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm' },
      h(CalendarCheck, { className: 'size-4.5', 'aria-hidden': true }),
    ),
    h('span', { className: 'text-lg' }, siteMessages.app.name),
  );
  const header = h(
    'header',
    { className: 'sticky top-0 z-30 border-b bg-background/90 backdrop-blur-md' },
    h(
      'div',
      { className: 'mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6' },
      h('div', { className: 'flex items-center gap-4' }, brand, h('span', { className: 'hidden text-sm text-muted-foreground sm:inline' }, title)),
    ),
  );
  const main = h(
    'main',
    { className: 'mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6' },
    h(
      'div',
      { className: 'grid gap-1' },
      h('h1', { className: 'text-2xl font-bold tracking-tight sm:text-3xl' }, title),
      h('p', { className: 'text-muted-foreground' }, subtitle),
    ),
  );
  return renderToStaticMarkup(h('div', { className: 'min-h-svh bg-muted/30' }, header, main));
}

/**
 * The admin portal's frame (the classes of AdminShell and AdminSidebar): on a phone its menu bar, from 768 px its
 * sidebar's top row, and the page's heading and intro, whose line is the Reports page's largest text (Lighthouse
 * mobile: LCP 4.1 s while it waited for the portal's chunks). What sets where the heading and the bar's title sit is
 * here at its size: the Menu button's look before the title (a span, nothing to focus before the app runs, as with
 * the dashboards' brand), a box the size of the sidebar's fold button. The links and the page's actions come with the
 * app, below or beside what was painted, moving none of it.
 */
function adminPortalFrame(page: string, title: string, intro: string): string {
  const menuBar = h(
    'header',
    { className: 'sticky top-0 z-30 border-b bg-card md:hidden' },
    h(
      'div',
      { className: 'flex h-14 items-center gap-2 px-2' },
      h(
        'span',
        { className: 'flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium' },
        h(Menu, { className: 'size-4', 'aria-hidden': true }),
        adminMessages.admin.nav.menu,
      ),
      h(
        'span',
        { className: 'flex min-w-0 items-center gap-2 font-semibold' },
        h(ShieldCheck, { className: 'size-5 shrink-0 text-primary', 'aria-hidden': true }),
        h('span', { className: 'truncate' }, `${adminMessages.admin.portal} · ${page}`),
      ),
    ),
  );
  const sidebar = h(
    'aside',
    { className: 'sticky top-0 flex h-svh w-52 shrink-0 flex-col gap-2 border-r bg-card p-2 max-md:hidden' },
    h(
      'div',
      { className: 'flex items-center justify-between gap-2 px-1 py-2' },
      h(
        'span',
        { className: 'flex items-center gap-2 font-semibold whitespace-nowrap' },
        h(ShieldCheck, { className: 'size-5 text-primary', 'aria-hidden': true }),
        adminMessages.admin.portal,
      ),
      // the fold button's box (p-2 around a 16-px icon, which it does not shrink below): the row keeps its height,
      // the portal's name its width
      h('span', { className: 'size-8 shrink-0' }),
    ),
  );
  const main = h(
    'main',
    { className: 'min-w-0 flex-1 px-3 py-6 sm:px-6' },
    h(
      'div',
      { className: 'mx-auto grid max-w-7xl gap-6' },
      h(
        'div',
        { className: 'flex flex-wrap items-center justify-between gap-3' },
        h(
          'div',
          { className: 'grid gap-1' },
          h('h1', { className: 'text-2xl font-semibold' }, title),
          h('p', { className: 'text-sm text-muted-foreground' }, intro),
        ),
      ),
    ),
  );
  return renderToStaticMarkup(h('div', { className: 'flex min-h-svh flex-col bg-muted/30 md:flex-row' }, menuBar, sidebar, main));
}

/** By path (as in route-modules.json): the first paint of the pages that have one of their own. */
export function routeFirstPaints(): Record<string, string> {
  return {
    '/student-dashboard': dashboardFrame(siteMessages.dashboard.titles.student, studentMessages.student.overviewSubtitle),
    // Issue 36: the teacher's largest text is its subtitle too: painted with the HTML, it does not wait for the chunks.
    '/teacher-dashboard': dashboardFrame(siteMessages.dashboard.titles.teacher, teacherMessages.teacher.overviewSubtitle),
    '/admin-dashboard': adminPortalFrame(adminMessages.admin.nav.reports, siteMessages.dashboard.titles.admin, adminMessages.admin.pages.reportsIntro),
  };
}
