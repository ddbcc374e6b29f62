import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ContactBand } from '@/features/landing/contact-band';
import { FeatureCards } from '@/features/landing/feature-cards';
import { Hero } from '@/features/landing/hero';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LandingPage() {
  useDocumentTitle();
  const { hash, key } = useLocation();
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
