import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, preloadRoute } from '@/app';
import './styles.css';

preloadRoute(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// A transition: React builds the first screen in slices, yielding to the browser between them, instead of in one
// task (277 ms of a phone's main thread on the student dashboard at Lighthouse's 4x slowdown, issue 36).
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
