import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ContactBand, FeatureCards, Hero } from '@/features/landing';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

export function LandingPage() {
  useDocumentTitle();
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key: a second click on the same anchor scrolls again
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash, key]);
  return (
    <>
      <Hero />
      <FeatureCards />
      <ContactBand />
    </>
  );
}
