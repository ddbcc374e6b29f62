import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, preloadRoute } from '@/app';
import './styles.css';

preloadRoute(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// A transition lets React yield to the browser between components while it builds the first screen
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
