import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Button } from '@/components/ui/button';

/** A link to another page of the app that looks like a button (a Button rendering the router's Link, so it keeps the link's semantics). */
export function ButtonLink({ to, children, ...button }: Omit<ComponentProps<typeof Button>, 'asChild'> & { to: LinkProps['to'] }) {
  return (
    <Button {...button} asChild>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
