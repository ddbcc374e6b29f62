import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, preloadRoute } from '@/app';
import './styles.css';

preloadRoute(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// A transition: React builds the first screen in slices, yielding to the browser between them, instead of in one long
// task that a phone cannot answer a tap during (Lighthouse's Total Blocking Time, issue 36).
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
